/**
 * The keys of a secret being typed (an API key), as a pure state machine
 * shared by `zot login` and the TUI's `/login`: Enter ends it, Ctrl-C (and
 * Ctrl-D on an empty line) cancels, Backspace and Ctrl-U edit, and escape
 * sequences (arrow keys, Alt+x, bracketed-paste marks) are dropped rather
 * than becoming part of the key.
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
