/**
 * Reads the one binary out of a release archive: a `.tar.gz` (Linux,
 * macOS) or a `.zip` (Windows). Only a regular file with exactly the
 * expected name is taken; links, directories and other names are passed
 * over, and the output is capped, so a hostile archive can neither point
 * the binary elsewhere nor fill the disk.
 *
 * @module
 */
import { readBounded } from "../../bounded_read.ts";

/** More than any zot binary: past it the archive is refused rather than unpacked. */
export const MAX_BINARY_BYTES = 512 * 1024 * 1024;

async function inflate(bytes: Uint8Array, format: CompressionFormat, cap: number) {
  const stream = new Blob([bytes as Uint8Array<ArrayBuffer>]).stream()
    .pipeThrough(new DecompressionStream(format));
  return await readBounded(stream, cap, () => new Error(`it unpacks to more than ${cap} bytes`));
}

function text(bytes: Uint8Array): string {
  const end = bytes.indexOf(0);
  return new TextDecoder().decode(end < 0 ? bytes : bytes.subarray(0, end));
}

function octal(bytes: Uint8Array): number {
  const s = text(bytes).trim();
  if (!/^[0-7]+$/.test(s)) throw new Error("a tar header has a malformed size");
  return parseInt(s, 8);
}

/** The file `name` of a gzipped tar archive. */
export async function fromTarGz(archive: Uint8Array, name: string): Promise<Uint8Array> {
  // A tar's headers and padding add little: the cap on the binary bounds the whole.
  const tar = await inflate(archive, "gzip", MAX_BINARY_BYTES + 1024 * 1024);
  for (let at = 0; at + 512 <= tar.length;) {
    const header = tar.subarray(at, at + 512);
    if (header.every((b) => b === 0)) break;
    const size = octal(header.subarray(124, 136));
    const type = String.fromCharCode(header[156]);
    const prefix = text(header.subarray(345, 500));
    const entry = (prefix ? `${prefix}/` : "") + text(header.subarray(0, 100));
    const start = at + 512;
    if ((type === "0" || type === "\0") && entry.replace(/^\.\//, "") === name) {
      if (start + size > tar.length) throw new Error(`${name} is cut short in the archive`);
      return tar.slice(start, start + size);
    }
    at = start + Math.ceil(size / 512) * 512;
  }
  throw new Error(`the archive holds no file named ${name}`);
}

/** The file `name` of a zip archive (stored or deflated). */
export async function fromZip(archive: Uint8Array, name: string): Promise<Uint8Array> {
  const view = new DataView(archive.buffer, archive.byteOffset, archive.byteLength);
  let end = -1;
  for (let i = archive.length - 22; i >= 0 && i >= archive.length - 22 - 65535; i--) {
    if (view.getUint32(i, true) === 0x06054b50) {
      end = i;
      break;
    }
  }
  if (end < 0) throw new Error("it is not a zip archive");
  const count = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  for (let n = 0; n < count; n++) {
    if (at + 46 > archive.length || view.getUint32(at, true) !== 0x02014b50) {
      throw new Error("its zip directory is damaged");
    }
    const method = view.getUint16(at + 10, true);
    const packed = view.getUint32(at + 20, true);
    const size = view.getUint32(at + 24, true);
    const nameLen = view.getUint16(at + 28, true);
    const skip = nameLen + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
    const local = view.getUint32(at + 42, true);
    const entry = new TextDecoder().decode(archive.subarray(at + 46, at + 46 + nameLen));
    at += 46 + skip;
    if (entry !== name) continue;
    if (size > MAX_BINARY_BYTES) {
      throw new Error(`${name} is larger than ${MAX_BINARY_BYTES} bytes`);
    }
    const data = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    const body = archive.subarray(data, data + packed);
    if (body.length !== packed) throw new Error(`${name} is cut short in the archive`);
    const out = method === 0
      ? body.slice()
      : method === 8
      ? await inflate(body, "deflate-raw", size)
      : undefined;
    if (!out) throw new Error(`${name} is packed with an unknown method (${method})`);
    if (out.length !== size) throw new Error(`${name} unpacks to the wrong size`);
    return out;
  }
  throw new Error(`the archive holds no file named ${name}`);
}

/** The binary `name` out of `archive`, by the archive's file name. */
export function unpackBinary(
  archive: Uint8Array,
  archiveName: string,
  name: string,
): Promise<Uint8Array> {
  return archiveName.endsWith(".zip") ? fromZip(archive, name) : fromTarGz(archive, name);
}
