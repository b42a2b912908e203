/**
 * The `/sessions` picker's rows: when each saved session started (local
 * time, from its file name), how many messages resuming it brings back, the
 * model it last answered with, and its first prompt since the last `/clear`,
 * so the user can tell them apart. Only a few lines are parsed (those that
 * can hold a user message, the header, the last reply): tool output makes up
 * most of a session file.
 *
 * @module
 */

import { isRecord } from "../../is_record.ts";
import { basename } from "../../path.ts";
import type { SelectItem } from "@mariozechner/pi-tui";

const CLEAR_LINE = JSON.stringify({ type: "clear" });
const PROMPT_CHARS = 200;

/** `20260102-030405-ab12cd34` (UTC) → `2026-01-02 03:04` in local time; else the name. */
export function sessionStarted(name: string): string {
  const m = /^(\d{4})(\d{2})(\d{2})-(\d{2})(\d{2})(\d{2})/.exec(name);
  if (!m) return name;
  const d = new Date(Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +m[6]));
  const p = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ` +
    `${p(d.getHours())}:${p(d.getMinutes())}`;
}

function userText(line: string): string | undefined {
  try {
    const m = JSON.parse(line);
    if (m?.role !== "user" || m.meta?.compaction === "true" || !Array.isArray(m.content)) {
      return undefined;
    }
    const text = m.content.flatMap((b: { type?: string; text?: unknown }) =>
      b?.type === "text" && typeof b.text === "string" ? [b.text] : []
    ).join(" ").replace(/\s+/g, " ").trim();
    return text === "" ? undefined : text;
  } catch {
    return undefined;
  }
}

/** The first prompt of a session file since its last clear, if any. */
export function firstPrompt(text: string): string | undefined {
  let first: string | undefined;
  for (const line of text.split("\n")) {
    if (line === CLEAR_LINE) first = undefined;
    else if (first === undefined && line.includes(`"role":"user"`)) first = userText(line);
  }
  return first?.slice(0, PROMPT_CHARS);
}

function parsed(line: string): Record<string, unknown> | undefined {
  try {
    const v = JSON.parse(line);
    return isRecord(v) ? v : undefined;
  } catch {
    return undefined;
  }
}

export interface SessionSummary {
  /** Messages a resume brings back (after the last clear, compactions applied). */
  messages: number;
  /** The model of the last reply, else the one the session started with. */
  model?: string;
  /** The first prompt since the last clear. */
  prompt?: string;
}

/**
 * What a picker row says about a session file. Lines are told apart as they are written (one
 * `JSON.stringify` each): the header, compaction and clear lines start with `{"type":`, every
 * other line is a message.
 */
export function sessionSummary(text: string): SessionSummary {
  let messages = 0;
  let header: string | undefined;
  let lastReply: string | undefined;
  for (const line of text.split("\n")) {
    if (line.trim() === "") continue;
    if (line === CLEAR_LINE) messages = 0;
    else if (line.startsWith(`{"type":"session"`)) header ??= line;
    else if (line.startsWith(`{"type":"compaction"`)) {
      const dropped = parsed(line)?.dropped;
      if (typeof dropped === "number") messages = Math.max(0, messages - dropped) + 1;
    } else if (!line.startsWith(`{"type":`)) {
      messages++;
      if (line.startsWith(`{"role":"assistant"`)) lastReply = line;
    }
  }
  const named = (line: string | undefined) => {
    const model = line === undefined ? undefined : parsed(line)?.model;
    return typeof model === "string" && model !== "" ? model : undefined;
  };
  return { messages, model: named(lastReply) ?? named(header), prompt: firstPrompt(text) };
}

/** A row's description: `12 messages · claude-sonnet-4-5 · the first prompt`. */
export function summaryText(s: SessionSummary): string {
  const parts = [s.messages === 1 ? "1 message" : `${s.messages} messages`];
  if (s.model) parts.push(s.model);
  parts.push(s.prompt ?? "(no prompt)");
  return parts.join(" · ");
}

/** One picker row per session file (value: the path). */
export async function sessionChoices(files: readonly string[]): Promise<SelectItem[]> {
  return await Promise.all(files.map(async (path) => {
    const summary = await Deno.readTextFile(path).then(sessionSummary, () => undefined);
    return {
      value: path,
      label: sessionStarted(basename(path, ".jsonl")),
      description: summary ? summaryText(summary) : "(cannot be read)",
    };
  }));
}
