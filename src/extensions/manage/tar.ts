/**
 * A small reader for the gzipped tar archives npm serves, unpacked into a
 * new directory without running anything. An archive comes from whoever
 * published the package, so every entry is checked before it is written:
 * no absolute path, no `..`, nothing written through a link, links only to
 * places inside the tree, no device files or FIFOs, and bounded sizes. The
 * first failure refuses the whole archive; the caller removes what was
 * written.
 *
 * Formats: POSIX ustar, with pax extended headers (`path`, `linkpath`,
 * `size`) and GNU long names (`L`, `K`), which is what npm and the usual
 * `tar` programs write.
 *
 * @module
 */

import { dirname, join } from "../../path.ts";
import { ZotError } from "../../errors.ts";

/** What one archive may hold at most. */
export const TAR_LIMITS = {
  /** Entries of any kind. */
  entries: 20_000,
  /** Bytes of all file contents together, once unpacked. */
  bytes: 256 * 1024 * 1024,
  /** Bytes of one pax or long-name header. */
  header: 64 * 1024,
} as const;

export interface UnpackOptions {
  /** Leading path components dropped from every entry (npm puts all under `package/`). */
  strip?: number;
  limits?: Partial<typeof TAR_LIMITS>;
}

function refuse(why: string): ZotError {
  return new ZotError("npm", `Refusing to unpack the package: ${why}`);
}

const decoder = new TextDecoder();

function text(block: Uint8Array, at: number, len: number): string {
  const slice = block.subarray(at, at + len);
  const end = slice.indexOf(0);
  return decoder.decode(end < 0 ? slice : slice.subarray(0, end));
}

function octal(block: Uint8Array, at: number, len: number): number {
  const field = block.subarray(at, at + len);
  // Base-256 (GNU) for huge numbers: no package needs one.
  if (field[0] & 0x80) throw refuse("an entry uses a base-256 size field");
  const t = text(block, at, len).trim();
  if (t === "") return 0;
  if (!/^[0-7]+$/.test(t)) throw refuse(`an entry has a malformed number field "${t}"`);
  return parseInt(t, 8);
}

function checksumOk(block: Uint8Array): boolean {
  let sum = 0;
  for (let i = 0; i < 512; i++) sum += i >= 148 && i < 156 ? 32 : block[i];
  return sum === octal(block, 148, 8);
}

/** Pax records: `<len> <key>=<value>\n`. */
function paxRecords(data: Uint8Array): Map<string, string> {
  const out = new Map<string, string>();
  const all = decoder.decode(data);
  let at = 0;
  while (at < all.length) {
    const space = all.indexOf(" ", at);
    if (space < 0) break;
    const len = parseInt(all.slice(at, space), 10);
    if (!(len > 0)) throw refuse("a pax header is malformed");
    const record = all.slice(space + 1, at + len - 1);
    const eq = record.indexOf("=");
    if (eq > 0) out.set(record.slice(0, eq), record.slice(eq + 1));
    at += len;
  }
  return out;
}

/**
 * The entry's path inside the tree, as clean `/`-separated components; refused when it is
 * absolute or climbs out. Undefined when stripping leaves nothing (the `package/` dir itself).
 */
export function safeEntryPath(raw: string, strip: number): string | undefined {
  if (raw.startsWith("/") || /^[A-Za-z]:/.test(raw) || raw.includes("\\")) {
    throw refuse(`entry "${raw}" has an absolute path`);
  }
  const parts = raw.split("/").filter((p) => p !== "" && p !== ".");
  if (parts.includes("..")) throw refuse(`entry "${raw}" climbs out of the package with ".."`);
  if (parts.some((p) => p.includes("\0"))) throw refuse(`entry "${raw}" has a NUL in its path`);
  const kept = parts.slice(strip);
  return kept.length ? kept.join("/") : undefined;
}

/** Whether a link at `rel` pointing at `target` stays inside the tree (lexically). */
export function linkStaysInside(rel: string, target: string): boolean {
  if (target.startsWith("/") || target === "") return false;
  const parts = rel.split("/").slice(0, -1);
  for (const p of target.split("/")) {
    if (p === "" || p === ".") continue;
    if (p === "..") {
      if (parts.length === 0) return false;
      parts.pop();
    } else parts.push(p);
  }
  return true;
}

