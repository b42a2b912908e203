/**
 * The path functions zot uses, without `node:path` on POSIX systems. The
 * first `node:` import of a process loads Deno's Node compatibility layer,
 * which costs more CPU (measured ~12 ms) than the rest of what `zot -p`
 * loads before its first model request, so the start-up path must not touch
 * it. On POSIX these are small ports of Node's posix algorithms (same
 * results; tests/path_test.ts compares them with `node:path`). On Windows
 * they are `node:path`'s own, loaded only there, so drive letters, UNC paths
 * and backslashes keep Node's semantics.
 *
 * The one module of ours behind which paths live: swapping in
 * `@std/path` later is a change here.
 *
 * @module
 */

type NodePath = typeof import("node:path");

// Windows only: top-level await of the real module; POSIX never loads it.
const win: NodePath | undefined = Deno.build.os === "windows"
  ? await import("node:path")
  : undefined;

const SLASH = 47; // "/"

/** The path segment separator. */
export const sep: string = win?.sep ?? "/";

/** The PATH list separator. */
export const delimiter: string = win?.delimiter ?? ":";

/** Segments of `path` with "." and ".." resolved; ".." above the start kept unless absolute. */
function segments(path: string, absolute: boolean): string[] {
  const out: string[] = [];
  for (const s of path.split("/")) {
    if (s === "" || s === ".") continue;
    if (s !== "..") out.push(s);
    else if (out.length > 0 && out[out.length - 1] !== "..") out.pop();
    else if (!absolute) out.push("..");
  }
  return out;
}

function posixNormalize(path: string): string {
  if (path === "") return ".";
  const absolute = path.charCodeAt(0) === SLASH;
  let out = segments(path, absolute).join("/");
  if (out === "" && !absolute) out = ".";
  if (out !== "" && path.charCodeAt(path.length - 1) === SLASH) out += "/";
  return absolute ? `/${out}` : out;
}

/** `path` with "." and ".." segments and repeated separators removed. */
export function normalize(path: string): string {
  return win ? win.normalize(path) : posixNormalize(path);
}

/** True when `path` is absolute. */
export function isAbsolute(path: string): boolean {
  return win ? win.isAbsolute(path) : path.charCodeAt(0) === SLASH;
}

/** The non-empty `parts` joined with the separator, normalised. */
export function join(...parts: string[]): string {
  if (win) return win.join(...parts);
  const joined = parts.filter((p) => p !== "").join("/");
  return joined === "" ? "." : posixNormalize(joined);
}

/** The absolute path `parts` name, right to left, against the working directory. */
export function resolve(...parts: string[]): string {
  if (win) return win.resolve(...parts);
  let path = "";
  for (let i = parts.length - 1; i >= 0 && path.charCodeAt(0) !== SLASH; i--) {
    if (parts[i] !== "") path = path === "" ? parts[i] : `${parts[i]}/${path}`;
  }
  if (path.charCodeAt(0) !== SLASH) path = path === "" ? Deno.cwd() : `${Deno.cwd()}/${path}`;
  return `/${segments(path, true).join("/")}`;
}

/** The directory part of `path` (Node's rules: "/a/b/" → "/a", "a" → "."). */
export function dirname(path: string): string {
  if (win) return win.dirname(path);
  if (path === "") return ".";
  const rooted = path.charCodeAt(0) === SLASH;
  let end = -1;
  let inTrailingSlashes = true;
  for (let i = path.length - 1; i >= 1; i--) {
    if (path.charCodeAt(i) === SLASH) {
      if (!inTrailingSlashes) {
        end = i;
        break;
      }
    } else {
      inTrailingSlashes = false;
    }
  }
  if (end === -1) return rooted ? "/" : ".";
  if (rooted && end === 1) return "//";
  return path.slice(0, end);
}

/** The last segment of `path`, without `suffix` when it ends with it (and is not just it). */
export function basename(path: string, suffix?: string): string {
  if (win) return win.basename(path, suffix);
  if (suffix && suffix.length <= path.length) return basenameWithout(path, suffix);
  let end = path.length;
  while (end > 0 && path.charCodeAt(end - 1) === SLASH) end--;
  return path.slice(path.lastIndexOf("/", end - 1) + 1, end);
}

/** Node's posix suffix scan, quirks included (`basename("/", "a")` is "/"). */
function basenameWithout(path: string, suffix: string): string {
  if (suffix === path) return "";
  let start = 0;
  let end = -1;
  let matchedSlash = true;
  let suffixAt = suffix.length - 1;
  let firstNonSlashEnd = -1;
  for (let i = path.length - 1; i >= 0; i--) {
    const code = path.charCodeAt(i);
    if (code === SLASH) {
      if (!matchedSlash) {
        start = i + 1;
        break;
      }
      continue;
    }
    if (firstNonSlashEnd === -1) {
      matchedSlash = false;
      firstNonSlashEnd = i + 1;
    }
    if (suffixAt >= 0) {
      if (code === suffix.charCodeAt(suffixAt)) {
        if (--suffixAt === -1) end = i;
      } else {
        suffixAt = -1;
        end = firstNonSlashEnd;
      }
    }
  }
  if (start === end) end = firstNonSlashEnd;
  else if (end === -1) end = path.length;
  return path.slice(start, end);
}

/** The path from `from` to `to` ("" when they are the same). */
export function relative(from: string, to: string): string {
  if (win) return win.relative(from, to);
  if (from === to) return "";
  const a = segments(resolve(from), true);
  const b = segments(resolve(to), true);
  let common = 0;
  while (common < a.length && common < b.length && a[common] === b[common]) common++;
  return [...a.slice(common).map(() => ".."), ...b.slice(common)].join("/");
}
