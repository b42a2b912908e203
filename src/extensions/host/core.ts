/**
 * The state the host's parts share: records in load order, the indexes,
 * diagnostics, the UI and the (injectable) timeouts. Only the host class
 * holds the whole of it. Each part is a set of functions that declares, in
 * its own small interface (`ToolHost`, `InterceptHost`, `RefusalSink`, ...),
 * the slice it uses, so a signature shows what a behaviour can touch; the
 * class passes this object, which fits every slice.
 *
 * @module
 */

import {
  CALL_TOOL_TIMEOUT_MS,
  COMMAND_TIMEOUT_MS,
  INTERCEPT_TIMEOUT_MS,
  TOOL_CALL_TIMEOUT_MS,
} from "../../protocol/limits.ts";
import type { ToolCaller } from "../../model/types.ts";
import { type HostUi, SILENT_UI } from "../ui.ts";
import { Diagnostics } from "./diagnostics.ts";
import type { ExtensionRecord } from "./record.ts";
import { Registry } from "./registry.ts";
import { CallToolBudget } from "./call_tool_queue.ts";
import type { ExtensionHostOptions } from "./options.ts";

/** Reply deadlines; tests shorten them, production uses the protocol's deadlines. */
export interface HostTimeouts {
  toolCallMs: number;
  interceptMs: number;
  commandMs: number;
  callToolMs: number;
}

export const DEFAULT_TIMEOUTS: HostTimeouts = {
  toolCallMs: TOOL_CALL_TIMEOUT_MS,
  interceptMs: INTERCEPT_TIMEOUT_MS,
  commandMs: COMMAND_TIMEOUT_MS,
  callToolMs: CALL_TOOL_TIMEOUT_MS,
};

export interface HostCore {
  /** Loaded extensions in load order (passive bundles included). */
  readonly records: ExtensionRecord[];
  readonly registry: Registry;
  readonly diagnostics: Diagnostics;
  readonly ui: HostUi;
  readonly timeouts: HostTimeouts;
  /** Wired by the agent for `call_tool`; undefined until then. */
  toolCaller?: ToolCaller;
  /** Shared by every extension's `call_tool` requests (see call_tool_queue.ts). */
  readonly callToolBudget: CallToolBudget;
  /** Record of a loaded extension by manifest name. */
  byName(name: string): ExtensionRecord | undefined;
  /** A restart of `name` in progress (settles when it is back or failed); undefined when none. */
  restarting?(name: string): Promise<void> | undefined;
}

/** The shared state of a new host over `records` (which the host mutates in place). */
export function newCore(options: ExtensionHostOptions, records: ExtensionRecord[]): HostCore {
  const diagnostics = new Diagnostics();
  return {
    records,
    registry: new Registry(diagnostics, {
      commands: options.builtinCommands,
      tools: options.builtinTools,
    }),
    diagnostics,
    ui: options.ui ?? SILENT_UI,
    timeouts: { ...DEFAULT_TIMEOUTS, ...options.timeouts },
    toolCaller: options.toolCaller,
    callToolBudget: new CallToolBudget(),
    byName: (name) => records.find((r) => r.name === name),
  };
}

/** Host correlation ids: one process-wide counter shared with the process layer. */
export { nextRequestId } from "../ids.ts";

/** A timer-backed AbortSignal whose timer can be cleared (no leaked timers). */
export function deadlineSignal(ms: number): { signal: AbortSignal; clear(): void } {
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new DOMException("deadline", "TimeoutError")),
    ms,
  );
  return { signal: controller.signal, clear: () => clearTimeout(timer) };
}
