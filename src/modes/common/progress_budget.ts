/**
 * A bound on the live output JSON and RPC clients get per tool call. A
 * command printing hundreds of megabytes would otherwise put all of it on
 * stdout as `tool_progress` lines (five times the run's own time in
 * encoding alone, and a flood for a client to render), while its result
 * keeps only the first and last parts anyway.
 *
 * @module
 */

import type { ClientEvent } from "./client_events.ts";

/** Characters of `tool_progress` text streamed per call. */
export const PROGRESS_BUDGET_CHARS = 1024 * 1024;

export const PROGRESS_CUT_NOTE =
  "\n[zot: further output of this call is not streamed; its result keeps the first and last parts]\n";

/** A filter over events: passes them on, trimming and then dropping a call's excess progress. */
export function progressBudget(
  limit = PROGRESS_BUDGET_CHARS,
): (event: ClientEvent) => ClientEvent | undefined {
  const used = new Map<string, number>();
  /** Calls whose cut was announced. */
  const cut = new Set<string>();
  return (event) => {
    if (event.type === "tool_result") {
      used.delete(event.id);
      cut.delete(event.id);
    }
    if (event.type !== "tool_progress") return event;
    const before = used.get(event.id) ?? 0;
    const after = before + event.text.length;
    if (after <= limit) {
      used.set(event.id, after);
      return event;
    }
    // Once per call, with what still fits: output that filled the budget exactly is cut by the
    // next chunk, which then carries only the note.
    if (cut.has(event.id)) return undefined;
    cut.add(event.id);
    used.set(event.id, limit);
    return { ...event, text: event.text.slice(0, limit - before) + PROGRESS_CUT_NOTE };
  };
}
