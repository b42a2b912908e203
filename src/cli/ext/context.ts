/**
 * What every `zot ext` subcommand gets: the exit-code setter and the
 * resolved paths (read lazily so `--help` never touches the environment).
 *
 * @module
 */

import { type ZotPaths, zotPaths } from "../../config/paths.ts";
import { safeText } from "../../safe_text.ts";
import { writeAllSync } from "../../write_all.ts";

export interface ExtCliContext {
  setExit(code: number): void;
  paths(): ZotPaths;
}

export function extContext(setExit: (code: number) => void): ExtCliContext {
  return { setExit, paths: () => zotPaths(Deno.cwd()) };
}

const encoder = new TextEncoder();

/**
 * Write text to stdout without a trailing newline being added. What `zot ext` prints comes from
 * manifests, directory names and extensions, so it is made safe here, for every line at once
 * (line feeds kept; JSON callers escape with `safeJson` first so their values stay intact).
 */
export function writeOut(text: string): void {
  writeAllSync(Deno.stdout, encoder.encode(safeText(text, { lines: true })));
}

/** One message (possibly several lines) on stderr, made safe like {@linkcode writeOut}. */
export function writeErr(text: string): void {
  console.error(safeText(text, { lines: true }));
}

/**
 * `--json` of a subcommand. The root command has its own `--json` (JSON
 * mode) and commander lets root options match after the subcommand, so the
 * flag may land on either; read both.
 */
export function jsonFlag(cmd: { optsWithGlobals(): Record<string, unknown> }): boolean {
  return cmd.optsWithGlobals().json === true;
}
