/**
 * Extension tools as agent {@linkcode Tool}s. Each call is routed by name
 * through the tool index at call time, so a crashed extension's tools fail
 * cleanly instead of writing to a dead pipe. Replies are converted per
 * the reference host's rules; failures become error results with an outcome.
 *
 * @module
 */

import type { ContentBlock } from "../../protocol/content.ts";
import type { ExtToolResultFrame, JsonObject } from "../../protocol/frames.ts";
import { assertNever, CAP_TOOL_CANCEL } from "../../protocol/frames.ts";
import { RESULT_MAX_BLOCKS } from "../../protocol/limits.ts";
import type { Tool, ToolContext, ToolOutcome, ToolResult } from "../../model/types.ts";
import { RequestError } from "../channel.ts";
import { errorMessage } from "../../errors.ts";
import { type HostTimeouts, nextRequestId } from "./core.ts";
import { type ExtensionRecord, isLive, type ToolRegistration } from "./record.ts";
import type { Registry } from "./registry.ts";
import type { HostUi } from "../ui.ts";
import { settledWithin } from "./restart.ts";

/**
 * What calling an extension tool touches: the tool index and the owner's record (looked up at
 * call time), whether the UI can serve an interactive tool, and the reply deadline.
 */
export interface ToolHost {
  readonly registry: Pick<Registry, "tools">;
  readonly ui: Pick<HostUi, "interactive">;
  readonly timeouts: Pick<HostTimeouts, "toolCallMs">;
  byName(name: string): ExtensionRecord | undefined;
  /** A restart of the owner in progress: a call waits for it (bounded by the tool timeout). */
  restarting?(name: string): Promise<void> | undefined;
}

export const INTERACTIVE_HOST_REQUIRED = "interactive extension tools require an interactive host";

function failure(ext: string, tool: string, message: string, outcome?: ToolOutcome): ToolResult {
  const result: ToolResult = {
    content: [{ type: "text", text: `extension ${ext}/${tool} failed: ${message}` }],
    isError: true,
    details: { extension: ext, tool },
  };
  if (outcome) result.outcome = outcome;
  return result;
}

/**
 * Why `data` is not standard base64 (naming the first bad byte), or undefined. The boundary only
 * types image data as a string; whether it decodes is checked here, before any provider sees it.
 */
/** The image types every provider takes; another one would fail each later request. */
const IMAGE_TYPES: readonly string[] = ["image/jpeg", "image/png", "image/gif", "image/webp"];

/** Why an extension's image cannot go to the model, or undefined. */
function imageProblem(mime: string, data: string): string | undefined {
  if (!IMAGE_TYPES.includes(mime)) {
    return `unsupported image type ${JSON.stringify(mime.slice(0, 64))} (use ${
      IMAGE_TYPES.join(", ")
    })`;
  }
  if (data === "") return "empty image data";
  return base64Problem(data);
}

