/**
 * Writing all of some bytes synchronously: one `writeSync` may take only part
 * of them (a pipe, a terminal), so the rest is written until none is left. A
 * leaf module, so every layer can use it.
 *
 * @module
 */

/** All of `bytes` to `target`, synchronously; a failed write throws as `writeSync` does. */
export function writeAllSync(
  target: { writeSync(p: Uint8Array): number },
  bytes: Uint8Array,
): void {
  let written = 0;
  while (written < bytes.length) written += target.writeSync(bytes.subarray(written));
}
