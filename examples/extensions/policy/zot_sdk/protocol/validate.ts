/**
 * The boundary: the only place untrusted JSON becomes typed frames. Errors
 * name the bad field. After these functions, no casts on untrusted data.
 *
 * @module
 */

import { isRecord } from "../is_record.ts";
import type { ContentBlock, ReceivedBlock } from "./content.ts";
import { MAX_FRAME_DEPTH } from "./limits.ts";
import type {
  ExtToHostFrame,
  HostToExtFrame,
  JsonObject,
  PanelKeyName,
  PanelSpec,
} from "./frames.ts";

/** Result of parsing one line. `unknown_type` is valid JSON with a type we do not know. */
export type ParseResult<T> =
  | { ok: true; frame: T }
  | { ok: false; kind: "malformed" | "invalid" | "unknown_type"; error: string };

class FieldError extends Error {}

type Obj = Record<string, unknown>;

/** True for a plain JSON object (not null, not an array); the SDK and the host import it here. */
export const isJsonObject: (v: unknown) => v is JsonObject = isRecord;

function str(o: Obj, key: string): string {
  const v = o[key];
  if (typeof v !== "string") throw new FieldError(`field "${key}" must be a string`);
  return v;
}
function nonEmpty(o: Obj, key: string): string {
  const v = str(o, key);
  if (v === "") throw new FieldError(`field "${key}" must not be empty`);
  return v;
}
function optStr(o: Obj, key: string): string | undefined {
  const v = o[key];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== "string") throw new FieldError(`field "${key}" must be a string`);
  return v;
}
function optBool(o: Obj, key: string): boolean | undefined {
  const v = o[key];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== "boolean") throw new FieldError(`field "${key}" must be a boolean`);
  return v;
}
function optNum(o: Obj, key: string): number | undefined {
  const v = o[key];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== "number" || !Number.isFinite(v)) {
    throw new FieldError(`field "${key}" must be a number`);
  }
  return v;
}
function optStrings(o: Obj, key: string): string[] | undefined {
  const v = o[key];
  if (v === undefined || v === null) return undefined;
  if (!Array.isArray(v) || !v.every((x) => typeof x === "string")) {
    throw new FieldError(`field "${key}" must be an array of strings`);
  }
  return v as string[];
}
function optObject(o: Obj, key: string): JsonObject | undefined {
  const v = o[key];
  if (v === undefined || v === null) return undefined;
  if (!isRecord(v)) throw new FieldError(`field "${key}" must be a JSON object`);
  return v;
}

function panelSpec(v: unknown, key: string): PanelSpec {
  if (!isRecord(v)) throw new FieldError(`field "${key}" must be an object`);
  return {
    id: str(v, "id"),
    title: optStr(v, "title"),
    lines: optStrings(v, "lines"),
    footer: optStr(v, "footer"),
  };
}

/**
 * Content blocks are kept permissive: the host converts unknown block types
 * into a text note instead of rejecting the whole result (§3.6).
 */
function contentList(o: Obj, key: string): unknown[] | undefined {
  const v = o[key];
  if (v === undefined || v === null) return undefined;
  if (!Array.isArray(v)) throw new FieldError(`field "${key}" must be an array`);
  return v;
}

/** Parse a content block if it is a well-formed text or image block. */
export function asContentBlock(v: unknown): ContentBlock | undefined {
  if (!isRecord(v)) return undefined;
  if (v.type === "text") {
    return { type: "text", text: typeof v.text === "string" ? v.text : "" };
  }
  if (v.type === "image") {
    return {
      type: "image",
      mime_type: typeof v.mime_type === "string" ? v.mime_type : "",
      data: typeof v.data === "string" ? v.data : "",
    };
  }
  return undefined;
}

/**
 * Type one block of an extension's `tool_result`. Nothing is rejected: a block of another type
 * becomes an {@linkcode UnknownBlock} in its place, a text or image field that is not a string
 * becomes `""` (the host drops empty text; image data is checked for base64 by the host).
 */
