/**
 * How an extension runs, decided from its manifest alone: `sandboxed` (the
 * entry is a file Deno would run as JavaScript or TypeScript), `confined`
 * (any other program whose manifest declares a `scope`: it runs in the OS
 * sandbox), `plain` (any other program, with the user's full privileges) or
 * `passive` (no exec: a theme or skill bundle that starts nothing).
 *
 * The decision is the entry's file extension, never its first line: a
 * `#!/usr/bin/env -S deno run -A` shebang on `main.tsx` must not turn a
 * script that Deno would run as TypeScript into an unsandboxed program. So
 * every extension Deno maps to JavaScript or TypeScript is listed, compared
 * without regard to case (Deno reads `main.TS` as TypeScript), and the
 * sandbox runner loads each of them (measured on Deno 2.9.6, in both the
 * process runner and the Worker runner: `.tsx`, `.jsx`, `.cjs`, `.cts` too).
 *
 * @module
 */

/** How an extension is started. */
export type LaunchKind = "sandboxed" | "confined" | "plain" | "passive";

/** Every entry Deno runs as JavaScript or TypeScript. */
export const SANDBOXED_ENTRY = /\.(ts|mts|cts|tsx|js|mjs|cjs|jsx)$/i;

/**
 * An MCP server published on npm (`"mcp": {"command": "npm:<package>"}`): its
 * package runs under Deno too, so it is sandboxed like a script.
 */
export const NPM_COMMAND_PREFIX = "npm:";

/** True when `exec` names a script (or npm package) the sandbox runs rather than a program. */
export function isSandboxedExec(exec: string | undefined): boolean {
  return exec !== undefined &&
    (SANDBOXED_ENTRY.test(exec) || exec.startsWith(NPM_COMMAND_PREFIX));
}

/**
 * The kind of an extension with this `exec` (absent or empty: passive);
 * `scoped` when its manifest declares a `scope` (a program then runs confined).
 */
export function launchKind(exec: string | undefined, scoped = false): LaunchKind {
  if (!exec) return "passive";
  if (isSandboxedExec(exec)) return "sandboxed";
  return scoped ? "confined" : "plain";
}

/** The kind in words, for messages and consent. */
export function kindWords(kind: LaunchKind): string {
  switch (kind) {
    case "sandboxed":
      return "sandboxed";
    case "confined":
      return "a plain program confined by the OS sandbox";
    case "plain":
      return "a plain program, NOT sandboxed";
    case "passive":
      return "no program (theme or skills only)";
  }
}
