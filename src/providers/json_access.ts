/**
 * Typed reads from parsed JSON of unknown shape (stream events from the
 * network), so mappers validate each field they use instead of casting.
 *
 * @module
 */

import { isRecord } from "../is_record.ts";

export type Obj = Record<string, unknown>;

export function obj(v: unknown): Obj | undefined {
  return isRecord(v) ? v : undefined;
}

export function str(v: unknown): string | undefined {
  return typeof v === "string" ? v : undefined;
}

export function num(v: unknown): number | undefined {
  return typeof v === "number" && Number.isFinite(v) ? v : undefined;
}

export function arr(v: unknown): unknown[] {
  return Array.isArray(v) ? v : [];
}