export function asReceivedBlock(v: unknown): ReceivedBlock {
  const block = asContentBlock(v);
  if (block !== undefined) return block;
  return { type: "unknown", sent_type: isRecord(v) && typeof v.type === "string" ? v.type : "" };
}

function extFrame(o: Obj, line: string): ExtToHostFrame | undefined {
  const type = o.type;
  switch (type) {
    case "hello":
      return {
        type,
        name: nonEmpty(o, "name"),
        version: optStr(o, "version"),
        capabilities: optStrings(o, "capabilities"),
      };
    case "register_command":
      return { type, name: str(o, "name"), description: optStr(o, "description") };
    case "register_tool":
      return {
        type,
        name: nonEmpty(o, "name"),
        description: optStr(o, "description"),
        schema: o.schema,
        deferred: optBool(o, "deferred"),
        interactive: optBool(o, "interactive"),
      };
    case "subscribe":
      return { type, events: optStrings(o, "events"), intercept: optStrings(o, "intercept") };
    case "ready":
    case "clear_notes":
    case "shutdown_ack":
      return { type };
    case "command_response":
      return {
        type,
        id: str(o, "id"),
        action: optStr(o, "action"),
        prompt: optStr(o, "prompt"),
        tool_name: optStr(o, "tool_name"),
        tool_args: optObject(o, "tool_args"),
        insert: optStr(o, "insert"),
        display: optStr(o, "display"),
        open_panel: o.open_panel == null ? undefined : panelSpec(o.open_panel, "open_panel"),
        error: optStr(o, "error"),
      };
    case "tool_result":
      return {
        type,
        id: str(o, "id"),
        content: contentList(o, "content")?.map(asReceivedBlock),
        is_error: optBool(o, "is_error"),
        activate_tools: optStrings(o, "activate_tools"),
      };
    case "event_intercept_response": {
      // A wrong modified_args or system_prompt does not void the block or reason beside it:
      // it is marked, and the host reports it by the intercept rules.
      const frame: ExtToHostFrame = {
        type,
        id: str(o, "id"),
        block: optBool(o, "block"),
        reason: optStr(o, "reason"),
        replace_text: optStr(o, "replace_text"),
      };
      const args = o.modified_args;
      if (isRecord(args)) frame.modified_args = args;
      else if (args !== undefined && args !== null) frame.modified_args_invalid = true;
      if ("system_prompt" in o) {
        const prompt = o.system_prompt;
        if (typeof prompt === "string") frame.system_prompt = prompt;
        else frame.system_prompt_invalid = true;
        frame.system_prompt_bytes = encodedLength(prompt, line);
      }
      return frame;
    }
    case "call_tool":
      return {
        type,
        id: nonEmpty(o, "id"),
        name: str(o, "name"),
        // Not rejected: the host answers a call without object args with a refusal.
        args: isRecord(o.args) ? o.args : undefined,
        parent_id: optStr(o, "parent_id"),
      };
    case "call_tool_cancel":
      return { type, id: str(o, "id") };
    case "notify":
      return { type, level: optStr(o, "level"), message: str(o, "message") };
    case "submit":
    case "submit_slash":
      return { type, text: str(o, "text") };
    case "open_panel":
      return { type, panel: panelSpec(o.panel, "panel") };
    case "panel_render":
      return {
        type,
        panel_id: str(o, "panel_id"),
        title: optStr(o, "title"),
        lines: optStrings(o, "lines"),
        footer: optStr(o, "footer"),
      };
    case "panel_close":
      return { type, panel_id: str(o, "panel_id") };
    default:
      return undefined;
  }
}

/**
 * Whether `value` nests objects/arrays more than `max` levels deep (`{}` is one level), measured
 * with an explicit stack: a value nested 200,000 deep parses fine (`JSON.parse` does not
 * recurse) but overflows the stack of anything walking it recursively later (an SDK building a
 * model request), so depth is bounded here and the bound itself never recurses.
 */
export function deeperThan(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length > 0) {
    const [v, depth] = stack.pop()!;
    if (typeof v !== "object" || v === null) continue;
    if (depth > max) return true;
    for (const child of Array.isArray(v) ? v : Object.values(v)) {
      if (typeof child === "object" && child !== null) stack.push([child, depth + 1]);
    }
  }
  return false;
}

