/**
 * Sends what libraries print with `console.*` to a log file while a run
 * owns the terminal. zot's own output never goes through `console` in a run
 * (it writes lines to stdout and stderr itself), so whatever arrives here is
 * a dependency talking: the official SDK's model-deprecation warning, a
 * debug line. Drawn over the TUI it scribbles on the screen; in `-p` and
 * `--json` it mixes into the stderr that scripts read for zot's messages;
 * in `--rpc` a `console.log` would even break the one-frame-per-line stdout.
 *
 * The file is opened on the first line only, so a run whose libraries stay
 * quiet pays nothing. One run writes at most `maxBytes`, and the file holds
 * at most that: a line that would take it further first moves it to
 * `<path>.1` (replacing the one before), so runs and subagent processes
 * together keep at most twice the cap on disk. Lines are written without terminal escapes (control characters
 * removed, newlines kept): reading the log with `cat` cannot drive the
 * terminal.
 *
 * @module
 */

import { safeText } from "./safe_text.ts";
import { writeAllSync } from "./write_all.ts";

/** The console methods a library prints through. */
const METHODS = ["log", "info", "warn", "error", "debug", "trace", "dir", "table"] as const;

/** The most the log holds before it is rotated; a library printing in a loop must not fill the disk. */
export const CONSOLE_LOG_MAX_BYTES = 1024 * 1024;

export interface ConsoleSinkOptions {
  /** Created on the first line. */
  dir: string;
  /** The log file (appended to). */
  path: string;
  /** Default CONSOLE_LOG_MAX_BYTES. */
  maxBytes?: number;
  /** The console to divert (default: the global one). */
  console?: Console;
  now?: () => Date;
}

/** Diverts the console until disposed; disposing puts the original methods back. */
export function divertConsole(options: ConsoleSinkOptions): Disposable {
  const target = options.console ?? globalThis.console;
  const maxBytes = options.maxBytes ?? CONSOLE_LOG_MAX_BYTES;
  const now = options.now ?? (() => new Date());
  const encoder = new TextEncoder();
  const saved = METHODS.map((name) => [name, target[name]] as const);
  let file: Deno.FsFile | undefined;
  let broken = false;
  /** Written by this run (at most maxBytes), and the size of the file now. */
  let written = 0;
  let size = 0;

  const write = (text: string) => {
    if (broken || written >= maxBytes) return;
    try {
      let bytes = encoder.encode(text);
      if (written + bytes.length > maxBytes) {
        bytes = encoder.encode(`(more library output was dropped: over ${maxBytes} bytes)\n`);
        written = maxBytes;
      } else written += bytes.length;
      if (!file) {
        Deno.mkdirSync(options.dir, { recursive: true });
        file = Deno.openSync(options.path, { append: true, create: true });
        size = file.statSync().size;
      }
      if (size > 0 && size + bytes.length > maxBytes) {
        file.close();
        file = undefined;
        Deno.renameSync(options.path, `${options.path}.1`);
        file = Deno.openSync(options.path, { append: true, create: true });
        size = 0;
      }
      writeAllSync(file, bytes);
      size += bytes.length;
    } catch {
      // An unwritable log loses library chatter, never the run.
      broken = true;
    }
  };

  for (const name of METHODS) {
    target[name] = (...args: unknown[]) => {
      const text = args.map((a) => typeof a === "string" ? a : Deno.inspect(a)).join(" ");
      write(`${now().toISOString()} ${name}: ${safeText(text, { lines: true })}\n`);
    };
  }
  return {
    [Symbol.dispose]() {
      for (const [name, method] of saved) target[name] = method;
      file?.close();
      file = undefined;
    },
  };
}
