/**
 * Scope paths: the placeholders a `read` or `write` entry may start with,
 * the one spelling a path is stored in, and the substitution that turns an
 * entry into an absolute path when the sandbox builds its permissions.
 *
 * @module
 */

/** Path placeholders, each allowed only as the first segment. */
export const PLACEHOLDERS = ["project", "extension", "data", "home"] as const;
export type Placeholder = typeof PLACEHOLDERS[number];

/** Values the placeholders stand for, all absolute. */
export type PlaceholderValues = Record<Placeholder, string | undefined>;

/** Substitute placeholders; an unavailable one (no HOME) yields an error. */
export function resolveScopePath(
  p: string,
  values: PlaceholderValues,
): { ok: true; path: string } | { ok: false; error: string } {
  const m = /^\$\{([a-z]+)\}(.*)$/.exec(p);
  if (!m) return { ok: true, path: p };
  const base = values[m[1] as Placeholder];
  if (!base) return { ok: false, error: `"\${${m[1]}}" is not available here` };
  return { ok: true, path: normalizePath(base + m[2]) };
}

/** The stored spelling of a path: no repeated or trailing slash, no `.` segment after the first. */
export function normalizePath(p: string): string {
  const out = p.replace(/\/{2,}/g, "/").split("/").filter((s, i) => s !== "." || i === 0).join("/");
  return out.length > 1 && out.endsWith("/") ? out.slice(0, -1) : out;
}
