/**
 * The requests `zot ext check` makes of a started extension, each turned
 * into a finding: every command invoked, every tool called with an input
 * made from its schema, every subscribed event delivered, every interceptor
 * asked within the host's deadline.
 *
 * @module
 */

import { errorMessage } from "../../errors.ts";
import { INTERCEPT_TIMEOUT_MS } from "../../protocol/limits.ts";
import type {
  HostToExtFrame,
  RegisterCommandFrame,
  RegisterToolFrame,
} from "../../protocol/frames.ts";
import { type ExtensionChannel, RequestError } from "../channel.ts";
import { COMMAND_ACTIONS } from "../host/commands.ts";
import { fail, type Finding, pass, warn } from "./findings.ts";
import { INTERCEPTABLE, sampleEvent } from "./samples.ts";
import { inputFor } from "./schema_input.ts";

export interface ExchangeOptions {
  /** How long a command or a tool may take to answer. */
  replyMs: number;
  /** The project directory the envelope names. */
  cwd: string;
  /** Text a tool answered with (a caught permission error shows there). */
  heard(text: string): void;
}

let nextId = 0;
const newId = (what: string) => `check-${what}-${++nextId}`;

/** Why a request got no reply, as a finding. */
function noReply(check: string, e: unknown, what: string, ms: number): Finding {
  if (e instanceof RequestError && e.kind === "timeout") {
    return fail(
      check,
      `no reply within ${ms} ms`,
      `answer every ${what} with a frame carrying the same "id"`,
    );
  }
  if (e instanceof RequestError && e.kind === "disconnected") {
    return fail(check, `the extension went away: ${e.message}`, "see its log (zot ext logs)");
  }
  return fail(check, errorMessage(e), "see its log (zot ext logs)");
}

export async function invokeCommand(
  channel: ExtensionChannel,
  command: RegisterCommandFrame,
  options: ExchangeOptions,
): Promise<Finding> {
  const check = `command /${command.name}`;
  const frame = { type: "command_invoked", id: newId("command"), name: command.name, args: "" };
  try {
    const reply = await channel.request(frame as HostToExtFrame & { id: string }, {
      timeoutMs: options.replyMs,
    });
    if (reply.type !== "command_response") {
      return fail(check, `answered with "${reply.type}"`, "answer with a command_response");
    }
    const action = reply.action ?? "";
    if (!COMMAND_ACTIONS.has(action)) {
      return fail(
        check,
        `answered with the unknown action "${action}"`,
        `use one of ${[...COMMAND_ACTIONS].filter(Boolean).join(", ")}`,
      );
    }
    const said = reply.error ? ` (error: ${reply.error})` : "";
    return pass(check, `answered "${action || "noop"}"${said}`);
  } catch (e) {
    return noReply(check, e, "command_invoked", options.replyMs);
  }
}

export async function callTool(
  channel: ExtensionChannel,
  tool: RegisterToolFrame,
  options: ExchangeOptions,
): Promise<Finding> {
  const check = `tool ${tool.name}`;
  if (tool.interactive) {
    return warn(
      check,
      "not called: an interactive tool waits for the user",
      "call it in a real run (zot --ext <dir>)",
    );
  }
  const args = inputFor(tool.schema);
  const frame = { type: "tool_call", id: newId("tool"), name: tool.name, args };
  try {
    const reply = await channel.request(frame as HostToExtFrame & { id: string }, {
      timeoutMs: options.replyMs,
    });
    if (reply.type !== "tool_result") {
      return fail(check, `answered with "${reply.type}"`, "answer with a tool_result");
    }
    for (const block of reply.content ?? []) {
      if (block.type === "text" && typeof block.text === "string") options.heard(block.text);
    }
    const input = JSON.stringify(args);
    return pass(
      check,
      reply.is_error ? `answered with an error for ${input}` : `answered for ${input}`,
    );
  } catch (e) {
    return noReply(check, e, "tool_call", options.replyMs);
  }
}

/** One-way: the finding is about the name; a crash shows in the later checks. */
export function deliverEvent(
  channel: ExtensionChannel,
  event: string,
  sequence: number,
  options: ExchangeOptions,
): Finding {
  const check = `event ${event}`;
  const payload = sampleEvent(event);
  if (!payload || event === "before_agent_start") {
    return warn(check, "zot sends no such event", "subscribe only to the events zot documents");
  }
  const sent = channel.send({
    type: "event",
    ...payload,
    event,
    session_id: "check-session",
    cwd: options.cwd,
    sequence,
  } as HostToExtFrame);
  return sent ? pass(check, "delivered") : fail(check, "could not be delivered", "see its log");
}

export async function askInterceptor(
  channel: ExtensionChannel,
  event: string,
  _options: ExchangeOptions,
): Promise<Finding> {
  const check = `intercept ${event}`;
  const payload = sampleEvent(event);
  if (!payload || !INTERCEPTABLE.has(event)) {
    return warn(
      check,
      "zot never asks an interceptor about this event",
      `intercept only ${[...INTERCEPTABLE].join(", ")}`,
    );
  }
  const frame = { type: "event_intercept", ...payload, event, id: newId("intercept") };
  try {
    const reply = await channel.request(frame as HostToExtFrame & { id: string }, {
      timeoutMs: INTERCEPT_TIMEOUT_MS,
    });
    if (reply.type !== "event_intercept_response") {
      return fail(check, `answered with "${reply.type}"`, "answer with event_intercept_response");
    }
    return pass(check, reply.block ? "answered: block" : "answered: allow");
  } catch (e) {
    return noReply(check, e, "event_intercept", INTERCEPT_TIMEOUT_MS);
  }
}
