/**
 * Words for a manifest syntax error. The JSONC parser reports a numeric code
 * whose printed name (`CommaExpected`) means nothing to someone fixing a file
 * by hand; this says what is wrong and where, as a person would.
 *
 * @module
 */

/**
 * The parser's error codes (`ParseErrorCode` in jsonc-parser, a `const enum` its
 * type declarations only describe), each with what a reader should look for.
 */
const WORDS: Readonly<Record<number, string>> = {
  1: "unexpected character (keys and text values need double quotes)",
  2: "invalid number",
  3: "expected a key in double quotes",
  4: "expected a value",
  5: 'expected ":" after the key',
  6: 'expected "," between entries',
  7: 'expected "}" to close the object',
  8: 'expected "]" to close the list',
  9: "unexpected text after the end of the object",
  10: "invalid comment",
  11: 'comment not closed (missing "*/")',
  12: "string not closed (missing '\"')",
  13: "number cut off",
  14: "invalid unicode escape (\\u needs four hex digits)",
  15: "invalid escape in a string",
  16: "character not allowed in a string (a tab or line break must be escaped)",
};

/** `line L, column C` (both from 1) of an offset into the text. */
export function lineColumn(text: string, offset: number): string {
  const before = text.slice(0, offset).split("\n");
  return `line ${before.length}, column ${before[before.length - 1].length + 1}`;
}

/** What the parser's error code means, in words. */
export function syntaxWords(code: number): string {
  return WORDS[code] ?? "not valid JSON";
}

/** The whole problem: what is wrong and where. */
export function syntaxProblem(text: string, code: number, offset: number): string {
  return `parse manifest: ${syntaxWords(code)} at ${lineColumn(text, offset)}`;
}
