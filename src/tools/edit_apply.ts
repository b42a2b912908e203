/**
 * The pure part of `edit`: apply exact replacements in order, each matching
 * exactly once, all or nothing, and describe them as small diff hunks.
 *
 * @module
 */

export interface Replacement {
  oldText: string;
  newText: string;
}

/** One applied replacement; `line` is 1-based in the content it applied to. */
export interface Hunk {
  line: number;
  removed: string[];
  added: string[];
}

export type Applied = { ok: true; content: string; hunks: Hunk[] } | { ok: false; error: string };

/** Lines shown per side of a hunk in the summary. */
const HUNK_LINES = 20;

function occurrences(haystack: string, needle: string): { count: number; first: number } {
  let count = 0;
  let first = -1;
  for (let at = haystack.indexOf(needle); at !== -1; at = haystack.indexOf(needle, at + 1)) {
    if (first === -1) first = at;
    count++;
  }
  return { count, first };
}

const squash = (s: string) => s.replace(/\s+/g, " ").trim();

/**
 * Apply `edits` to `original`. Each works on the result of the ones before
 * it. A file with CRLF line endings also matches LF-only oldText (models
 * rarely reproduce `\r`); the replacement then gets CRLF too.
 */
export function applyEdits(original: string, edits: Replacement[], shown: string): Applied {
  const crlf = original.includes("\r\n");
  let content = original;
  const hunks: Hunk[] = [];
  for (const [index, edit] of edits.entries()) {
    const fail = (why: string): Applied => ({
      ok: false,
      error: `Edit ${index + 1} of ${edits.length} failed: ${why}; no changes were written`,
    });
    if (edit.oldText === "") return fail("oldText is empty (give the exact text to replace)");
    if (edit.oldText === edit.newText) return fail("oldText and newText are identical");
    let { oldText, newText } = edit;
    if (crlf && !oldText.includes("\r") && !occurrences(content, oldText).count) {
      oldText = oldText.replaceAll("\n", "\r\n");
      newText = newText.replaceAll("\n", "\r\n");
    }
    const { count, first } = occurrences(content, oldText);
    if (count === 0) {
      return fail(
        `oldText not found in "${shown}" (${notFoundHint(original, content, edit.oldText, index)})`,
      );
    }
    if (count > 1) {
      return fail(
        `oldText occurs ${count} times in "${shown}" (add surrounding lines to make it unique)`,
      );
    }
    hunks.push({
      line: content.slice(0, first).split("\n").length,
      removed: lines(oldText),
      added: lines(newText),
    });
    content = content.slice(0, first) + newText + content.slice(first + oldText.length);
  }
  return { ok: true, content, hunks };
}

function notFoundHint(original: string, current: string, oldText: string, index: number): string {
  if (index > 0 && original.includes(oldText)) {
    return "edits apply in order and an earlier edit in this call changed that text";
  }
  if (squash(current).includes(squash(oldText))) {
    return "it matches only when whitespace is ignored: copy the exact indentation and line breaks";
  }
  return "read the file again to get its current text";
}

function lines(text: string): string[] {
  return text.split("\n").map((l) => l.replace(/\r$/, ""));
}

/** A unified-diff-style summary of `hunks`, capped per hunk. */
export function formatHunks(hunks: Hunk[]): string {
  const out: string[] = [];
  for (const h of hunks) {
    out.push(`@@ -${h.line},${h.removed.length} +${h.line},${h.added.length} @@`);
    out.push(...side("-", h.removed), ...side("+", h.added));
  }
  return out.join("\n");
}

function side(sign: string, text: string[]): string[] {
  const shown = text.slice(0, HUNK_LINES).map((l) => `${sign}${l}`);
  if (text.length > HUNK_LINES) shown.push(`${sign}... (${text.length - HUNK_LINES} more lines)`);
  return shown;
}
