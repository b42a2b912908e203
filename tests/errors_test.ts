/**
 * The line zot prints for a bug: the error's stack, made safe for a
 * terminal, and some text whatever was thrown.
 */

import { assert, assertEquals } from "./helpers/assert.ts";
import { internalErrorLine } from "../src/errors.ts";

Deno.test("a bug's line carries the error's stack", () => {
  const line = internalErrorLine(new Error("broken"));
  assert(line.startsWith("zot: internal error: Error: broken\n    at "), line);
});

Deno.test("a bug's line cannot act on the terminal", () => {
  const line = internalErrorLine(new Error("broken\x1b]0;retitled\x07\x1b[2J"));
  assert(!line.includes("\x1b"), JSON.stringify(line));
});

Deno.test("a thrown value that cannot be turned into text still gives a line", () => {
  assertEquals(internalErrorLine(Object.create(null)), "zot: internal error: [object Object]");
  const hostile = {
    toString: () => {
      throw new Error("no");
    },
  };
  assertEquals(internalErrorLine(hostile), "zot: internal error: [object Object]");
  assertEquals(internalErrorLine("plain words"), "zot: internal error: plain words");
});
