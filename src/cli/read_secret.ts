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

/** What a chunk of typed bytes did to the secret being read. */
export type SecretState =
  | { kind: "typing"; text: string; escape: "none" | "esc" | "csi" }
  | { kind: "done"; text: string }
  | { kind: "cancelled" };

const ESC = 0x1b;

/** The state before anything is typed. */
export function startSecret(): SecretState {
  return { kind: "typing", text: "", escape: "none" };
}

/** Feed `chunk` (text as decoded from the terminal) into `state`. Pure, for tests. */
export function feedSecret(state: SecretState, chunk: string): SecretState {
  if (state.kind !== "typing") return state;
  let { text, escape } = state;
  for (const ch of chunk) {
    const code = ch.codePointAt(0)!;
    if (escape === "esc") {
      // ESC [ starts a CSI sequence (arrows, bracketed paste marks); ESC x is Alt+x: both dropped.
      escape = ch === "[" ? "csi" : "none";
      continue;
    }
    if (escape === "csi") {
      if (code >= 0x40 && code <= 0x7e) escape = "none";
      continue;
    }
    if (code === ESC) escape = "esc";
    else if (ch === "\r" || ch === "\n") return { kind: "done", text };
    else if (code === 0x03) return { kind: "cancelled" };
    else if (code === 0x04) {
      if (text === "") return { kind: "cancelled" };
      return { kind: "done", text };
    } else if (code === 0x7f || code === 0x08) text = [...text].slice(0, -1).join("");
    else if (code === 0x15) text = "";
    // Other control characters (Tab, Ctrl-letters) cannot be part of a key.
    else if (code >= 0x20) text += ch;
  }
  return { kind: "typing", text, escape };
}

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

/** The secret typed after `prompt`, trimmed; undefined when cancelled. */
export async function readSecret(
  prompt: string,
  io: SecretIo = defaultIo(),
): Promise<string | undefined> {
  if (!io.stdin.isTerminal()) {
    const all = await new Response(io.stdin.readable).text();
    return all.split(/\r?\n/)[0].trim();
  }
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
    io.stdin.setRaw(false);
    // Raw mode swallowed the Enter: end the prompt's line.
    io.write("\n");
  }
  return state.kind === "done" ? state.text.trim() : undefined;
}
