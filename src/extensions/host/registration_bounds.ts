/**
 * The bounds every `register_tool` and `register_command` must meet before the registry
 * accepts it. A tool is sent to the model with every request, so one an API cannot take (a
 * name outside `^[a-zA-Z0-9_-]{1,64}$`, a schema nested 200,000 deep that overflows the stack
 * of whatever serializes it, megabytes of description) would fail every request of the
 * session; a command is drawn in the `/` menu. The protocol has no reply to a registration, so
 * a refusal is a diagnostic (doctor, the extension's log) naming the limit.
 *
 * Nothing here recurses: the schema's depth is measured with an explicit stack before anything
 * serializes it.
 *
 * @module
 */

import {
  COMMAND_NAME_PATTERN,
  MAX_COMMAND_DESCRIPTION_BYTES,
  MAX_SCHEMA_BYTES,
  MAX_SCHEMA_DEPTH,
  MAX_TOOL_DESCRIPTION_BYTES,
  TOOL_NAME_PATTERN,
} from "../../protocol/limits.ts";
import { deeperThan } from "../../protocol/validate.ts";
import { safeJson } from "../../safe_text.ts";

const encoder = new TextEncoder();

/** A name as a refusal shows it: quoted, escaped, and short (it may be the hostile part). */
export function shownName(name: string): string {
  return safeJson(name.length > 64 ? `${name.slice(0, 64)}…` : name);
}

/** UTF-8 length without encoding more than needed to know it is over `limit`. */
function overBytes(text: string, limit: number): number | undefined {
  // Each UTF-16 unit is at most 3 UTF-8 bytes, so short strings need no encoding.
  if (text.length * 3 <= limit) return undefined;
  const n = encoder.encode(text).length;
  return n > limit ? n : undefined;
}

/**
 * Why a tool registration is refused, or what it adds to each model request (`bytes`: the
 * serialized schema plus the description).
 */
export function toolProblem(
  name: string,
  description: string | undefined,
  schema: unknown,
): { problem: string } | { bytes: number } {
  const tool = `tool ${shownName(name)}`;
  if (!TOOL_NAME_PATTERN.test(name)) {
    return {
      problem:
        `${tool} refused: a tool name must match ^[a-zA-Z0-9_-]{1,64}$, the names model APIs accept (rename it)`,
    };
  }
  const long = overBytes(description ?? "", MAX_TOOL_DESCRIPTION_BYTES);
  if (long !== undefined) {
    return {
      problem:
        `${tool} refused: its description is ${long} bytes, over the limit of ${MAX_TOOL_DESCRIPTION_BYTES} (shorten it)`,
    };
  }
  const descriptionBytes = encoder.encode(description ?? "").length;
  if (schema === undefined) return { bytes: descriptionBytes };
  if (deeperThan(schema, MAX_SCHEMA_DEPTH)) {
    return {
      problem:
        `${tool} refused: its schema is nested deeper than ${MAX_SCHEMA_DEPTH} levels (flatten it)`,
    };
  }
  let text: string | undefined;
  try {
    text = JSON.stringify(schema);
  } catch (e) {
    return { problem: `${tool} refused: its schema is not valid json (${String(e)})` };
  }
  if (text === undefined) {
    return { problem: `${tool} refused: its schema is not valid json (${typeof schema})` };
  }
  const size = encoder.encode(text).length;
  if (size > MAX_SCHEMA_BYTES) {
    return {
      problem:
        `${tool} refused: its schema is ${size} bytes, over the limit of ${MAX_SCHEMA_BYTES} (simplify it)`,
    };
  }
  return { bytes: size + descriptionBytes };
}

/** Why a command registration is refused, or undefined. */
export function commandProblem(name: string, description: string | undefined): string | undefined {
  const command = `command ${shownName(name)}`;
  if (!COMMAND_NAME_PATTERN.test(name)) {
    return `${command} refused: a command name is 1 to 64 letters, digits or "_.:-", not starting with "." ":" or "-" (rename it)`;
  }
  const long = overBytes(description ?? "", MAX_COMMAND_DESCRIPTION_BYTES);
  if (long !== undefined) {
    return `${command} refused: its description is ${long} bytes, over the limit of ${MAX_COMMAND_DESCRIPTION_BYTES} (shorten it)`;
  }
  return undefined;
}
