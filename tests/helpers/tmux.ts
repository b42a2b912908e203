/**
 * Drives a real terminal program in a detached tmux session: send keys,
 * read the screen, wait (bounded, polling) until text appears. Disposing
 * the session kills it, and with it the program.
 *
 * @module
 */

import { until } from "./wait.ts";

export interface TmuxOptions {
  cwd: string;
  env?: Record<string, string>;
  width?: number;
  height?: number;
}

/** The remedy when tmux is missing: these tests are never skipped, they need a real terminal. */
export const TMUX_MISSING =
  'tmux is not installed, and this test needs a real terminal (install tmux, e.g. "apt-get install tmux"; .ci/run installs it)';

async function tmux(args: string[]): Promise<string> {
  let out: Deno.CommandOutput;
  try {
    out = await new Deno.Command("tmux", { args, stdout: "piped", stderr: "piped" }).output();
  } catch (e) {
    if (e instanceof Deno.errors.NotFound) throw new Error(TMUX_MISSING);
    throw e;
  }
  if (!out.success) {
    throw new Error(`tmux ${args[0]} failed: ${new TextDecoder().decode(out.stderr).trim()}`);
  }
  return new TextDecoder().decode(out.stdout);
}

function shellQuote(s: string): string {
  return `'${s.replaceAll("'", `'\\''`)}'`;
}

export class TmuxSession implements AsyncDisposable {
  readonly name: string;
  #closed = false;

  private constructor(name: string) {
    this.name = name;
  }

  /** Starts `argv` in a new detached session of the given size. */
  static async start(argv: string[], options: TmuxOptions): Promise<TmuxSession> {
    const name = `zot-test-${crypto.randomUUID().slice(0, 8)}`;
    const env = Object.entries(options.env ?? {}).map(([k, v]) => `${k}=${shellQuote(v)}`);
    // `exec env …` so the pane's process is the program itself; `remain-on-exit`
    // keeps the pane readable after it exits (set in the same call: see below).
    const command = ["exec", "env", ...env, ...argv.map(shellQuote)].join(" ");
    await tmux([
      "new-session",
      "-d",
      "-s",
      name,
      "-x",
      String(options.width ?? 120),
      "-y",
      String(options.height ?? 40),
      "-c",
      options.cwd,
      command,
      // In the same call: a program that exits at once must still leave its pane.
      ";",
      "set-option",
      "-t",
      name,
      "remain-on-exit",
      "on",
    ]);
    return new TmuxSession(name);
  }

  /** Sends tmux key names (`Enter`, `Escape`, `C-c`, `Down`) or literal text with `literal`. */
  async keys(...keys: string[]): Promise<void> {
    await tmux(["send-keys", "-t", this.name, ...keys]);
  }

  async type(text: string): Promise<void> {
    await tmux(["send-keys", "-t", this.name, "-l", text]);
  }

  /** The visible screen as plain text. */
  screen(): Promise<string> {
    return tmux(["capture-pane", "-p", "-t", this.name]);
  }

  /** The visible screen with its colour and style escapes (`capture-pane -e`). */
  styledScreen(): Promise<string> {
    return tmux(["capture-pane", "-e", "-p", "-t", this.name]);
  }

  /** The pane's title, as the program in it last set it (OSC 0/2). */
  async title(): Promise<string> {
    return (await tmux(["display-message", "-p", "-t", this.name, "#{pane_title}"])).trim();
  }

  /** One of tmux's formats for the pane (`#{cursor_flag}`, `#{pane_pid}`), expanded. */
  async display(format: string): Promise<string> {
    return (await tmux(["display-message", "-p", "-t", this.name, format])).trim();
  }

  /** Whether the program in the pane has exited. */
  async dead(): Promise<boolean> {
    const out = await tmux(["display-message", "-p", "-t", this.name, "#{pane_dead}"]);
    return out.trim() === "1";
  }

  /** Waits until the screen satisfies `check` (string: contains it); returns the screen. */
  async waitFor(
    check: string | ((screen: string) => boolean),
    what?: string,
    ms = 15_000,
  ): Promise<string> {
    const test = typeof check === "string" ? (s: string) => s.includes(check) : check;
    let last = "";
    try {
      await until(async () => test(last = await this.screen()), ms, what ?? String(check));
    } catch (e) {
      throw new Error(`${e instanceof Error ? e.message : e}\n--- screen ---\n${last}`);
    }
    return last;
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    await tmux(["kill-session", "-t", this.name]).catch(() => {});
  }

  [Symbol.asyncDispose](): Promise<void> {
    return this.close();
  }
}
