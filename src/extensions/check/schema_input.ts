/**
 * An input for a tool, made from its JSON Schema: what `zot ext check` calls
 * each tool with. Only the common keywords are read (type, properties,
 * required, enum, const, default, items, minimum, minItems, anyOf/oneOf); the
 * value is the simplest one the schema accepts as far as those say, so an
 * extension that answers at all can be told apart from one that never does.
 *
 * @module
 */

import { isRecord } from "../../is_record.ts";
import type { JsonObject } from "../../protocol/frames.ts";

/** Nesting beyond this gets an empty value: a recursive schema must not loop. */
const MAX_DEPTH = 8;

/** The arguments object for a tool whose schema is `schema` (anything: it came from the wire). */
export function inputFor(schema: unknown): JsonObject {
  const value = valueFor(schema, 0);
  return isRecord(value) ? value : {};
}

function valueFor(schema: unknown, depth: number): unknown {
  if (!isRecord(schema) || depth > MAX_DEPTH) return {};
  if ("const" in schema) return schema.const;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  if ("default" in schema) return schema.default;
  const choice = firstOf(schema.anyOf) ?? firstOf(schema.oneOf);
  if (choice !== undefined) return valueFor(choice, depth + 1);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case "string":
      return stringFor(schema);
    case "integer":
    case "number":
      return typeof schema.minimum === "number" ? Math.ceil(schema.minimum) : 1;
    case "boolean":
      return false;
    case "null":
      return null;
    case "array": {
      const count = typeof schema.minItems === "number" ? Math.min(schema.minItems, 4) : 0;
      return Array.from({ length: count }, () => valueFor(schema.items, depth + 1));
    }
    default:
      return objectFor(schema, depth);
  }
}

/** Only the required properties: an optional one may change what the tool does. */
function objectFor(schema: Record<string, unknown>, depth: number): JsonObject {
  const out: JsonObject = {};
  const props = isRecord(schema.properties) ? schema.properties : {};
  const required = Array.isArray(schema.required) ? schema.required : [];
  for (const name of required) {
    if (typeof name === "string") out[name] = valueFor(props[name], depth + 1);
  }
  return out;
}

function stringFor(schema: Record<string, unknown>): string {
  const min = typeof schema.minLength === "number" ? Math.min(schema.minLength, 64) : 0;
  return "check".padEnd(min, "x");
}

function firstOf(list: unknown): unknown {
  return Array.isArray(list) && list.length > 0 ? list[0] : undefined;
}
