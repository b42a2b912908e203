/**
 * The `--no-yolo` confirmation dialog (as the reference host does), plugged into
 * the agent as its Confirmer: before each tool call it shows the effective
 * call and four choices. "Always this tool" is remembered for the session;
 * "always" is yolo mode (`onAlways` switches it on, so the status line says
 * so and `/yolo` can switch it off again); Esc/Ctrl+C and a cancelled turn
 * refuse the call.
 *
 * @module
 */

import {
  type ConfirmDecision,
  type Confirmer,
  type ConfirmRequest,
  tellingArg,
} from "../../agent/confirm.ts";
import type { DialogSpec } from "../../tui/mod.ts";
import { isRecord } from "../../is_record.ts";

export const CONFIRM_CHOICES = [
  { value: "once", label: "yes (run this call)" },
  {
    value: "tool",
    label: "yes, always this tool (skip prompts for this tool for the rest of the session)",
  },
  { value: "all", label: "yes, always (skip all prompts for the rest of the session)" },
  { value: "no", label: "no (refuse and let the model try something else)" },
];

const DIFF_LINES = 12;
const REFUSE_INDEX = CONFIRM_CHOICES.findIndex((c) => c.value === "no");

// Enough for a real command or a short script, little enough that the
// choices stay on a small terminal's screen.
const SHOWN_LINES = 12;
const SHOWN_CHARS = 1000;

/**
 * Control and invisible formatting characters written out as `\u{…}`: the
 * text of a call (the model's, or an extension's `tool_prompt`) must not be
 * able to restyle, hide or overwrite what the dialog shows.
 */
export function visible(text: string): string {
  return text.replace(/\t/g, "  ").replace(
    /[\p{Cc}\p{Cf}\u2028\u2029]/gu,
    (c) => c === "\n" ? c : `\\u{${c.codePointAt(0)!.toString(16)}}`,
  );
}

/**
 * The call's telling argument whole (not the one-line preview events carry,
 * which cuts at 120 characters and would hide the tail), bounded; what is
 * cut is counted on a line of its own so nothing is hidden silently.
 */
function callLines(request: ConfirmRequest): string[] {
  const args = request.args;
  const whole = tellingArg(args) ??
    (Object.keys(args).length > 0 ? JSON.stringify(args) : request.preview);
  const chars = [...visible(whole)];
  let lines = chars.slice(0, SHOWN_CHARS).join("").split("\n");
  let hidden = Math.max(0, chars.length - SHOWN_CHARS);
  if (lines.length > SHOWN_LINES) {
    hidden += [...lines.slice(SHOWN_LINES).join("\n")].length + 1;
    lines = lines.slice(0, SHOWN_LINES);
  }
  if (hidden > 0) {
    lines.push(`… ${hidden} more characters not shown (refuse if you need to see them)`);
  }
  return lines;
}

/** The dialog's view of the call: its telling argument, and for `edit` a small diff. */
export function previewLines(request: ConfirmRequest): string[] {
  const lines = callLines(request);
  const edits = request.args.edits;
  if (request.toolName !== "edit" || !Array.isArray(edits)) return lines;
  const diff: string[] = [];
  for (const edit of edits) {
    if (!isRecord(edit)) continue;
    const { oldText, newText } = edit;
    if (typeof oldText === "string") {
      diff.push(...visible(oldText).split("\n").map((l) => `- ${l}`));
    }
    if (typeof newText === "string") {
      diff.push(...visible(newText).split("\n").map((l) => `+ ${l}`));
    }
  }
  if (diff.length > DIFF_LINES) {
    return [...lines, ...diff.slice(0, DIFF_LINES), `… ${diff.length - DIFF_LINES} more lines`];
  }
  return [...lines, ...diff];
}

export type Chooser = (spec: DialogSpec, signal: AbortSignal) => Promise<string | undefined>;

export class DialogConfirmer implements Confirmer {
  #choose: Chooser;
  #all = false;
  #tools = new Set<string>();
  /** The user chose "yes, always": the app turns yolo on. */
  onAlways: (() => void) | undefined;

  constructor(choose: Chooser) {
    this.#choose = choose;
  }

  /**
   * Forgets every "always" answer: `/yolo` back to confirming means each
   * call is asked again, not only the tools never approved for good.
   */
  forget(): void {
    this.#all = false;
    this.#tools.clear();
  }

  known(request: ConfirmRequest): ConfirmDecision | undefined {
    if (this.#all || this.#tools.has(request.toolName)) {
      return { approved: true, source: "remembered" };
    }
    return undefined;
  }

  async ask(request: ConfirmRequest, signal: AbortSignal): Promise<ConfirmDecision> {
    const origin = request.origin ? ` (from extension ${request.origin})` : "";
    const choice = await this.#choose({
      title: visible(`Run ${request.toolName}${origin}?`),
      lines: previewLines(request),
      choices: CONFIRM_CHOICES,
      // An extension picks when its call appears (a tool_prompt, a call_tool):
      // an Enter meant for something else must refuse it, not run it.
      selected: request.origin ? REFUSE_INDEX : 0,
    }, signal);
    switch (choice) {
      case "once":
        return { approved: true, source: "user" };
      case "tool":
        this.#tools.add(request.toolName);
        return { approved: true, source: "user" };
      case "all":
        this.#all = true;
        this.onAlways?.();
        return { approved: true, source: "user" };
      case "no":
        return { approved: false, source: "user", reason: "user declined" };
      default:
        return { approved: false, source: "user", reason: "user cancelled", cancelled: true };
    }
  }
}
