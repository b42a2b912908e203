/**
 * The `--no-yolo` confirmation dialog (host-behavior.md §5.3), plugged into
 * the agent as its Confirmer: before each tool call it shows the effective
 * call and four choices. "Always this tool" is remembered for the session;
 * "always" is yolo mode (`onAlways` switches it on, so the status line says
 * so and `/yolo` can switch it off again); Esc/Ctrl+C and a cancelled turn
 * refuse the call.
 *
 * @module
 */

import type { ConfirmDecision, Confirmer, ConfirmRequest } from "../../agent/confirm.ts";
import type { DialogSpec } from "../../tui/mod.ts";

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

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** The dialog's view of the call: the preview, and for `edit` a small diff. */
export function previewLines(request: ConfirmRequest): string[] {
  const lines = [request.preview];
  const edits = request.args.edits;
  if (request.toolName !== "edit" || !Array.isArray(edits)) return lines;
  const diff: string[] = [];
  for (const edit of edits) {
    if (!isRecord(edit)) continue;
    const { oldText, newText } = edit;
    if (typeof oldText === "string") diff.push(...oldText.split("\n").map((l) => `- ${l}`));
    if (typeof newText === "string") diff.push(...newText.split("\n").map((l) => `+ ${l}`));
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
      title: `Run ${request.toolName}${origin}?`,
      lines: previewLines(request),
      choices: CONFIRM_CHOICES,
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