function base64Problem(data: string): string | undefined {
  for (let i = 0; i < data.length; i++) {
    const c = data.charCodeAt(i);
    const ok = (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || (c >= 48 && c <= 57) ||
      c === 43 || c === 47 || (c === 61 && i >= data.length - 2);
    if (!ok) return `illegal base64 data at input byte ${i}`;
  }
  if (data.length % 4 !== 0) return `illegal base64 data at input byte ${data.length}`;
  try {
    atob(data);
  } catch (e) {
    return errorMessage(e);
  }
  return undefined;
}

/**
 * Turn an extension's `tool_result` into the agent's ToolResult. The blocks were typed at the
 * boundary; what is left here is the host's rules: at most RESULT_MAX_BLOCKS blocks (the rest
 * omitted with a note, so a line of tiny blocks cannot grow into a huge request sent again on
 * every turn), empty text is dropped, an image must be of a type providers take and decode as
 * base64 (or the result is an error), an unknown block becomes a note in its place.
 */
export function convertToolReply(ext: string, tool: string, reply: ExtToolResultFrame): ToolResult {
  const content: ContentBlock[] = [];
  let isError = reply.is_error === true;
  const blocks = reply.content ?? [];
  for (const block of blocks.slice(0, RESULT_MAX_BLOCKS)) {
    switch (block.type) {
      case "text":
        if (block.text !== "") content.push({ type: "text", text: block.text });
        break;
      case "image": {
        const problem = imageProblem(block.mime_type, block.data);
        if (problem === undefined) {
          content.push({ type: "image", mime_type: block.mime_type, data: block.data });
          break;
        }
        isError = true;
        content.push({
          type: "text",
          text: `extension ${ext}/${tool} returned undecodable image: ${problem}`,
        });
        break;
      }
      case "unknown":
        content.push({
          type: "text",
          text: `[unknown block type "${block.sent_type}" from extension ${ext}]`,
        });
        break;
      default:
        assertNever(block);
    }
  }
  if (blocks.length > RESULT_MAX_BLOCKS) {
    const omitted = blocks.length - RESULT_MAX_BLOCKS;
    content.push({
      type: "text",
      text: `[${omitted} more blocks from extension ${ext} omitted: at most ${RESULT_MAX_BLOCKS}]`,
    });
  }
  if (content.length === 0) content.push({ type: "text", text: "(extension returned no content)" });
  const result: ToolResult = { content, isError, details: { extension: ext, tool } };
  if (reply.activate_tools !== undefined) result.activateTools = [...reply.activate_tools];
  return result;
}

/** Chain of tool names for a call of `tool` made in `ctx`. */
function chainFor(tool: string, ctx: ToolContext): string[] {
  const chain = ctx.chain ?? [];
  return chain[chain.length - 1] === tool ? [...chain] : [...chain, tool];
}

/** Invoke an extension tool by name, as the model (or call_tool) would. */
export async function invokeExtensionTool(
  core: ToolHost,
  reg: ToolRegistration,
  args: JsonObject,
  ctx: ToolContext,
): Promise<ToolResult> {
  const tool = reg.name;
  let owner = core.registry.tools.get(tool);
  let record = owner ? core.byName(owner.extension) : undefined;
  const closing = core.byName(reg.extension);
  if (closing?.channel?.isClosed && !closing.closed) {
    // Its process just ended: the close handler (which may start a restart) settles first.
    await settledWithin(closing.channel.closed, core.timeouts.toolCallMs, ctx.signal);
  }
  const restart = core.restarting?.(reg.extension);
  if ((!record || !isLive(record)) && restart) {
    // Its extension is coming back: wait for it rather than fail at once.
    await settledWithin(restart, core.timeouts.toolCallMs, ctx.signal);
    owner = core.registry.tools.get(tool);
    record = owner ? core.byName(owner.extension) : undefined;
  }
  if (!owner || !record || !isLive(record)) {
    return failure(reg.extension, tool, `no extension registered for tool "${tool}"`);
  }
  const ext = record.name;
  if (owner.interactive && !core.ui.interactive) {
    return {
      content: [{ type: "text", text: INTERACTIVE_HOST_REQUIRED }],
      isError: true,
      details: { extension: ext, tool },
    };
  }
  if (ctx.signal.aborted) return failure(ext, tool, "context canceled", "cancelled");
  const id = nextRequestId();
  record.hostCalls.set(id, { tool, chain: chainFor(tool, ctx), signal: ctx.signal });
  // An interactive tool asks the user through a panel: while it runs, its panel takes the keys.
  if (owner.interactive) record.panelInvites++;
  const channel = record.channel;
  try {
    const reply = await channel.request(
      { type: "tool_call", id, name: tool, args: args ?? {} },
      { timeoutMs: owner.interactive ? undefined : core.timeouts.toolCallMs, signal: ctx.signal },
    );
    if (reply.type !== "tool_result") {
      return failure(ext, tool, `unexpected reply "${reply.type}"`);
    }
    return convertToolReply(ext, tool, reply);
  } catch (e) {
    const timedOut = e instanceof RequestError && e.kind === "timeout";
    const cancelled = !timedOut && (ctx.signal.aborted ||
      (e instanceof RequestError && e.kind === "cancelled"));
    if (timedOut || cancelled) {
      channel.abandon(id);
      // Only extensions that asked for it get cleanup requests.
      if (channel.capabilities.has(CAP_TOOL_CANCEL)) channel.send({ type: "tool_cancel", id });
    }
    if (timedOut) {
      return failure(
        ext,
        tool,
        `timeout waiting for ${ext}/${tool}: context deadline exceeded`,
        "timed_out",
      );
    }
    if (cancelled) return failure(ext, tool, "context canceled", "cancelled");
    return failure(ext, tool, errorMessage(e));
  } finally {
    record.hostCalls.delete(id);
    if (owner.interactive) record.panelInvites--;
  }
}

/** The agent-facing Tool for one active registration. */
export function extensionTool(core: ToolHost, reg: ToolRegistration): Tool {
  const tool: Tool = {
    name: reg.name,
    description: reg.description,
    schema: reg.schema,
    source: reg.extension,
    execute: (args, ctx) => invokeExtensionTool(core, reg, args, ctx),
  };
  if (reg.deferred) tool.deferred = true;
  if (reg.interactive) tool.interactive = true;
  return tool;
}
