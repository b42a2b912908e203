/**
 * Reading a whole stream into memory with a size bound: past `max` bytes the
 * read stops with the caller's error (a download or an archive that would
 * fill the memory is refused, not read).
 *
 * @module
 */

/** Every chunk of `stream` in one array; `tooBig()` is thrown past `max` bytes. */
export async function readBounded(
  stream: ReadableStream<Uint8Array> | null,
  max: number,
  tooBig: () => Error,
): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of stream ?? new ReadableStream<Uint8Array>()) {
    size += chunk.length;
    if (size > max) throw tooBig();
    chunks.push(chunk);
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}
