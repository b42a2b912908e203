/**
 * A small `.gitignore` matcher for `zot ext install <path>`: globs (`*`,
 * `?`, `[...]`), `**`, directory-only patterns (`dir/`), anchored patterns
 * (a `/` at the start or middle), `!` negation and `\` escapes. The last
 * matching rule wins, as in git. Only the source root's file is read.
 *
 * @module
 */

interface Rule {
  regex: RegExp;
  negate: boolean;
  dirOnly: boolean;
}

/** Decides whether a path (relative to the root, `/`-separated) is ignored. */
export interface IgnoreMatcher {
  ignores(relPath: string, isDir: boolean): boolean;
}

function classToRegex(glob: string, start: number): [string, number] | undefined {
  const end = glob.indexOf("]", start + 2);
  if (end < 0) return undefined;
  let body = glob.slice(start + 1, end);
  if (body.startsWith("!")) body = "^" + body.slice(1);
  return ["[" + body.replace(/\\/g, "\\\\").replace(/\//g, "") + "]", end + 1];
}

/** Translate a glob (already stripped of `!` and a trailing `/`) to a regex body. */
function globToRegex(glob: string): string {
  let out = "";
  let i = 0;
  while (i < glob.length) {
    const c = glob[i];
    if (c === "*" && glob[i + 1] === "*") {
      const atStart = i === 0 || glob[i - 1] === "/";
      const atEnd = i + 2 === glob.length || glob[i + 2] === "/";
      if (atStart && atEnd) {
        if (i + 2 === glob.length) out += ".*"; // `dir/**`: everything inside
        else out += "(?:.*/)?"; // `**/x`, `a/**/b`: zero or more directories
        i += i + 2 === glob.length ? 2 : 3;
        continue;
      }
      out += "[^/]*";
      i += 2;
      continue;
    }
    if (c === "*") out += "[^/]*";
    else if (c === "?") out += "[^/]";
    else if (c === "[") {
      const cls = classToRegex(glob, i);
      if (cls) {
        out += cls[0];
        i = cls[1];
        continue;
      }
      out += "\\[";
    } else if (c === "\\" && i + 1 < glob.length) {
      out += glob[i + 1].replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
      i += 2;
      continue;
    } else out += c.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
    i++;
  }
  return out;
}

function parseLine(raw: string): Rule | undefined {
  let line = raw.replace(/\r$/, "");
  // Trailing spaces are ignored unless escaped.
  line = line.replace(/(?<!\\)\s+$/, "");
  if (line === "" || line.startsWith("#")) return undefined;
  let negate = false;
  if (line.startsWith("!")) {
    negate = true;
    line = line.slice(1);
  } else if (line.startsWith("\\!") || line.startsWith("\\#")) {
    line = line.slice(1);
  }
  let dirOnly = false;
  if (line.endsWith("/")) {
    dirOnly = true;
    line = line.replace(/\/+$/, "");
  }
  if (line === "") return undefined;
  const anchored = line.includes("/");
  if (line.startsWith("/")) line = line.slice(1);
  const body = globToRegex(line);
  const prefix = anchored ? "^" : "^(?:.*/)?";
  return { regex: new RegExp(prefix + body + "$"), negate, dirOnly };
}

/** Build a matcher from the text of a `.gitignore`. */
export function parseGitignore(text: string): IgnoreMatcher {
  const rules = text.split("\n").map(parseLine).filter((r): r is Rule => r !== undefined);
  return {
    ignores(relPath, isDir) {
      let ignored = false;
      for (const rule of rules) {
        if (rule.dirOnly && !isDir) continue;
        if (rule.regex.test(relPath)) ignored = !rule.negate;
      }
      return ignored;
    },
  };
}

/** A matcher that ignores nothing. */
export const IGNORE_NOTHING: IgnoreMatcher = { ignores: () => false };
