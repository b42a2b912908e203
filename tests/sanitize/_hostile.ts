/**
 * The hostile extension of the output-safety tests (tests/fixtures/hostile/hostile.py) set up
 * in a directory, and the check that a text holds nothing a terminal would act on.
 *
 * @module
 */

import { assert } from "../helpers/assert.ts";
import { PYTHON } from "../helpers/python.ts";
import { safeJson } from "../../src/safe_text.ts";

export const HOSTILE = new URL("../fixtures/hostile/hostile.py", import.meta.url).pathname;

/** Escapes, C1, DEL, a carriage return and a bidi override: all a terminal would act on. */
export const NASTY = "A\x1b[2J\x1b[1;1H\x1b]0;pwned\x07B\u009b31mC\x7fD\u202eE\rF";
/** What {@linkcode NASTY} reads as once made safe. */
export const NASTY_SAFE = "AB31mCDEF";

/**
 * Write `dir/extension.json` running the hostile fixture with `config`. The config travels in
 * `args`, escaped (`safeJson`), since a manifest may not hold a control character itself.
 */
export async function writeHostile(
  dir: string,
  config: Record<string, unknown>,
  name = "hostile",
): Promise<void> {
  await Deno.mkdir(dir, { recursive: true });
  await Deno.writeTextFile(
    `${dir}/extension.json`,
    safeJson({ name, exec: PYTHON, args: [HOSTILE, safeJson({ name, ...config })] }),
  );
}

/** Fails naming the first character of `text` that would act on a terminal. */
export function assertTerminalSafe(text: string, what: string): void {
  // deno-lint-ignore no-control-regex
  const bad = /[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]/.exec(text);
  assert(
    bad === null,
    `${what} holds U+${bad?.[0].charCodeAt(0).toString(16).padStart(4, "0")}: ${
      JSON.stringify(text)
    }`,
  );
}
