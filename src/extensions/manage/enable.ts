/**
 * `zot ext enable|disable`: flip `enabled` in place with a minimal text
 * edit, so comments, key order and unknown keys survive.
 *
 * @module
 */

import { applyEdits, modify } from "jsonc-parser";
import { errorMessage, ZotError } from "../../errors.ts";
import { MANIFEST_FILE, parseManifestText } from "../manifest.ts";
import { writeFileAtomic } from "./atomic.ts";

/** Return `text` with `"enabled": <value>` set at the top level. */
export function withEnabled(text: string, value: boolean): string {
  const edits = modify(text, ["enabled"], value, {
    formattingOptions: { insertSpaces: true, tabSize: 2, eol: "\n" },
  });
  return applyEdits(text, edits);
}

/** Set `enabled` in `manifestPath`, atomically. Throws ZotError on failure. */
export async function setEnabled(manifestPath: string, value: boolean): Promise<void> {
  let text: string;
  try {
    text = await Deno.readTextFile(manifestPath);
  } catch (e) {
    throw new ZotError("ext-edit", `Cannot read ${manifestPath}: ${errorMessage(e)}`);
  }
  const parsed = parseManifestText(text);
  if (!parsed.ok) {
    throw new ZotError(
      "ext-edit",
      `Cannot edit ${manifestPath}: ${parsed.problem} (fix the ${MANIFEST_FILE} by hand)`,
    );
  }
  if (parsed.raw.enabled === value) return;
  try {
    await writeFileAtomic(manifestPath, withEnabled(text, value));
  } catch (e) {
    throw new ZotError("ext-edit", `Cannot write ${manifestPath}: ${errorMessage(e)}`);
  }
}