/** Byte length of a re-encoded JSON value (the raw text is not kept by JSON.parse). */
function encodedLength(value: unknown, _line: string): number {
  return new TextEncoder().encode(JSON.stringify(value) ?? "").length;
}

function parseWith<T>(
  line: string,
  build: (o: Obj, line: string) => T | undefined,
): ParseResult<T> {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch (e) {
    return { ok: false, kind: "malformed", error: `malformed json frame: ${(e as Error).message}` };
  }
  if (!isRecord(value)) {
    return { ok: false, kind: "malformed", error: "malformed json frame: not an object" };
  }
  if (typeof value.type !== "string") {
    return { ok: false, kind: "invalid", error: `field "type" must be a string` };
  }
  // Before anything else walks it: tool arguments or a schema nested 200,000 deep would reach
  // a model request and overflow the stack of every one that follows.
  if (deeperThan(value, MAX_FRAME_DEPTH)) {
    return {
      ok: false,
      kind: "invalid",
      error: `invalid "${value.type}" frame: nested deeper than ${MAX_FRAME_DEPTH} levels`,
    };
  }
  try {
    const frame = build(value, line);
    if (frame === undefined) {
      return { ok: false, kind: "unknown_type", error: `unknown frame type "${value.type}"` };
    }
    return { ok: true, frame };
  } catch (e) {
    if (e instanceof FieldError) {
      return { ok: false, kind: "invalid", error: `invalid "${value.type}" frame: ${e.message}` };
    }
    throw e;
  }
}

/** Parse one line an extension wrote. */
export function parseExtToHost(line: string): ParseResult<ExtToHostFrame> {
  return parseWith(line, extFrame);
}

const PANEL_KEYS = new Set<string>([
  "up",
  "down",
  "left",
  "right",
  "enter",
  "esc",
  "tab",
  "pageup",
  "pagedown",
  "home",
  "end",
  "backspace",
  "delete",
  "rune",
  "unknown",
]);

function hostFrame(o: Obj): HostToExtFrame | undefined {
  const type = o.type;
  switch (type) {
    case "hello_ack":
      return {
        type,
        protocol_version: optNum(o, "protocol_version") ?? 0,
        capabilities: optStrings(o, "capabilities"),
        zot_version: optStr(o, "zot_version") ?? "",
        provider: optStr(o, "provider") ?? "",
        model: optStr(o, "model") ?? "",
        cwd: optStr(o, "cwd") ?? "",
        extension_dir: optStr(o, "extension_dir"),
        data_dir: optStr(o, "data_dir"),
      };
    case "command_invoked":
      return { type, id: str(o, "id"), name: str(o, "name"), args: optStr(o, "args") };
    case "tool_call":
      return { type, id: str(o, "id"), name: str(o, "name"), args: optObject(o, "args") ?? {} };
    case "tool_cancel":
      return { type, id: str(o, "id") };
    case "tool_result": {
      const content = (contentList(o, "content") ?? []).map(asContentBlock).filter((b) =>
        b !== undefined
      );
      return {
        type,
        id: str(o, "id"),
        name: optStr(o, "name") ?? "",
        content,
        is_error: optBool(o, "is_error") ?? false,
        truncated: optBool(o, "truncated"),
      };
    }
    case "event":
      return { ...o, type, event: str(o, "event") };
    case "event_intercept":
      return { ...o, type, id: str(o, "id"), event: str(o, "event") };
    case "panel_key": {
      const key = str(o, "key");
      return {
        type,
        panel_id: str(o, "panel_id"),
        key: (PANEL_KEYS.has(key) ? key : "unknown") as PanelKeyName,
        text: optStr(o, "text"),
      };
    }
    case "panel_close":
      return { type, panel_id: str(o, "panel_id") };
    case "shutdown":
      return { type };
    default:
      return undefined;
  }
}

/** Parse one line the host wrote (used by the SDK). */
export function parseHostToExt(line: string): ParseResult<HostToExtFrame> {
  return parseWith(line, hostFrame);
}
