/**
 * Writes the release archives: a gzipped tar holding `zot` (mode 0755) for
 * Linux and macOS, a zip holding `zot.exe` for Windows, and `SHA256SUMS`
 * over them. Written here rather than by `tar`/`zip` so a build on any OS
 * makes the same files.
 *
 * @module
 */

async function pipe(bytes: Uint8Array, format: CompressionFormat): Promise<Uint8Array> {
  const stream = new Blob([bytes as Uint8Array<ArrayBuffer>]).stream()
    .pipeThrough(new CompressionStream(format));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

function field(header: Uint8Array, at: number, len: number, value: string) {
  header.set(new TextEncoder().encode(value).subarray(0, len), at);
}

/** A gzipped ustar archive of one executable file. */
export function tarGz(name: string, body: Uint8Array, mtime = 0): Promise<Uint8Array> {
  const header = new Uint8Array(512);
  field(header, 0, 100, name);
  field(header, 100, 8, "0000755\0");
  field(header, 108, 8, "0000000\0");
  field(header, 116, 8, "0000000\0");
  field(header, 124, 12, body.length.toString(8).padStart(11, "0") + "\0");
  field(header, 136, 12, mtime.toString(8).padStart(11, "0") + "\0");
  field(header, 148, 8, "        ");
  field(header, 156, 1, "0");
  field(header, 257, 8, "ustar\u000000");
  const sum = header.reduce((a, b) => a + b, 0);
  field(header, 148, 8, sum.toString(8).padStart(6, "0") + "\0 ");
  const padded = Math.ceil(body.length / 512) * 512;
  const tar = new Uint8Array(512 + padded + 1024);
  tar.set(header, 0);
  tar.set(body, 512);
  return pipe(tar, "gzip");
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** A zip archive of one file, deflated. */
export async function zip(name: string, body: Uint8Array): Promise<Uint8Array> {
  const nameBytes = new TextEncoder().encode(name);
  const packed = await pipe(body, "deflate-raw");
  const crc = crc32(body);
  const local = new DataView(new ArrayBuffer(30));
  const central = new DataView(new ArrayBuffer(46));
  const end = new DataView(new ArrayBuffer(22));
  // Version 2.0, deflate (8), 1980-01-01 00:00 so the archive does not depend on the clock.
  local.setUint32(0, 0x04034b50, true);
  local.setUint16(4, 20, true);
  local.setUint16(8, 8, true);
  local.setUint16(12, 0x21, true);
  local.setUint32(14, crc, true);
  local.setUint32(18, packed.length, true);
  local.setUint32(22, body.length, true);
  local.setUint16(26, nameBytes.length, true);
  central.setUint32(0, 0x02014b50, true);
  central.setUint16(4, 20, true);
  central.setUint16(6, 20, true);
  central.setUint16(10, 8, true);
  central.setUint16(14, 0x21, true);
  central.setUint32(16, crc, true);
  central.setUint32(20, packed.length, true);
  central.setUint32(24, body.length, true);
  central.setUint16(28, nameBytes.length, true);
  const dirAt = 30 + nameBytes.length + packed.length;
  end.setUint32(0, 0x06054b50, true);
  end.setUint16(8, 1, true);
  end.setUint16(10, 1, true);
  end.setUint32(12, 46 + nameBytes.length, true);
  end.setUint32(16, dirAt, true);
  const parts = [
    new Uint8Array(local.buffer),
    nameBytes,
    packed,
    new Uint8Array(central.buffer),
    nameBytes,
    new Uint8Array(end.buffer),
  ];
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** `SHA256SUMS` text for `files` (name -> bytes), sorted by name, as `sha256sum` writes it. */
export async function sha256Sums(files: Map<string, Uint8Array>): Promise<string> {
  const lines: string[] = [];
  for (const name of [...files.keys()].sort()) {
    const digest = await crypto.subtle.digest(
      "SHA-256",
      files.get(name)! as Uint8Array<ArrayBuffer>,
    );
    const hex = Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
    lines.push(`${hex}  ${name}`);
  }
  return lines.join("\n") + "\n";
}
