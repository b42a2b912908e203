/**
 * Argument checks for the built-in tools. Args come from the model (or an
 * extension via `call_tool`), so they are untrusted: each getter either
 * returns a typed value or a message naming the bad field.
 *
 * @module
 */

import type { ToolResult } from "../model/types.ts";
import type { JsonObject } from "../protocol/frames.ts";
import { textContent } from "../protocol/content.ts";

export type Arg<T> = { ok: true; value: T } | { ok: false; error: string };

export function requiredString(args: JsonObject, name: string): Arg<string> {
  const v = args[name];
  if (typeof v === "string") return { ok: true, value: v };
  if (v === undefined) {
    return { ok: false, error: `Missing required argument "${name}" (a string)` };
  }
  return { ok: false, error: `Argument "${name}" must be a string, got ${typeName(v)}` };
}

/** An optional positive integer; `min` bounds it from below. */
export function optionalInt(args: JsonObject, name: string, min: number): Arg<number | undefined> {
  const v = args[name];
  if (v === undefined || v === null) return { ok: true, value: undefined };
  if (typeof v !== "number" || !Number.isInteger(v) || v < min) {
    return { ok: false, error: `Argument "${name}" must be an integer >= ${min}, got ${show(v)}` };
  }
  return { ok: true, value: v };
}

/** An optional positive number (e.g. a timeout in seconds). */
export function optionalPositive(args: JsonObject, name: string): Arg<number | undefined> {
  const v = args[name];
  if (v === undefined || v === null) return { ok: true, value: undefined };
  if (typeof v !== "number" || !Number.isFinite(v) || v <= 0) {
    return { ok: false, error: `Argument "${name}" must be a positive number, got ${show(v)}` };
  }
  return { ok: true, value: v };
}

function typeName(v: unknown): string {
  if (v === null) return "null";
  if (Array.isArray(v)) return "an array";
  return `a ${typeof v}`;
}

function show(v: unknown): string {
  return JSON.stringify(v) ?? String(v);
}

/** An error result with one text block. */
export function errorResult(text: string, outcome?: ToolResult["outcome"]): ToolResult {
  return outcome
    ? { content: textContent(text), isError: true, outcome }
    : { content: textContent(text), isError: true };
}

/** A successful text result. */
export function textResult(text: string): ToolResult {
  return { content: textContent(text) };
}
