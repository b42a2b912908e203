/**
 * `zot ext enable|disable`: flip `enabled` in place with a minimal text
 * edit, so comments, key order and unknown keys survive.
 *
 * @module
 */

import { applyEdits, findNodeAtLocation, modify, parseTree } from "jsonc-parser";
import { errorMessage, ZotError } from "../../errors.ts";
import { MANIFEST_FILE, parseManifestText } from "../manifest.ts";
import { writeFileAtomic } from "../../config/atomic_file.ts";

/**
 * Return `text` with `"enabled": <value>` set at the top level. An existing
 * key has only its value replaced. A new key goes after the last property,
 * indented like it: jsonc-parser's own insertion re-formats the whole
 * object, which would undo the author's layout.
 */
export function withEnabled(text: string, value: boolean): string {
  const root = parseTree(text, [], { allowTrailingComma: true });
  const last = root?.type === "object" ? root.children?.at(-1) : undefined;
  if (!root || !last || findNodeAtLocation(root, ["enabled"]) !== undefined) {
    return applyEdits(text, modify(text, ["enabled"], value, {}));
  }
  const end = last.offset + last.length;
  const lineStart = text.lastIndexOf("\n", last.offset) + 1;
  const sameLine = lineStart <= root.offset;
  const indent = /^[ \t]*/.exec(text.slice(lineStart))![0];
  const insert = sameLine ? `, "enabled": ${value}` : `,\n${indent}"enabled": ${value}`;
  return text.slice(0, end) + insert + text.slice(end);
}

/** Set `enabled` in `manifestPath`, atomically. Throws ZotError on failure. */
export async function setEnabled(manifestPath: string, value: boolean): Promise<void> {
  let text: string;
  try {
    text = await Deno.readTextFile(manifestPath);
  } catch (e) {
    throw new ZotError("ext-edit", `Cannot read ${manifestPath}: ${errorMessage(e)}`);
  }
  const parsed = await parseManifestText(text);
  if (!parsed.ok) {
    throw new ZotError(
      "ext-edit",
      `Cannot edit ${manifestPath}: ${parsed.problem} (fix the ${MANIFEST_FILE} by hand)`,
    );
  }
  if (parsed.raw.enabled === value) return;
  try {
    await writeFileAtomic(manifestPath, withEnabled(text, value), { followSymlinks: false });
  } catch (e) {
    throw new ZotError("ext-edit", `Cannot write ${manifestPath}: ${errorMessage(e)}`);
  }
}
