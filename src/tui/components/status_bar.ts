/**
 * The bottom lines: a transient status message (errors red, others muted,
 * successes green) and the info line: provider/model, cwd, context use,
 * cost, jail and yolo state, and whether a turn is running.
 *
 * Every message is made safe as it is set: status text often quotes an extension (an error it
 * answered, an action it named), and one sanitizer at the sink means no caller can forget it.
 *
 * @module
 */

import type { Component } from "@mariozechner/pi-tui";
import { truncateToWidth, visibleWidth } from "../pi.ts";
import { safeText } from "../../safe_text.ts";
import type { Paint } from "../theme.ts";
import { LineCache, wrapStyled } from "./lines.ts";

export type StatusKind = "info" | "error" | "success";

export interface StatusInfo {
  model: string;
  cwd: string;
  /** 0..1, or undefined when unknown. */
  context?: number;
  costUsd: number;
  jailed: boolean;
  /** bash runs in the OS sandbox (`--sandbox`, `/sandbox`); shown only when on. */
  sandboxed?: boolean;
  yolo: boolean;
  /** Running turn, e.g. "working…" (empty when idle). */
  activity: string;
  queued: number;
}

export class StatusBar implements Component {
  #paint: Paint;
  #message = "";
  #kind: StatusKind = "info";
  #info: StatusInfo;
  #cache = new LineCache();

  constructor(paint: Paint, info: StatusInfo) {
    this.#paint = paint;
    this.#info = info;
  }

  get message(): string {
    return this.#message;
  }

  setMessage(text: string, kind: StatusKind = "info"): void {
    this.#message = safeText(text);
    this.#kind = kind;
    this.#cache.invalidate();
  }

  setInfo(patch: Partial<StatusInfo>): void {
    this.#info = { ...this.#info, ...patch };
    this.#cache.invalidate();
  }

  get info(): StatusInfo {
    return this.#info;
  }

  invalidate(): void {
    this.#cache.invalidate();
  }

  render(width: number): string[] {
    return this.#cache.get(width, () => {
      const p = this.#paint;
      const lines: string[] = [];
      if (this.#message) {
        const style = this.#kind === "error"
          ? p.error
          : this.#kind === "success"
          ? p.success
          : p.muted;
        lines.push(...wrapStyled(this.#message, width, style));
      }
      const i = this.#info;
      const rightParts = [i.activity, i.queued > 0 ? `${i.queued} queued` : ""].filter((s) => s);
      const right = rightParts.join(" · ");
      const room = width - visibleWidth(right) - 1;
      const after: string[] = [];
      if (i.context !== undefined) after.push(`ctx ${Math.round(i.context * 100)}%`);
      after.push(`$${i.costUsd.toFixed(4)}`);
      after.push(i.jailed ? "jailed" : "unjailed");
      if (i.sandboxed) after.push("sandbox");
      after.push(i.yolo ? "yolo" : "confirm");
      // The directory gives way first: whether tools are jailed or confirmed must stay in view.
      const fixed = visibleWidth([i.model, ...after].join(" · ")) + 3;
      const left = [i.model, shortened(i.cwd, room - fixed), ...after].join(" · ");
      const l = truncateToWidth(left, Math.max(0, room));
      const gap = " ".repeat(Math.max(1, width - visibleWidth(l) - visibleWidth(right)));
      lines.push(truncateToWidth(p.muted(l) + gap + p.spinner(right), width));
      return lines;
    });
  }
}

/** `path` in at most `columns` columns, keeping its end (the project's own name): `…/b/c`. */
function shortened(path: string, columns: number): string {
  if (visibleWidth(path) <= columns) return path;
  if (columns < 8) return "…";
  const chars = [...path];
  let tail = "";
  for (let k = chars.length - 1; k >= 0 && visibleWidth(chars[k] + tail) <= columns - 1; k--) {
    tail = chars[k] + tail;
  }
  return `…${tail}`;
}
