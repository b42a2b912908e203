/**
 * The confirmation seam (`--no-yolo`). Headless modes have no confirmer, so
 * every call is approved with source "yolo"; the TUI plugs in a dialog.
 *
 * @module
 */

import type { JsonObject } from "../protocol/frames.ts";
import type { PermissionSource } from "../protocol/events.ts";

export interface ConfirmRequest {
  toolId: string;
  toolName: string;
  /** Effective args (after interception rewrites): what the user approves. */
  args: JsonObject;
  /** One-line preview, at most 120 characters. */
  preview: string;
  origin?: string;
}

export type ConfirmDecision =
  | { approved: true; source: Exclude<PermissionSource, "yolo"> }
  | {
    approved: false;
    source: Exclude<PermissionSource, "yolo">;
    reason?: string;
    /** The dialog was dismissed or the turn cancelled (decision "cancelled"). */
    cancelled?: boolean;
  };

export interface Confirmer {
  /** A decision known without asking (remembered approvals, policy); undefined = ask. */
  known(request: ConfirmRequest): ConfirmDecision | undefined;
  /** Shows the prompt and waits for the user (or the signal). */
  ask(request: ConfirmRequest, signal: AbortSignal): Promise<ConfirmDecision>;
}

const PREVIEW_KEYS = ["command", "path", "file_path", "url", "query", "name"];
const PREVIEW_MAX = 120;

/** The first telling string arg (`command`, `path`, …), whole; undefined when there is none. */
export function tellingArg(args: JsonObject): string | undefined {
  for (const key of PREVIEW_KEYS) {
    const v = args[key];
    if (typeof v === "string" && v !== "") return v;
  }
  return undefined;
}

/** First telling string arg, else compact JSON, cut to 120 characters. */
export function toolPreview(args: JsonObject): string {
  let text = tellingArg(args) ?? JSON.stringify(args);
  text = text.replace(/\s+/g, " ").trim();
  const chars = [...text];
  return chars.length <= PREVIEW_MAX ? text : chars.slice(0, PREVIEW_MAX - 1).join("") + "…";
}

/** Default reason when a user denial carries none. */
export const USER_DENIED_REASON = "tool call refused by user";
