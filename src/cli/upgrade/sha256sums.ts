/**
 * `SHA256SUMS`, as `sha256sum` writes it: one `<64 hex>  <name>` line per
 * archive (`*<name>` in binary mode). A download is untrusted until its
 * digest equals the entry for exactly its own asset name.
 *
 * @module
 */

/** The digest listed for `name`, or an error text (no entry, or two that disagree). */
export function expectedDigest(sums: string, name: string): { digest: string } | { error: string } {
  const found = new Set<string>();
  for (const raw of sums.split("\n")) {
    const m = /^([0-9a-fA-F]{64}) [ *](.+?)\r?$/.exec(raw);
    // The name must match whole: "zot-x.tar.gz.old" or "./zot-x.tar.gz" is another file.
    if (m && m[2] === name) found.add(m[1].toLowerCase());
  }
  if (found.size === 0) return { error: `SHA256SUMS has no entry for ${name}` };
  if (found.size > 1) return { error: `SHA256SUMS lists ${name} twice with different digests` };
  return { digest: [...found][0] };
}

/** The lowercase hex SHA-256 of `bytes`. */
export async function sha256Hex(bytes: Uint8Array): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", bytes as Uint8Array<ArrayBuffer>);
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

/** Undefined when `bytes` match the entry for `name` in `sums`, else why not. */
export async function verifyAsset(
  bytes: Uint8Array,
  name: string,
  sums: string,
): Promise<string | undefined> {
  const want = expectedDigest(sums, name);
  if ("error" in want) return want.error;
  const got = await sha256Hex(bytes);
  if (got !== want.digest) {
    return `the checksum of ${name} does not match SHA256SUMS (expected ${want.digest}, got ${got})`;
  }
  return undefined;
}
