/**
 * Facts about how this zot process was started, for the places that
 * re-execute zot itself (the sandbox runner, subagent children).
 *
 * @module
 */

/** True when this process is a `deno compile`d zot, not the deno CLI running main.ts. */
export function isCompiled(execPath: string = Deno.execPath()): boolean {
  const base = execPath.split(/[\\/]/).pop() ?? execPath;
  return !/^deno(\.exe)?$/i.test(base);
}
