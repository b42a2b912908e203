/**
 * Reads a secret (an API key) from the terminal without echoing it: the
 * terminal goes raw, so nothing typed or pasted reaches the screen, and
 * is restored however the read ends. Enter ends the key, Ctrl-C or Ctrl-D
 * on an empty line cancels, Backspace and Ctrl-U edit. Arrow keys and
 * other escape sequences are dropped rather than becoming part of the key.
 * Without a terminal (`printf %s "$KEY" | zot login`) the first line of
 * stdin is the key.
 *
 * @module
 */

import { feedSecret, startSecret } from "../tui/secret_keys.ts";

/** The terminal the secret is read from (Deno.stdin and Deno.stderr by default). */
export interface SecretIo {
  stdin: {
    isTerminal(): boolean;
    setRaw(raw: boolean): void;
    read(buf: Uint8Array): Promise<number | null>;
    readable: ReadableStream<Uint8Array>;
  };
  /** Where the prompt goes: stderr, so stdout stays free for scripts. */
  write(text: string): void;
}

function defaultIo(): SecretIo {
  const enc = new TextEncoder();
  return { stdin: Deno.stdin, write: (text) => Deno.stderr.writeSync(enc.encode(text)) };
}

/** A key is short: reading stops at the first line, or at this many bytes without one. */
const MAX_PIPED_BYTES = 64 * 1024;

async function firstLine(readable: ReadableStream<Uint8Array>): Promise<string> {
  const dec = new TextDecoder();
  let text = "";
  let bytes = 0;
  for await (const chunk of readable) {
    text += dec.decode(chunk, { stream: true });
    bytes += chunk.length;
    // Leaving the loop cancels the stream: `zot login < /dev/zero` ends too.
    if (/[\r\n]/.test(text) || bytes >= MAX_PIPED_BYTES) break;
  }
  return text.split(/\r?\n|\r/)[0].trim();
}

/** The secret typed after `prompt`, trimmed; undefined when cancelled. */
export async function readSecret(
  prompt: string,
  io: SecretIo = defaultIo(),
): Promise<string | undefined> {
  if (!io.stdin.isTerminal()) return await firstLine(io.stdin.readable);
  const dec = new TextDecoder();
  const buf = new Uint8Array(1024);
  let state = startSecret();
  // Raw before the prompt: a key typed the moment the prompt shows is never echoed.
  io.stdin.setRaw(true);
  try {
    io.write(prompt);
    while (state.kind === "typing") {
      const n = await io.stdin.read(buf);
      if (n === null) {
        state = state.text === "" ? { kind: "cancelled" } : { kind: "done", text: state.text };
        break;
      }
      state = feedSecret(state, dec.decode(buf.subarray(0, n), { stream: true }));
    }
  } finally {
    // Raw mode swallowed the Enter: end the prompt's line (CR too: output is raw as well).
    io.write("\r\n");
    io.stdin.setRaw(false);
  }
  return state.kind === "done" ? state.text.trim() : undefined;
}
