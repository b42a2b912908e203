/**
 * The one place zot reaches into pi-tui's private members. FlatTUI draws a
 * frame itself when it can and leaves pi-tui's frame state describing the
 * result (see flat_frame.ts), so it reads and writes fields pi-tui declares
 * `private`, calls two private steps, and replaces the private frame method
 * `doRender` on its own instances. pi-tui may rename any of them in any
 * release, so everything here is checked at run time: when one is missing,
 * {@linkcode piFrameState} returns undefined and FlatTUI leaves every frame
 * to pi-tui (correct, only slower).
 *
 * {@linkcode PI_TUI_CHECKED} names the pi-tui version these members were
 * read from. A test compares it with the installed package and finds each
 * member among pi-tui's declared privates, so a version bump fails there,
 * loudly, until someone re-reads pi-tui's frame code against this list.
 *
 * @module
 */

import { TUI } from "./pi.ts";

/** The pi-tui version whose private frame code this adapter was written against. */
export const PI_TUI_CHECKED = "0.73.1";

/** pi-tui's private frame state and steps that FlatFrame reads and advances. */
export interface PiFrameState {
  /** The lines on screen as pi-tui last drew them (its next frame diffs against this array). */
  previousLines: string[];
  previousKittyImageIds: Set<number>;
  previousWidth: number;
  previousHeight: number;
  previousViewportTop: number;
  /** The last content row. */
  cursorRow: number;
  /** The screen row the terminal's cursor is on. */
  hardwareCursorRow: number;
  maxLinesRendered: number;
  clearOnShrink: boolean;
  stopped: boolean;
  overlayStack: unknown[];
  /** Appends pi-tui's reset sequence to each line (not to image lines). */
  applyLineResets(lines: string[]): string[];
  /** Puts the terminal's cursor where the editor's marker was (IME windows follow it). */
  positionHardwareCursor(position: { row: number; col: number } | null, lines: number): void;
}

/** Each private member used, by the kind of value pi-tui keeps in it. */
export const PI_PRIVATE_MEMBERS = {
  arrays: ["previousLines", "overlayStack"],
  sets: ["previousKittyImageIds"],
  numbers: [
    "previousWidth",
    "previousHeight",
    "previousViewportTop",
    "cursorRow",
    "hardwareCursorRow",
    "maxLinesRendered",
  ],
  booleans: ["clearOnShrink", "stopped"],
  methods: ["applyLineResets", "positionHardwareCursor", "doRender"],
} as const;

/** `tui` seen as its frame state, when pi-tui still has all of it. */
export function piFrameState(tui: TUI): PiFrameState | undefined {
  const get = (name: string): unknown => Reflect.get(tui, name);
  const { arrays, sets, numbers, booleans, methods } = PI_PRIVATE_MEMBERS;
  const ok = arrays.every((k) => Array.isArray(get(k))) &&
    sets.every((k) => get(k) instanceof Set) &&
    numbers.every((k) => typeof get(k) === "number") &&
    booleans.every((k) => typeof get(k) === "boolean") &&
    methods.every((k) => typeof get(k) === "function");
  return ok ? tui as unknown as PiFrameState : undefined;
}

/** pi-tui's own frame for `tui`, as a function (throws if pi-tui has none: nothing would draw). */
export function piFrame(tui: TUI): () => void {
  const frame: unknown = Reflect.get(TUI.prototype, "doRender");
  if (typeof frame !== "function") {
    throw new Error(
      `pi-tui's TUI has no doRender (zot was checked against pi-tui ${PI_TUI_CHECKED})`,
    );
  }
  return () => frame.call(tui);
}

/**
 * Draws one frame of `tui` now, as pi-tui's render timer would (on a
 * FlatTUI, its own frame): tests and benchmarks drive frames this way.
 */
export function drawNow(tui: TUI): void {
  const frame: unknown = Reflect.get(tui, "doRender");
  if (typeof frame !== "function") {
    throw new Error(
      `pi-tui's TUI has no doRender (zot was checked against pi-tui ${PI_TUI_CHECKED})`,
    );
  }
  frame.call(tui);
}

/** Makes `render` the frame of this one `tui`: an own property shadows pi-tui's private method. */
export function replaceFrame(tui: TUI, render: () => void): void {
  Object.defineProperty(tui, "doRender", { value: render });
}
