/**
 * What each RPC command does. Long work (prompt, compact) is queued so at
 * most one runs; everything else answers at once.
 *
 * @module
 */

import { compact } from "../../agent/compaction.ts";
import { clientMessage } from "../common/client_events.ts";
import { findModel, modelsOf } from "../../providers/models.ts";
import { PROTOCOL_VERSION } from "../../protocol/limits.ts";
import { ZOT_VERSION } from "../../version.ts";
import type { RunSetup } from "../common/setup.ts";
import type { RpcCommand } from "./commands.ts";
import { errorEvent } from "../common/error_event.ts";
import type { WorkQueue } from "./work_queue.ts";

export interface RpcContext {
  setup: RunSetup;
  send: (value: Record<string, unknown>) => void;
  queue: WorkQueue;
}

export function handleCommand(command: RpcCommand, ctx: RpcContext): void {
  const { agent } = ctx.setup;
  const id = command.id !== undefined ? { id: command.id } : {};
  const ok = (data: Record<string, unknown> = {}) =>
    ctx.send({ type: "response", ...id, command: command.type, success: true, data });
  const fail = (error: string) =>
    ctx.send({ type: "response", ...id, command: command.type, success: false, error });
  // Answered at once; the work waits its turn and reports a failure as an error event.
  // `started` means accepted (clients of the first protocol version check it); `queued`
  // says the work waits behind other work.
  const queued = (work: () => Promise<void>) => {
    ok(ctx.queue.busy() ? { started: true, queued: true } : { started: true });
    ctx.queue.enqueue(async () => {
      try {
        await work();
      } catch (e) {
        ctx.send(errorEvent(e));
      }
    });
  };

  switch (command.type) {
    case "hello":
      return ok({
        protocol_version: PROTOCOL_VERSION,
        version: ZOT_VERSION,
        provider: agent.provider.id,
        model: agent.model,
      });
    case "ping":
      return ok({ pong: true });
    case "prompt": {
      const { message, images } = command;
      if (!ctx.queue.busy()) return queued(() => agent.prompt(message, { images }).then(() => {}));
      // Queued behind running work: announced now, when accepted, and not again when it
      // starts (as the TUI does).
      agent.emit({
        type: "user_prompt_submit",
        text: message ?? "",
        imageCount: images?.length ?? 0,
        queued: true,
      });
      return queued(() => agent.prompt(message, { images, announced: true }).then(() => {}));
    }
    case "abort": {
      // Dropped first: aborting the running prompt must not let the next one start.
      const dropped = command.dropQueued ? ctx.queue.dropWaiting() : 0;
      agent.abort();
      return ok(command.dropQueued ? { dropped } : {});
    }
    case "compact":
      return queued(async () => {
        const result = await compact(agent, "rpc");
        if (result.status === "completed") {
          ctx.send({ type: "compact_done", summary: result.summary ?? "" });
          return;
        }
        const message = `compaction ${result.status}: ${result.error ?? ""}`.trim();
        ctx.send({ type: "error", message });
      });
    case "get_state":
      return ok({
        provider: agent.provider.id,
        model: agent.model,
        cwd: agent.cwd,
        message_count: agent.messages.length,
        busy: agent.busy,
        usage: agent.usage,
      });
    case "get_messages":
      return ok({ messages: agent.messages.map(clientMessage) });
    case "clear":
      if (agent.busy) return fail("cannot clear while a prompt runs (send abort first)");
      agent.clear();
      return ok({});
    case "set_model": {
      // One provider per process (§5.9): a known model of the other one would only fail later,
      // at the next prompt, with an API error about an unknown model.
      const known = findModel(command.model);
      if (known && known.provider !== agent.provider.id) {
        return fail(
          `"${command.model}" is a ${known.provider} model and this process talks to ${agent.provider.id} (start another zot rpc with --provider ${known.provider})`,
        );
      }
      agent.setModel(command.model);
      return ok({ model: command.model });
    }
    case "set_reasoning":
      return fail("set_reasoning is not supported by this zot yet");
    case "get_models":
      return ok({
        models: modelsOf(agent.provider.id).map((m) => ({
          id: m.id,
          provider: m.provider,
          context_window: m.contextWindow,
          max_output: m.maxOutput,
          reasoning: false,
        })),
      });
    default: {
      const never: never = command;
      return fail(`unknown command ${JSON.stringify(never)}`);
    }
  }
}
