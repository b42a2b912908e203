/**
 * The `/sessions` picker's rows: when each saved session started (local
 * time, from its file name) and its first prompt since the last `/clear`,
 * so the user can tell them apart. Only the lines that can hold a user
 * message are parsed: tool output makes up most of a session file.
 *
 * @module
 */

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

/** One picker row per session file (value: the path). */
export async function sessionChoices(files: readonly string[]): Promise<SelectItem[]> {
  return await Promise.all(files.map(async (path) => {
    const prompt = await Deno.readTextFile(path).then(firstPrompt, () => undefined);
    return {
      value: path,
      label: sessionStarted(basename(path, ".jsonl")),
      description: prompt ?? "(no messages)",
    };
  }));
}
