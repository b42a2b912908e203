/**
 * The small tree of thrown errors. Expected failures are values elsewhere;
 * these are for the CLI to map to exit codes.
 *
 * @module
 */

import { safeText } from "./safe_text.ts";

/** Exit codes: 0 ok, 1 failure, 2 usage. */
export const EXIT_OK = 0;
export const EXIT_FAILURE = 1;
export const EXIT_USAGE = 2;
/**
 * The reader closed stdout (`zot ext logs x | head -1`): 128 + SIGPIPE, the
 * status a shell reports for git or ls in the same pipe. Deno ignores
 * SIGPIPE, so zot cannot die of it as they do; it ends quietly with it.
 */
export const EXIT_BROKEN_PIPE = 141;

/**
 * The stable codes of thrown failures, one per kind. The JSON and RPC modes put the code on
 * their `error` event, so a program can tell "no API key" from "session in use" without
 * reading the message.
 */
export type ZotErrorCode =
  | "usage"
  | "busy"
  | "interrupted"
  | "credentials"
  | "no-api-key"
  | "session-lock"
  | "session-in-use"
  | "install"
  | "install-copy"
  | "install-symlink"
  | "install-exists"
  | "ext-update"
  | "npm"
  | "ext-lookup"
  | "ext-edit"
  | "ext-remove"
  | "ext-grant"
  | "trust"
  | "ext-logs"
  | "ext-new"
  | "ext-check"
  | "os-sandbox";

/** A user-facing failure with a stable code. The message carries the remedy. */
export class ZotError extends Error {
  readonly code: ZotErrorCode;
  readonly exitCode: number;
  constructor(code: ZotErrorCode, message: string, exitCode: number = EXIT_FAILURE) {
    super(message);
    this.name = "ZotError";
    this.code = code;
    this.exitCode = exitCode;
  }
}

/** Bad flags or arguments: exit code 2. */
export class UsageError extends ZotError {
  constructor(message: string) {
    super("usage", message, EXIT_USAGE);
    this.name = "UsageError";
  }
}

/** The code of a thrown value: a ZotError's own, undefined for anything else (a bug). */
export function errorCode(e: unknown): ZotErrorCode | undefined {
  return e instanceof ZotError ? e.code : undefined;
}

/** Message of any thrown value. */
export function errorMessage(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

/**
 * What zot says of an error it did not expect: a bug, with its stack for the report. Made safe to
 * show: the message may quote what an extension or a server sent.
 */
export function internalErrorLine(e: unknown): string {
  let what: string;
  try {
    what = e instanceof Error ? e.stack ?? e.message : errorMessage(e);
  } catch {
    // A value that cannot be turned into text (no prototype, a throwing toString or stack).
    what = Object.prototype.toString.call(e);
  }
  return safeText(`zot: internal error: ${what}`, { lines: true });
}
