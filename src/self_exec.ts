/**
 * Facts about how this zot process was started, for the places that
 * re-execute zot itself (the sandbox runner, subagent children).
 *
 * @module
 */

/**
 * The Deno flags zot runs with from source (`deno task zot` passes the same).
 * `--unstable-lazy-dynamic-imports` loads a module that only an `import()`
 * reaches when that import runs: without it Deno reads and analyses every
 * such module (all of zot, its SDK and TUI packages) before main.ts starts,
 * which costs `zot -p` about 10 ms. It stays out of deno.json because
 * `deno compile --no-check` honours it too and would then leave those modules
 * out of the binary.
 */
export const DENO_RUN_FLAGS: readonly string[] = [
  "--unstable-worker-options",
  "--unstable-lazy-dynamic-imports",
];

/** True when this process is a `deno compile`d zot, not the deno CLI running main.ts. */
export function isCompiled(execPath: string = Deno.execPath()): boolean {
  const base = execPath.split(/[\\/]/).pop() ?? execPath;
  return !/^deno(\.exe)?$/i.test(base);
}
