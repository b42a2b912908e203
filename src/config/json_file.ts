/**
 * Small JSON state files under `$ZOT_HOME`: read as an object with
 * diagnostics instead of throwing, write atomically (temp file in the same
 * directory, then rename) so a crash never leaves half a file.
 *
 * @module
 */

import { errorMessage } from "../errors.ts";
import { isRecord } from "../is_record.ts";

/** A JSON object read from disk, plus what was wrong with the file, if anything. */
export interface JsonRead {
  value: Record<string, unknown>;
  diagnostics: string[];
}

/** Read `path` as a JSON object; a missing file is an empty object. */
export async function readJsonObject(path: string): Promise<JsonRead> {
  let text: string;
  try {
    text = await Deno.readTextFile(path);
  } catch (e) {
    if (e instanceof Deno.errors.NotFound) return { value: {}, diagnostics: [] };
    const why = errorMessage(e);
    return { value: {}, diagnostics: [`Cannot read "${path}": ${why}`] };
  }
  try {
    const parsed: unknown = JSON.parse(text);
    if (isRecord(parsed)) return { value: parsed, diagnostics: [] };
    return {
      value: {},
      diagnostics: [`Ignoring "${path}": expected a JSON object (fix or delete the file)`],
    };
  } catch (e) {
    const why = errorMessage(e);
    return {
      value: {},
      diagnostics: [`Ignoring "${path}": invalid JSON (${why}); fix or delete the file`],
    };
  }
}

/**
 * Write `value` as pretty JSON to `path` atomically. `mode` applies to the
 * temp file before any secret is written to it, so the file is never
 * readable by others, not even for a moment.
 */
export async function writeJsonAtomic(
  path: string,
  value: unknown,
  options: { mode?: number; dirMode?: number } = {},
): Promise<void> {
  const dir = path.slice(0, path.lastIndexOf("/")) || ".";
  await Deno.mkdir(dir, { recursive: true, mode: options.dirMode ?? 0o755 });
  const tmp = `${path}.tmp-${crypto.randomUUID().slice(0, 8)}`;
  const mode = options.mode ?? 0o644;
  try {
    const file = await Deno.open(tmp, { write: true, createNew: true, mode });
    try {
      // createNew's mode is filtered by the umask; chmod makes it exact.
      if (Deno.build.os !== "windows") await Deno.chmod(tmp, mode);
      await file.write(new TextEncoder().encode(JSON.stringify(value, null, 2) + "\n"));
      await file.syncData();
    } finally {
      file.close();
    }
    await Deno.rename(tmp, path);
  } catch (e) {
    await Deno.remove(tmp).catch(() => {});
    throw e;
  }
}
