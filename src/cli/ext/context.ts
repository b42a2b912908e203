/**
 * What every `zot ext` subcommand gets: the exit-code setter and the
 * resolved paths (read lazily so `--help` never touches the environment).
 *
 * @module
 */

import { type ZotPaths, zotPaths } from "../../config/paths.ts";

export interface ExtCliContext {
  setExit(code: number): void;
  paths(): ZotPaths;
}

export function extContext(setExit: (code: number) => void): ExtCliContext {
  return { setExit, paths: () => zotPaths(Deno.cwd()) };
}

const encoder = new TextEncoder();

/** Write text to stdout without a trailing newline being added. */
export function writeOut(text: string): void {
  Deno.stdout.writeSync(encoder.encode(text));
}

/**
 * `--json` of a subcommand. The root command has its own `--json` (JSON
 * mode) and commander lets root options match after the subcommand, so the
 * flag may land on either; read both.
 */
export function jsonFlag(cmd: { optsWithGlobals(): Record<string, unknown> }): boolean {
  return cmd.optsWithGlobals().json === true;
}
