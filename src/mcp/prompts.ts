/**
 * MCP prompts as slash commands of the extension. `/name text` fills the
 * prompt's arguments: `key=value` pairs (values may be quoted), or, for a
 * prompt with one argument, the whole text. The prompt's messages are then
 * submitted to the model as the user's prompt.
 *
 * @module
 */

import { isRecord } from "../is_record.ts";

/** A prompt as `prompts/list` describes it. */
export interface PromptInfo {
  name: string;
  description?: string;
  arguments?: { name: string; required?: boolean }[];
}

/** Arguments for `prompts/get` from what followed the slash command. */
export function promptArgs(info: PromptInfo, text: string): Record<string, string> {
  const names = (info.arguments ?? []).map((a) => a.name);
  const out: Record<string, string> = {};
  const trimmed = text.trim();
  if (trimmed === "") return out;
  const pairs = [...trimmed.matchAll(/([\w.-]+)=("([^"]*)"|'([^']*)'|(\S*))/g)];
  if (pairs.length > 0) {
    for (const m of pairs) out[m[1]] = m[3] ?? m[4] ?? m[5] ?? "";
    return out;
  }
  if (names.length >= 1) out[names[0]] = trimmed;
  return out;
}

/** Required arguments missing from `args`. */
export function missingArgs(info: PromptInfo, args: Record<string, string>): string[] {
  return (info.arguments ?? []).filter((a) => a.required && !(a.name in args)).map((a) => a.name);
}

/** The text of a `prompts/get` result: its messages' text, in order. */
export function promptText(result: unknown): string {
  if (!isRecord(result) || !Array.isArray(result.messages)) return "";
  const parts: string[] = [];
  for (const m of result.messages) {
    if (!isRecord(m) || !isRecord(m.content)) continue;
    const c = m.content;
    if (c.type === "text" && typeof c.text === "string") parts.push(c.text);
    else if (c.type === "resource" && isRecord(c.resource) && typeof c.resource.text === "string") {
      parts.push(c.resource.text);
    }
  }
  return parts.join("\n\n");
}
