/**
 * A small code highlighter for fenced blocks: one regex pass per line over
 * comments, strings, numbers, keywords, types and calls. Good enough to
 * read code in a terminal; not a parser.
 *
 * @module
 */

import type { Paint, SyntaxRole } from "./theme.ts";

const KEYWORDS = new Set(
  (
    "as async await break case catch class const continue def default del do elif else enum " +
    "export extends false fi finally fn for from func function go if impl import in interface " +
    "is let match mod new nil none not null of or pass pub raise return self static struct " +
    "super switch then this throw true try type typeof undefined use var void while with yield"
  ).split(" "),
);

const HASH_COMMENT = new Set(["py", "python", "sh", "bash", "zsh", "shell", "rb", "ruby", "yaml"]);

const TOKEN =
  /(\/\/.*$|#.*$|"(?:[^"\\]|\\.)*"?|'(?:[^'\\]|\\.)*'?|`(?:[^`\\]|\\.)*`?|\b\d[\d_.xXa-fA-F]*\b|\b[A-Za-z_$][\w$]*\b)/g;

function roleOf(token: string, next: string, hashComments: boolean): SyntaxRole | undefined {
  if (token.startsWith("//") && !hashComments) return "comment";
  if (token.startsWith("#")) return hashComments ? "comment" : undefined;
  const first = token[0];
  if (first === '"' || first === "'" || first === "`") return "string";
  if (/^\d/.test(token)) return "number";
  if (KEYWORDS.has(token)) return "keyword";
  if (next === "(") return "function";
  if (/^[A-Z][a-z]/.test(token)) return "type";
  return undefined;
}

/** Highlights `code` line by line (what pi-tui's Markdown `highlightCode` expects). */
export function highlightCode(paint: Paint, code: string, lang?: string): string[] {
  const hashComments = HASH_COMMENT.has((lang ?? "").toLowerCase());
  return code.split("\n").map((line) =>
    line.replace(TOKEN, (token, _g, offset: number) => {
      if (token.startsWith("//") && hashComments) return token;
      const role = roleOf(token, line[offset + token.length] ?? "", hashComments);
      return role ? paint.syntax[role](token) : token;
    })
  );
}
