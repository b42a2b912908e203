/**
 * Reporting what a sandboxed extension's scope (or a rule for every
 * extension) refused: each refusal goes to the extension's log; each
 * distinct one is also a diagnostic for `zot ext doctor` and, in the
 * author's `--ext` loop, a warning in the run (a dropped frame otherwise
 * just does nothing). Capped per extension, so an extension repeating
 * frames in a loop cannot flood either.
 *
 * @module
 */

import type { HostUi } from "../ui.ts";
import type { Diagnostics } from "./diagnostics.ts";
import type { ExtensionRecord } from "./record.ts";

/** What reporting a refusal touches: the diagnostics and the run's warning line. */
export interface RefusalSink {
  readonly diagnostics: Pick<Diagnostics, "about">;
  readonly ui: Pick<HostUi, "warn">;
}

/** Refusals already reported as diagnostics, per extension record. */
const reported = new WeakMap<ExtensionRecord, Set<string>>();
/** Distinct refusal diagnostics per extension; past it refusals are only logged. */
const MAX_REPORTED = 32;
const MAX_SHOWN = 64;

/** An extension-chosen name as it may appear in a message: short, no control characters. */
export function shown(text: string): string {
  const chars = [...text];
  const cut = chars.length > MAX_SHOWN ? chars.slice(0, MAX_SHOWN).join("") + "…" : text;
  return cut.replace(/[\p{Cc}\p{Cf}]/gu, "?");
}

/** Log a refused frame; the first time per message also raise a diagnostic. */
export function reportRefusal(core: RefusalSink, record: ExtensionRecord, message: string): void {
  let seen = reported.get(record);
  if (!seen) reported.set(record, seen = new Set());
  if (seen.has(message) || seen.size >= MAX_REPORTED) {
    record.channel?.log(message);
    return;
  }
  seen.add(message);
  const d = core.diagnostics.about(record, { code: "frame-refused", message }, { log: true });
  // In the author's loop a dropped frame would otherwise just do nothing.
  if (record.source.kind === "explicit") core.ui.warn(d);
}
