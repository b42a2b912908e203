/**
 * In-process fakes for agent unit tests: a scripted provider that records
 * requests, hooks that record lifecycle events and run scripted
 * interceptors, and simple tools.
 *
 * @module
 */

import type { ModelRequest, Provider, StreamEvent } from "../../src/providers/types.ts";
import type { AgentHooks, BeforeAgentStart, InterceptedToolCall } from "../../src/agent/hooks.ts";
import { NO_HOOKS } from "../../src/agent/hooks.ts";
import type { LifecycleEvent } from "../../src/protocol/events.ts";
import { toLifecycleEvent } from "../../src/extensions/host/agent_events.ts";
import type { JsonObject } from "../../src/protocol/frames.ts";
import type {
  AssistantMessage,
  Tool,
  ToolCallBlock,
  ToolContext,
  ToolResult,
} from "../../src/model/types.ts";
import { textContent } from "../../src/protocol/content.ts";

export type Script = (request: ModelRequest) => StreamEvent[] | AsyncIterable<StreamEvent>;

/** A reply with text and optional tool calls. */
export function reply(text: string, calls: Omit<ToolCallBlock, "type">[] = []): StreamEvent[] {
  const content: AssistantMessage["content"] = [];
  if (text) content.push({ type: "text", text });
  for (const c of calls) content.push({ type: "tool_call", ...c });
  const events: StreamEvent[] = text ? [{ type: "text_delta", delta: text }] : [];
  for (const c of calls) events.push({ type: "tool_call", ...c });
  events.push({
    type: "done",
    message: { role: "assistant", content, stop: calls.length ? "tool_use" : "end_turn" },
  });
  return events;
}

export class ScriptedProvider implements Provider {
  readonly id = "anthropic" as const;
  readonly requests: ModelRequest[] = [];
  #scripts: Script[];

  constructor(scripts: Script[]) {
    this.#scripts = scripts;
  }

  async *stream(request: ModelRequest): AsyncIterable<StreamEvent> {
    this.requests.push({ ...request, messages: structuredClone(request.messages) });
    const script = this.#scripts.shift();
    if (!script) {
      yield { type: "error", message: "fake provider: no scripted response left" };
      return;
    }
    for await (const ev of script(request)) yield ev;
  }
}

export interface RecordingHooks extends AgentHooks {
  events: LifecycleEvent[];
  names(): string[];
}

/**
 * Hooks recording every notification extensions would get (the agent's events through the
 * extension edge's adapter); override any interceptor.
 */
export function recordingHooks(overrides: Partial<AgentHooks> = {}): RecordingHooks {
  const events: LifecycleEvent[] = [];
  let open = false;
  const hooks: RecordingHooks = {
    ...NO_HOOKS,
    events,
    names: () => events.map((e) => e.event),
    notify(e) {
      const lifecycle = toLifecycleEvent(e);
      if (lifecycle) events.push(lifecycle);
    },
    startSession(_info, reason) {
      if (open) events.push({ event: "session_end", reason: reason ?? "session_switch" });
      open = true;
      events.push({ event: "session_start" });
    },
    endSession(reason) {
      if (!open) return;
      open = false;
      events.push({ event: "session_end", reason });
    },
    ...overrides,
  };
  return hooks;
}

/** A tool recording the args it received. */
export function echoTool(name = "echo", extra: Partial<Tool> = {}): Tool & { calls: JsonObject[] } {
  const calls: JsonObject[] = [];
  return {
    name,
    description: `${name} tool\nsecond line`,
    schema: { type: "object" },
    calls,
    execute(args: JsonObject, _ctx: ToolContext): Promise<ToolResult> {
      calls.push(args);
      return Promise.resolve({ content: textContent(`${name}: ${JSON.stringify(args)}`) });
    },
    ...extra,
  };
}

export type { BeforeAgentStart, InterceptedToolCall };
