/**
 * JSON with object keys sorted at every depth: two frames that say the same
 * thing compare equal whatever order their fields were written in.
 *
 * @module
 */

export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v) => {
    if (v === null || typeof v !== "object" || Array.isArray(v)) return v;
    return Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  });
}
