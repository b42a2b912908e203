/**
 * Best-effort jail for bash commands. It refuses a command that names a
 * path outside the sandbox root: absolute paths, `~`, `$HOME` and `..`
 * paths, resolved against the cwd (symlinks included), and any other word
 * that names an existing link leading out (`cat link-to-etc/passwd`).
 *
 * Honest limits: this is a lexical scan, not a sandbox. It cannot see paths
 * built at run time (`cd $(echo /)`, `X=/et; cat ${X}c/passwd`), paths read
 * by scripts or programs the command runs, globs, or links created by the
 * command itself. The real boundary is the file tools' check; bash under
 * jail only stops the obvious escapes a model would attempt by accident.
 * It also errs the other way: text that merely looks like an outside path
 * (a `#!/usr/bin/env` line in a heredoc) is refused too; the write tool is
 * the way to create such files while jailed.
 *
 * @module
 */

import { resolve } from "../path.ts";
import type { ToolResult } from "../model/types.ts";
import { homeDir } from "../config/paths.ts";
import { checkJail, type JailPolicy } from "./jail.ts";
import { resolveToolPath } from "./paths.ts";

/**
 * What the jail does and does not stop, in the user's words: shown when
 * `/jail` is switched on (and in the README), so nobody takes it for a
 * sandbox. The examples are real commands that pass the scan.
 */
export const JAIL_LIMITS = [
  "The file tools (read, write, edit) refuse paths outside it, symlinks resolved.",
  "bash is only scanned for outside paths as written; it is not a sandbox.",
  "Paths the shell builds pass: cat \\/etc/passwd, cat {/,}etc/passwd, cd; cat .ssh/id_rsa,",
  "variables and $(...); so do files that scripts or programs read themselves.",
  "For a real boundary, /sandbox runs bash in the OS sandbox; or run zot in a container or VM.",
] as const;

/** Device files every shell idiom uses; harmless to allow. */
const ALLOWED_DEVICES = new Set([
  "/dev/null",
  "/dev/stdin",
  "/dev/stdout",
  "/dev/stderr",
  "/dev/tty",
]);

// A path-like token starts at the beginning, after whitespace, a quote, an
// operator or `=`, and runs until whitespace, a quote or an operator. A `:`
// before `/` is skipped so URLs (`https://x/y`) are not taken for paths.
const BOUNDARY = String.raw`(?:^|[\s'"\x60=(<>|;&])`;
const BODY = String.raw`[^\s'"\x60;|&<>()]*`;
const PATH_TOKEN = new RegExp(
  `${BOUNDARY}((?:\\/|~\\/|~(?=[\\s'"\\x60;|&<>()]|$)|\\$HOME\\b|\\$\\{HOME\\}|\\.\\.(?:\\/|(?=[\\s'"\\x60;|&<>()]|$)))${BODY})`,
  "g",
);

/** Words checked at most per command, bounding the cost of huge heredocs. */
const MAX_WORDS = 2000;

/** Path-like tokens of `command`, as written. */
export function pathTokens(command: string): string[] {
  const tokens = new Set([...command.matchAll(PATH_TOKEN)].map((m) => m[1]));
  // Relative paths that climb out through a `..` segment (`a/../../x`).
  for (const word of command.split(/[\s'"\x60;|&<>()=]+/)) {
    if (/(^|\/)\.\.(\/|$)/.test(word)) tokens.add(word);
  }
  return [...tokens];
}

/** A `blocked` refusal when the command or its cwd reaches outside the root. */
export async function checkBashJail(
  policy: JailPolicy | undefined,
  command: string,
  cwd: string,
  home: string | undefined = homeDir(),
): Promise<ToolResult | undefined> {
  if (policy?.root === undefined) return undefined;
  const cwdRefusal = await checkJail(policy, resolve(cwd), cwd);
  if (cwdRefusal) return cwdRefusal;
  const words = command.split(/[\s'"\x60;|&<>()=]+/).filter((w) => w !== "" && !w.startsWith("-"));
  const tokens = new Set([...pathTokens(command), ...words.slice(0, MAX_WORDS)]);
  for (const token of tokens) {
    if (ALLOWED_DEVICES.has(token)) continue;
    const expanded = token.replace(/^\$\{HOME\}|^\$HOME/, "~");
    if (expanded.startsWith("~") && home === undefined) continue;
    const refusal = await checkJail(policy, resolveToolPath(cwd, expanded, home), token);
    if (refusal) return refusal;
  }
  return undefined;
}
