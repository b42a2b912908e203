/**
 * A modal that reads a secret (the `/login` API key): a title, context
 * lines and an input that never draws what is typed, only how many
 * characters there are, so a pasted key cannot end up on screen or in a
 * screen recording. Enter stores, Esc or Ctrl+C cancels.
 *
 * @module
 */

import type { Component } from "@mariozechner/pi-tui";
import { decodeKittyPrintable, matchesKey, truncateToWidth } from "../pi.ts";
import { isPanelExit } from "../keys.ts";
import type { Paint } from "../theme.ts";
import { sanitize } from "../ansi.ts";
import { wrapStyled } from "./lines.ts";
import { feedSecret, type SecretState, startSecret } from "../secret_keys.ts";

export interface SecretSpec {
  title: string;
  lines?: string[];
}

export class SecretDialog implements Component {
  /** The secret as typed, trimmed. */
  onDone?: (secret: string) => void;
  onCancel?: () => void;
  #paint: Paint;
  #spec: SecretSpec;
  #state: SecretState = startSecret();

  constructor(paint: Paint, spec: SecretSpec) {
    this.#paint = paint;
    this.#spec = {
      title: sanitize(spec.title).replaceAll("\n", " "),
      lines: spec.lines?.flatMap((l) => sanitize(l).split("\n")),
    };
  }

  /** Keys as the terminal sends them, one key (or one paste) per call. */
  handleInput(data: string): void {
    if (isPanelExit(data)) {
      this.onCancel?.();
      return;
    }
    // Terminals with the kitty keyboard protocol send even letters as CSI sequences.
    let chunk = data;
    if (matchesKey(data, "enter")) chunk = "\r";
    else if (matchesKey(data, "backspace")) chunk = "\x7f";
    else if (matchesKey(data, "ctrl+u")) chunk = "\x15";
    else chunk = decodeKittyPrintable(data) ?? data;
    this.#state = feedSecret(this.#state, chunk);
    if (this.#state.kind === "done") this.onDone?.(this.#state.text.trim());
    else if (this.#state.kind === "cancelled") this.onCancel?.();
  }

  invalidate(): void {}

  render(width: number): string[] {
    const p = this.#paint;
    const lines = ["", p.accent("─".repeat(width))];
    lines.push(...wrapStyled(this.#spec.title, width, (t) => p.bold(p.fg(t))));
    for (const line of this.#spec.lines ?? []) {
      lines.push(...wrapStyled(line, width, p.muted, "  "));
    }
    const n = this.#state.kind === "typing" ? [...this.#state.text].length : 0;
    lines.push("");
    lines.push(truncateToWidth(`  key: ${p.muted(`(hidden, ${n} characters)`)}`, width));
    lines.push(truncateToWidth(p.muted("enter to store · esc to cancel"), width));
    return lines;
  }
}