/** Reads the decompressed archive in 512-byte blocks. */
class BlockReader {
  #reader: ReadableStreamDefaultReader<Uint8Array>;
  #buf = new Uint8Array(0);
  constructor(stream: ReadableStream<Uint8Array>) {
    this.#reader = stream.getReader();
  }
  /** Exactly `n` bytes, or undefined at a clean end of stream. */
  async read(n: number): Promise<Uint8Array | undefined> {
    while (this.#buf.length < n) {
      const { value, done } = await this.#reader.read();
      if (done) {
        if (this.#buf.length === 0) return undefined;
        throw refuse("the archive ends in the middle of an entry");
      }
      const next = new Uint8Array(this.#buf.length + value.length);
      next.set(this.#buf);
      next.set(value, this.#buf.length);
      this.#buf = next;
    }
    const out = this.#buf.slice(0, n);
    this.#buf = this.#buf.subarray(n);
    return out;
  }
  async cancel() {
    await this.#reader.cancel().catch(() => {});
  }
}

const padded = (n: number) => Math.ceil(n / 512) * 512;

/**
 * Unpack the gzipped tar `bytes` into `dest` (created; must not exist). Throws ZotError on the
 * first refused entry; `dest` may then hold part of the archive, which the caller removes.
 */
export async function unpackTarGz(
  bytes: Uint8Array,
  dest: string,
  options: UnpackOptions = {},
): Promise<void> {
  const limits = { ...TAR_LIMITS, ...options.limits };
  const strip = options.strip ?? 0;
  const stream = new Blob([bytes as BlobPart]).stream().pipeThrough(
    new DecompressionStream("gzip"),
  );
  const reader = new BlockReader(stream);
  await Deno.mkdir(dest);
  const links = new Set<string>();
  const written = new Set<string>();
  let total = 0;
  let entries = 0;
  let pax = new Map<string, string>();
  let longName: string | undefined;
  let longLink: string | undefined;
  try {
    while (true) {
      const block = await reader.read(512);
      if (!block || block.every((b) => b === 0)) break;
      if (!checksumOk(block)) throw refuse("an entry header is corrupt (bad checksum)");
      if (++entries > limits.entries) throw refuse(`more than ${limits.entries} entries`);
      const type = String.fromCharCode(block[156] || 48);
      let size = octal(block, 124, 12);
      if (pax.has("size")) size = Number(pax.get("size"));
      if (!Number.isSafeInteger(size) || size < 0) throw refuse("an entry has a bad size");
      if (type === "x" || type === "g" || type === "L" || type === "K") {
        if (size > limits.header) throw refuse("an extended header is too large");
        const data = (await reader.read(padded(size)))?.subarray(0, size);
        if (!data) throw refuse("the archive ends in the middle of an entry");
        if (type === "x") pax = paxRecords(data);
        else if (type === "L") longName = text(data, 0, size);
        else if (type === "K") longLink = text(data, 0, size);
        // "g" (global) headers carry nothing a package needs.
        continue;
      }
      const prefix = text(block, 345, 155);
      const base = text(block, 0, 100);
      const raw = pax.get("path") ?? longName ?? (prefix ? `${prefix}/${base}` : base);
      const linkRaw = pax.get("linkpath") ?? longLink ?? text(block, 157, 100);
      const mode = octal(block, 100, 8);
      pax = new Map();
      longName = longLink = undefined;
      const rel = safeEntryPath(raw, strip);
      const isFile = type === "0" || type === "7";
      if (!isFile && type !== "5" && type !== "1" && type !== "2") {
        throw refuse(`entry "${raw}" is a device file, FIFO or unknown kind (type "${type}")`);
      }
      if (rel !== undefined) {
        // Nothing is ever written through a link the archive made.
        const parts = rel.split("/");
        for (let i = 1; i <= parts.length; i++) {
          if (links.has(parts.slice(0, i).join("/"))) {
            throw refuse(`entry "${raw}" would be written through the link it follows`);
          }
        }
      }
      total += isFile ? size : 0;
      if (total > limits.bytes) throw refuse(`it unpacks to more than ${limits.bytes} bytes`);
      const data = size > 0 ? await reader.read(padded(size)) : new Uint8Array(0);
      if (!data) throw refuse("the archive ends in the middle of an entry");
      if (rel === undefined) continue;
      const to = join(dest, rel);
      if (type === "5") {
        await Deno.mkdir(to, { recursive: true });
        continue;
      }
      await Deno.mkdir(dirname(to), { recursive: true });
      if (written.has(rel)) throw refuse(`entry "${raw}" appears twice`);
      written.add(rel);
      if (type === "2") {
        if (!linkStaysInside(rel, linkRaw)) {
          throw refuse(`symlink "${raw}" points outside the package (-> ${linkRaw})`);
        }
        await Deno.symlink(linkRaw, to);
        links.add(rel);
      } else if (type === "1") {
        // A hard link names an earlier entry; its copy is made, never a link to elsewhere.
        const target = safeEntryPath(linkRaw, strip);
        if (target === undefined || !written.has(target) || links.has(target)) {
          throw refuse(`hard link "${raw}" points outside the package (-> ${linkRaw})`);
        }
        await Deno.copyFile(join(dest, target), to);
      } else {
        // No set-id or sticky bits from a stranger's archive; execute bits are kept.
        await Deno.writeFile(to, data.subarray(0, size), { createNew: true, mode: 0o644 });
        await Deno.chmod(to, (mode & 0o111) ? 0o755 : 0o644);
      }
    }
  } catch (e) {
    await reader.cancel();
    if (e instanceof ZotError) throw e;
    if (e instanceof Deno.errors.AlreadyExists) throw refuse(`an entry appears twice`);
    throw refuse(`the archive cannot be read (${e instanceof Error ? e.message : String(e)})`);
  }
}
