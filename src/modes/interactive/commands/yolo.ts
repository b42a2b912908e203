/**
 * Yolo mode on or off. Its own small file: the app switches it on from the
 * confirmation dialog's "yes, always", and that must not load the code of
 * the other settings commands before the first frame.
 *
 * @module
 */

import type { CommandContext } from "./types.ts";

/**
 * Yolo on (tools run unasked) or off (each call asks again: the "always"
 * answers given so far are forgotten, or the status line would say
 * "confirm" while remembered tools still ran unasked).
 */
export function setYolo(ctx: CommandContext, yolo: boolean): void {
  if (!yolo) ctx.confirmer.forget();
  ctx.setup.agent.setConfirmer(yolo ? undefined : ctx.confirmer);
  ctx.screen.status.setInfo({ yolo });
  ctx.status.show(
    yolo
      ? "yolo: tools run without confirmation (/yolo to confirm again)"
      : "confirming each tool call",
    "info",
    5000,
  );
}
