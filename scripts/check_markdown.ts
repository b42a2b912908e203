/**
 * The markdown check: the documentation renders as written. A code fence left
 * open, or "closed" by a line that is not a closing fence, silently swallows
 * every heading after it; a relative link to a moved file or a renamed
 * heading leads nowhere. Both go unnoticed in review, so this check fails on
 * them.
 *
 * It reads README.md, docs/, sdk/ and every README.md under examples/.
 *
 * Usage: deno run -A scripts/check_markdown.ts [--root <dir>]
 * (exit 1 and one `file:line: problem` per finding)
 *
 * @module
 */

import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/** One problem, located by file and 1-based line. */
export interface MarkdownFinding {
  file: string;
  line: number;
  message: string;
}

/** Answers whether a repository-relative path exists, and its text when it is a markdown file. */
export interface MarkdownFiles {
  exists(path: string): boolean;
  read(path: string): string | undefined;
}

const FENCE = /^ {0,3}(`{3,}|~{3,})(.*)$/;

interface OpenFence {
  char: string;
  length: number;
  line: number;
}

/** A closing fence: the opener's character, at least as many, and nothing but spaces after. */
function closes(open: OpenFence, run: string, rest: string): boolean {
  return run[0] === open.char && run.length >= open.length && rest.trim() === "";
}

/**
 * Walks the fences of one file. Calls `prose` for each line outside code (so
 * links inside code are not checked) and returns the fence findings.
 */
function walkFences(
  file: string,
  lines: string[],
  prose: (text: string, line: number) => void,
): MarkdownFinding[] {
  const out: MarkdownFinding[] = [];
  let open: OpenFence | undefined;
  // Inside a longer fence, shorter fences of the same character may nest (a
  // README quoting a code block); they must pair up before the outer one closes.
  let nested: number | undefined;
  lines.forEach((text, i) => {
    const line = i + 1;
    const m = FENCE.exec(text);
    if (!open) {
      if (!m) return prose(text, line);
      const [, run, info] = m;
      if (run[0] === "`" && info.includes("`")) return prose(text, line); // inline code, not a fence
      open = { char: run[0], length: run.length, line };
      return;
    }
    if (!m) return;
    const [, run, rest] = m;
    if (closes(open, run, rest)) {
      if (nested !== undefined) {
        out.push({
          file,
          line,
          message: `this fence closes the block opened at line ${open.line}, but the block ` +
            `opened inside it at line ${nested} is still open (close the inner block first)`,
        });
        nested = undefined;
      }
      open = undefined;
      return;
    }
    if (run[0] !== open.char) return;
    const info = rest.trim();
    if (nested !== undefined && info === "") {
      nested = undefined;
    } else if (nested === undefined && /^[\w.+#-]*$/.test(info)) {
      if (info !== "") nested = line;
      // A bare shorter fence with no open inner block closes nothing.
      else if (run.length < open.length) {
        out.push({
          file,
          line,
          message: `\`${run}\` does not close the \`${open.char.repeat(open.length)}\` block ` +
            `opened at line ${open.line} (a closing fence needs at least as many characters)`,
        });
      }
    } else {
      out.push({
        file,
        line,
        message: `a fence followed by text does not close the block opened at line ` +
          `${open.line}; everything after it stays code (put the text on its own line)`,
      });
    }
  });
  if (open) {
    out.push({
      file,
      line: open.line,
      message: `the code block opened here is never closed, so the rest of the file renders ` +
        `as code (add a closing \`${open.char.repeat(open.length)}\`)`,
    });
  }
  return out;
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to dashes. */
export function slug(heading: string): string {
  return heading
    .replace(/`/g, "")
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/\s/g, "-");
}

/** The anchors a file's headings define (duplicates numbered as GitHub does). */
export function anchors(text: string): Set<string> {
  const out = new Set<string>();
  const seen = new Map<string, number>();
  walkFences("", text.split("\n"), (line) => {
    const m = /^ {0,3}#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!m) return;
    const base = slug(m[1]);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    out.add(n === 0 ? base : `${base}-${n}`);
  });
  return out;
}

const LINK = /\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)|^\s*\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/g;

function links(text: string): string[] {
  // Inline code is not a link: `[a](b)` in backticks stays as written.
  const plain = text.replace(/(`+)[^`]*?\1/g, "");
  return [...plain.matchAll(LINK)].map((m) => m[1] ?? m[2]);
}

function checkLink(
  file: string,
  line: number,
  target: string,
  files: MarkdownFiles,
): MarkdownFinding | undefined {
  if (/^[a-z][a-z0-9+.-]*:/i.test(target)) return undefined; // https:, mailto:, …
  const hash = target.indexOf("#");
  const rawPath = hash < 0 ? target : target.slice(0, hash);
  const anchor = hash < 0 ? undefined : decodeURIComponent(target.slice(hash + 1));
  const path = rawPath === "" ? file : join(dirname(file), decodeURIComponent(rawPath));
  if (path.startsWith("..") || path.startsWith("/")) {
    return { file, line, message: `link "${target}" leaves the repository (link inside it)` };
  }
  if (!files.exists(path)) {
    return { file, line, message: `link "${target}" points at ${path}, which does not exist` };
  }
  if (anchor === undefined || anchor === "" || !path.endsWith(".md")) return undefined;
  const text = files.read(path);
  if (text === undefined || anchors(text).has(anchor)) return undefined;
  return {
    file,
    line,
    message: `link "${target}": ${path} has no heading with the anchor "#${anchor}"`,
  };
}

/** All findings for one markdown file (path relative to the repository root). */
export function checkMarkdown(file: string, text: string, files: MarkdownFiles): MarkdownFinding[] {
  const linkFindings: MarkdownFinding[] = [];
  const fenceFindings = walkFences(file, text.split("\n"), (prose, line) => {
    for (const target of links(prose)) {
      const f = checkLink(file, line, target, files);
      if (f) linkFindings.push(f);
    }
  });
  return [...fenceFindings, ...linkFindings].sort((a, b) => a.line - b.line);
}

function walk(root: string, dir: string, out: string[], keep: (name: string) => boolean): void {
  let entries: Deno.DirEntry[];
  try {
    entries = [...Deno.readDirSync(join(root, dir))];
  } catch {
    return;
  }
  for (const e of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    const path = join(dir, e.name);
    if (e.isDirectory) walk(root, path, out, keep);
    else if (e.isFile && keep(e.name)) out.push(path);
  }
}

/** The markdown files the check covers, relative to `root`. */
export function markdownFiles(root: string): string[] {
  const out: string[] = [];
  try {
    Deno.statSync(join(root, "README.md"));
    out.push("README.md");
  } catch {
    // no README: nothing to add
  }
  walk(root, "docs", out, (n) => n.endsWith(".md"));
  walk(root, "sdk", out, (n) => n.endsWith(".md"));
  walk(root, "examples", out, (n) => n === "README.md");
  return out;
}

/** Checks every covered file under `root`; the findings, in file order. */
export function checkRepository(root: string): MarkdownFinding[] {
  const files: MarkdownFiles = {
    exists(path) {
      try {
        Deno.statSync(join(root, path));
        return true;
      } catch {
        return false;
      }
    },
    read(path) {
      try {
        return Deno.readTextFileSync(join(root, path));
      } catch {
        return undefined;
      }
    },
  };
  return markdownFiles(root).flatMap((f) => checkMarkdown(f, files.read(f) ?? "", files));
}

if (import.meta.main) {
  const at = Deno.args.indexOf("--root");
  const root = at >= 0 ? Deno.args[at + 1] : fileURLToPath(new URL("..", import.meta.url));
  const findings = checkRepository(root);
  for (const f of findings) console.log(`${f.file}:${f.line}: ${f.message}`);
  if (findings.length > 0) {
    console.log(`${findings.length} markdown problem(s)`);
    Deno.exit(1);
  }
  console.log(`markdown: ${markdownFiles(root).length} files, fences and relative links fine`);
}
