/**
 * Puts a new zot binary in place of the old one, or leaves the old one
 * untouched. The new file is written beside the target (same directory, so
 * the same file system and an atomic rename), must run `--version` and
 * print the expected version, and only then takes the target's name. Any
 * failed step removes the staged file and keeps the old binary.
 *
 * @module
 */

import { basename, dirname, join } from "node:path";
import { errorMessage } from "../../errors.ts";

/** How long the new binary may take to print its version. */
export const VERSION_TIMEOUT_MS = 30_000;

export interface ReplaceOptions {
  /** What `<new binary> --version` must print (trimmed); any output when absent. */
  expectVersion?: string;
  /** The OS whose rename rules apply (Windows cannot rename over a running program). */
  os?: string;
}

async function runsVersion(path: string, expect: string | undefined): Promise<string | undefined> {
  let out: Deno.CommandOutput;
  try {
    out = await new Deno.Command(path, {
      args: ["--version"],
      stdin: "null",
      stdout: "piped",
      stderr: "piped",
      signal: AbortSignal.timeout(VERSION_TIMEOUT_MS),
    }).output();
  } catch (e) {
    return `the new binary does not start (${errorMessage(e)})`;
  }
  const printed = new TextDecoder().decode(out.stdout).trim();
  if (!out.success) return `the new binary fails "--version" (exit ${out.code})`;
  if (expect !== undefined && printed !== expect) {
    return `the new binary reports version "${printed.slice(0, 80)}", not ${expect}`;
  }
  return undefined;
}

/** Replaces `target` with `binary`; resolves to an error text, or undefined once swapped. */
export async function replaceBinary(
  target: string,
  binary: Uint8Array,
  opts: ReplaceOptions = {},
): Promise<string | undefined> {
  const dir = dirname(target);
  const staged = join(dir, `.${basename(target)}.new-${crypto.randomUUID().slice(0, 8)}`);
  try {
    await Deno.writeFile(staged, binary, { createNew: true, mode: 0o755 });
  } catch (e) {
    return `cannot write in ${dir} (${errorMessage(e)}): run "zot upgrade" as the user who ` +
      `installed zot there`;
  }
  const removeStaged = () => Deno.remove(staged).catch(() => {});
  const broken = await runsVersion(staged, opts.expectVersion);
  if (broken) {
    await removeStaged();
    return broken;
  }
  const windows = (opts.os ?? Deno.build.os) === "windows";
  // Windows keeps a running program's file locked against replacement but lets it be renamed:
  // the old binary steps aside first and comes back if the new one cannot take its place.
  const aside = `${target}.old`;
  try {
    if (windows) {
      await Deno.remove(aside).catch(() => {});
      await Deno.rename(target, aside);
    }
    try {
      await Deno.rename(staged, target);
    } catch (e) {
      if (windows) await Deno.rename(aside, target).catch(() => {});
      throw e;
    }
  } catch (e) {
    await removeStaged();
    return `cannot replace ${target} (${errorMessage(e)})`;
  }
  return undefined;
}
