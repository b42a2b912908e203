/**
 * What `zot ext logs` writes to the terminal: the log is the extension's own stderr, untrusted
 * bytes, so it passes through {@linkcode safeText} (line feeds and tabs kept) on its way out.
 * `--raw` skips this for the exact bytes (for a file or a pipe).
 *
 * Chunks of a file end anywhere, also inside an escape sequence; a chunk's tail from its last
 * ESC (when no line feed follows it) waits for the next chunk, so a sequence split in two is
 * still recognised and dropped whole. Safety does not depend on it: every ESC is removed
 * either way.
 *
 * @module
 */

import { safeText } from "../../safe_text.ts";

/** Longest tail held back for the next chunk: escape sequences are short. */
const HOLD_MAX = 256;

/** A writable that sanitizes UTF-8 text into `target`; close it to flush (target stays open). */
export function safeTextSink(target: WritableStream<Uint8Array>): WritableStream<Uint8Array> {
  const decoder = new TextDecoder();
  const encoder = new TextEncoder();
  const writer = target.getWriter();
  let held = "";
  const emit = async (text: string) => {
    const safe = safeText(text, { lines: true });
    if (safe !== "") await writer.write(encoder.encode(safe));
  };
  return new WritableStream<Uint8Array>({
    async write(chunk) {
      let text = held + decoder.decode(chunk, { stream: true });
      held = "";
      const esc = text.lastIndexOf("\x1b");
      if (esc >= 0 && text.length - esc < HOLD_MAX && !text.includes("\n", esc)) {
        held = text.slice(esc);
        text = text.slice(0, esc);
      }
      await emit(text);
    },
    async close() {
      await emit(held + decoder.decode());
      writer.releaseLock();
    },
    abort() {
      writer.releaseLock();
    },
  });
}
