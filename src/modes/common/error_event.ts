/**
 * The `error` event the JSON and RPC modes write when a run cannot start or a
 * command fails: the message for people, and for a ZotError its stable code
 * (`no-api-key`, `session-in-use`, `usage`…) for programs, which then need not
 * match the wording. Without a code the failure was not an expected one.
 *
 * @module
 */

import { errorCode, errorMessage, type ZotErrorCode } from "../../errors.ts";

export interface ErrorEvent extends Record<string, unknown> {
  type: "error";
  message: string;
  code?: ZotErrorCode;
}

export function errorEvent(e: unknown): ErrorEvent {
  const code = errorCode(e);
  const event: ErrorEvent = { type: "error", message: errorMessage(e) };
  if (code) event.code = code;
  return event;
}
