/**
 * A short, stable directory name for an absolute path: the first 8 bytes of its SHA-256 in hex.
 * Sessions group by it (`sessions/<key>/`), and project extensions keep their data under it, so
 * two projects never share a directory.
 *
 * @module
 */

const encoder = new TextEncoder();

export async function pathKey(path: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", encoder.encode(path)));
  return [...digest.slice(0, 8)].map((b) => b.toString(16).padStart(2, "0")).join("");
}
