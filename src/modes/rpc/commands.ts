/**
 * RPC command frames: parsed and validated once, here. Unknown fields are
 * ignored; a bad field names itself in the error.
 *
 * @module
 */

import type { ImageBlock } from "../../protocol/content.ts";
import { errorMessage } from "../../errors.ts";
import { checkImage } from "./images.ts";
import { isRecord } from "../../is_record.ts";

/** A command's optional `id`, a string or a number, echoed in its response. */
export type RpcId = string | number;

export type RpcCommand =
  | { type: "hello"; id?: RpcId; token?: string }
  | { type: "prompt"; id?: RpcId; message: string; images: ImageBlock[] }
  | { type: "abort"; id?: RpcId; dropQueued: boolean }
  | { type: "compact"; id?: RpcId }
  | { type: "get_state"; id?: RpcId }
  | { type: "get_messages"; id?: RpcId }
  | { type: "clear"; id?: RpcId }
  | { type: "set_model"; id?: RpcId; model: string }
  | { type: "set_reasoning"; id?: RpcId; reasoning: string }
  | { type: "get_models"; id?: RpcId }
  | { type: "ping"; id?: RpcId };

// A record, not a list, so a command added to the union without being added here fails to compile.
const COMMANDS: Record<RpcCommand["type"], true> = {
  hello: true,
  prompt: true,
  abort: true,
  compact: true,
  get_state: true,
  get_messages: true,
  clear: true,
  set_model: true,
  set_reasoning: true,
  get_models: true,
  ping: true,
};

/** Every command type the server accepts, in the order the unknown-command error lists them. */
export const RPC_COMMAND_TYPES = Object.keys(COMMANDS) as readonly RpcCommand["type"][];

export type ParsedCommand =
  | { ok: true; command: RpcCommand }
  | { ok: false; id?: RpcId; command: string; error: string };

function parseImages(v: unknown): ImageBlock[] | string {
  if (v === undefined) return [];
  if (!Array.isArray(v)) return `"images" must be an array of {mime_type, data}`;
  const out: ImageBlock[] = [];
  for (const [i, img] of v.entries()) {
    if (!isRecord(img) || typeof img.mime_type !== "string" || typeof img.data !== "string") {
      return `"images[${i}]" must be {mime_type: string, data: base64 string}`;
    }
    const checked = checkImage(img.mime_type, img.data, `images[${i}]`);
    if (!checked.ok) return checked.error;
    out.push(checked.image);
  }
  return out;
}

/** Parses one stdin line. */
export function parseCommand(line: string): ParsedCommand {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch (e) {
    return {
      ok: false,
      command: "",
      error: `malformed json: ${errorMessage(e)}`,
    };
  }
  if (!isRecord(value)) {
    return { ok: false, command: "", error: "malformed json: expected an object" };
  }
  // Echoed as sent: a client matching responses by a numeric id gets the number back.
  const id = typeof value.id === "string" || typeof value.id === "number" ? value.id : undefined;
  const type = typeof value.type === "string" ? value.type : "";
  const bad = (error: string): ParsedCommand => ({ ok: false, id, command: type, error });
  switch (type) {
    case "hello":
      return {
        ok: true,
        command: { type, id, token: typeof value.token === "string" ? value.token : undefined },
      };
    case "prompt": {
      if (typeof value.message !== "string") return bad(`"message" must be a string`);
      const images = parseImages(value.images);
      if (typeof images === "string") return bad(images);
      if (value.message.trim() === "" && images.length === 0) return bad(`"message" is empty`);
      return { ok: true, command: { type, id, message: value.message, images } };
    }
    case "set_model":
      if (typeof value.model !== "string" || value.model === "") {
        return bad(`"model" must be a non-empty string`);
      }
      return { ok: true, command: { type, id, model: value.model } };
    case "set_reasoning":
      if (typeof value.reasoning !== "string") return bad(`"reasoning" must be a string`);
      return { ok: true, command: { type, id, reasoning: value.reasoning } };
    case "abort":
      if (value.drop_queued !== undefined && typeof value.drop_queued !== "boolean") {
        return bad(`"drop_queued" must be true or false`);
      }
      return { ok: true, command: { type, id, dropQueued: value.drop_queued === true } };
    case "compact":
    case "get_state":
    case "get_messages":
    case "clear":
    case "get_models":
    case "ping":
      return { ok: true, command: { type, id } };
    default: {
      const valid = `(valid: ${RPC_COMMAND_TYPES.join(", ")})`;
      return bad(type === "" ? `missing "type" ${valid}` : `unknown command "${type}" ${valid}`);
    }
  }
}
