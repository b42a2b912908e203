/**
 * Duplicate keys in `extension.json`. JSON parsers keep the last of two equal keys without a
 * word, while an editor (or `zot ext disable`, which edits the first) changes another one: a
 * manifest with two `"enabled"` keys read `disabled` and stayed enabled. A manifest with a
 * repeated key, at any depth, is refused at load with the key named.
 *
 * A small scanner over the text (JSONC: comments allowed) rather than a second parser, so the
 * plain-JSON path of start-up loads nothing more. It runs only on text that parsed, so it need
 * not diagnose syntax.
 *
 * @module
 */

interface Level {
  /** Keys seen so far; undefined for an array. */
  keys?: Set<string>;
  path: string;
  /** The last key read (objects) or the element index (arrays): names a nested value. */
  at: string | number;
}

function childPath(level: Level | undefined): string {
  if (!level) return "";
  const { path, at } = level;
  if (typeof at === "number") return `${path}[${at}]`;
  if (/^[A-Za-z_$][\w$-]*$/.test(at)) return path ? `${path}.${at}` : at;
  return `${path}[${JSON.stringify(at)}]`;
}

/** Index after whitespace and comments from `i`. */
function skipTrivia(text: string, i: number): number {
  while (i < text.length) {
    const c = text[i];
    if (c === " " || c === "\t" || c === "\n" || c === "\r") i++;
    else if (c === "/" && text[i + 1] === "/") {
      const end = text.indexOf("\n", i);
      i = end === -1 ? text.length : end;
    } else if (c === "/" && text[i + 1] === "*") {
      const end = text.indexOf("*/", i + 2);
      i = end === -1 ? text.length : end + 2;
    } else break;
  }
  return i;
}

/** Index just past the string literal that opens at `i`. */
function stringEnd(text: string, i: number): number {
  for (let j = i + 1; j < text.length; j++) {
    if (text[j] === "\\") j++;
    else if (text[j] === '"') return j + 1;
  }
  return text.length;
}

/**
 * The first key that appears twice in one object of the manifest `text`, as a message naming
 * it and where it is; undefined when every key is unique.
 */
export function duplicateKeyProblem(text: string): string | undefined {
  const stack: Level[] = [];
  let i = skipTrivia(text, 0);
  while (i < text.length) {
    const c = text[i];
    const top = stack[stack.length - 1];
    if (c === '"') {
      const end = stringEnd(text, i);
      const next = skipTrivia(text, end);
      if (top?.keys && text[next] === ":") {
        let key: string;
        try {
          key = JSON.parse(text.slice(i, end));
        } catch {
          return undefined;
        }
        if (top.keys.has(key)) {
          const where = top.path ? `in ${top.path}` : "at the top level";
          return `extension.json: key ${
            JSON.stringify(key)
          } appears twice ${where} (keep one of them)`;
        }
        top.keys.add(key);
        top.at = key;
        i = next + 1;
      } else i = end;
    } else if (c === "{" || c === "[") {
      stack.push({ keys: c === "{" ? new Set() : undefined, path: childPath(top), at: 0 });
      i++;
    } else if (c === "}" || c === "]") {
      stack.pop();
      i++;
    } else {
      if (c === "," && top && !top.keys && typeof top.at === "number") top.at++;
      i++;
    }
    i = skipTrivia(text, i);
  }
  return undefined;
}
