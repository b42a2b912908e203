/**
 * Every string in `extension.json` (values and key names, at any depth, known fields and unknown
 * ones alike) is shown to the user somewhere: the consent prompt, `zot ext list`, doctor, notes.
 * A control character in one could rewrite what the user reads there (a `scope.run` entry made
 * of escapes erased the consent lines above it), so a manifest holding one is refused at load
 * with the field named. Bidirectional overrides and isolates are refused too: they make a scope
 * entry read differently from what it grants. Printing sanitizes as well; this makes the
 * hostile manifest impossible rather than merely harmless.
 *
 * The walk is iterative and the depth bounded, so a manifest nested a million levels deep is
 * refused instead of overflowing the stack of whatever walks it next.
 *
 * @module
 */

/** Deeper nesting than any real manifest needs. */
export const MANIFEST_MAX_DEPTH = 64;

// C0 (no exception: a line feed in a one-line field fakes a line), DEL, C1, bidi controls.
// deno-lint-ignore no-control-regex
const CONTROL = /[\x00-\x1f\x7f-\x9f]/;
const BIDI = /[\u202a-\u202e\u2066-\u2069]/;

function codePoint(c: string): string {
  return `U+${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, "0")}`;
}

/** What is wrong with `s`, as the end of a sentence, or undefined. */
function textProblem(s: string): string | undefined {
  const control = CONTROL.exec(s);
  if (control) return `contains a control character (${codePoint(control[0])})`;
  const bidi = BIDI.exec(s);
  if (bidi) return `contains a bidirectional control character (${codePoint(bidi[0])})`;
  return undefined;
}

/** `scope.run[0]`, `a["odd key"]`: how a field is named in a message. */
function child(path: string, key: string | number): string {
  if (typeof key === "number") return `${path}[${key}]`;
  if (/^[A-Za-z_$][\w$-]*$/.test(key)) return path ? `${path}.${key}` : key;
  return `${path}[${JSON.stringify(key)}]`;
}

/**
 * The first string (or key) of a parsed manifest that holds a control character, or nesting past
 * {@linkcode MANIFEST_MAX_DEPTH}, as a message naming the field; undefined when it is clean.
 */
export function manifestTextProblem(raw: unknown): string | undefined {
  const stack: { value: unknown; path: string; depth: number }[] = [
    { value: raw, path: "", depth: 0 },
  ];
  while (stack.length > 0) {
    const { value, path, depth } = stack.pop()!;
    const where = path || "the top level";
    if (typeof value === "string") {
      const problem = textProblem(value);
      if (problem) return `extension.json: ${where} ${problem}`;
      continue;
    }
    if (typeof value !== "object" || value === null) continue;
    if (depth >= MANIFEST_MAX_DEPTH) {
      return `extension.json: ${where} is nested deeper than ${MANIFEST_MAX_DEPTH} levels`;
    }
    const entries: [string | number, unknown][] = Array.isArray(value)
      ? value.map((v, i) => [i, v])
      : Object.entries(value);
    for (const [key] of entries) {
      const problem = typeof key === "string" ? textProblem(key) : undefined;
      // The key is not printed: it is the hostile text.
      if (problem) return `extension.json: a key in ${where} ${problem}`;
    }
    // Pushed in reverse so values are reported in reading order.
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, v] = entries[i];
      stack.push({ value: v, path: child(path, key), depth: depth + 1 });
    }
  }
  return undefined;
}
