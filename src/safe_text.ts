/**
 * The one rule for text that zot did not write itself (an extension's manifest, its frames, its
 * stderr, a model's reply) before it reaches a terminal: nothing in it may act on the terminal.
 * Every sink that prints such text (the CLI's `zot ext` commands, consent prompts, headless
 * stderr, the TUI) goes through {@linkcode safeText}; JSON meant for a terminal goes through
 * {@linkcode safeJson}. A leaf module, so every layer can import it.
 *
 * What is neutralized, and why:
 * - ESC and every sequence it starts (CSI cursor moves and erases, OSC titles and hyperlinks,
 *   DCS/SOS/PM/APC strings, two-character escapes): they move the cursor, erase what zot
 *   printed (a consent line), or talk to the terminal itself.
 * - The other C0 controls (carriage return, backspace, bell, …), DEL and the C1 range
 *   U+0080–U+009F (some terminals read U+009B as CSI).
 * - Bidirectional overrides, embeddings and isolates (U+202A–U+202E, U+2066–U+2069): they make
 *   text read in another order than it is (`"rm -rf /" ‮ "txt.safe"`).
 *
 * Recognised sequences are dropped whole so no debris is left; any control character left over
 * is dropped on its own. Because every ESC is removed, removing text can never join two pieces
 * into a new sequence.
 *
 * @module
 */

export interface SafeTextOptions {
  /**
   * Keep line feeds and tabs (multi-line sinks: logs, notes, panels). Otherwise each becomes a
   * space, so a one-line sink (a table row, a consent line) cannot be made to show a line that
   * looks like zot's own.
   */
  lines?: boolean;
  /** Keep colour (SGR) sequences, which can style text but not move the cursor. */
  keepColor?: boolean;
}

// One alternation, longest forms first: CSI (ESC [ params intermediates final); the string
// sequences OSC, DCS, SOS, PM, APC up to BEL or ST (or the line's end); other escapes (ESC,
// intermediates, final); then single characters: C0, DEL, C1, bidi controls.
const UNSAFE =
  // deno-lint-ignore no-control-regex
  /\x1b\[[0-?]*[ -/]*[@-~]|\x1b[\]PX^_][^\x07\x1b\n]*(?:\x07|\x1b\\)?|\x1b[ -/]*[0-~]|[\x00-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]/g;
// deno-lint-ignore no-control-regex
const SGR = /^\x1b\[[0-9;:]*m$/;

/** `text` with nothing left that could act on a terminal (see the module doc). */
export function safeText(text: string, options: SafeTextOptions = {}): string {
  const { lines = false, keepColor = false } = options;
  return text.replace(UNSAFE, (seq) => {
    if (seq === "\n" || seq === "\t") return lines ? seq : " ";
    return keepColor && SGR.test(seq) ? seq : "";
  });
}

// Inside JSON text these characters can only occur in strings, so a \u escape is the same value.
// JSON.stringify escapes C0 itself but writes DEL, C1 and bidi controls raw.
const JSON_RAW = /[\x7f-\x9f\u202a-\u202e\u2066-\u2069]/g;

/** `JSON.stringify` whose output is safe on a terminal and parses to the same value. */
export function safeJson(value: unknown, space?: number): string {
  return (JSON.stringify(value, null, space) ?? "").replace(
    JSON_RAW,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}
