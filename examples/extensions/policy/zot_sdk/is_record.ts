/**
 * The one guard for "a JSON object": not null, not an array, an object. Every reader of untrusted
 * or loosely typed JSON (frames, manifests, themes, sessions, configuration, RPC commands) asks it,
 * so the meaning cannot drift between copies. A leaf module that imports nothing, so every layer
 * can import it; the SDK's vendored copy carries it beside `protocol/`.
 *
 * @example
 * ```ts
 * import { isRecord } from "./is_record.ts";
 *
 * const value: unknown = JSON.parse('{"name":"todo"}');
 * if (isRecord(value)) console.log(value.name); // "todo"
 * isRecord([1, 2]); // false
 * isRecord(null); // false
 * ```
 *
 * @module
 */

/** True for a plain JSON object (not null, not an array). */
export function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}
