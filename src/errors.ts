/**
 * The small tree of thrown errors. Expected failures are values elsewhere;
 * these are for the CLI to map to exit codes.
 *
 * @module
 */

/** Exit codes: 0 ok, 1 failure, 2 usage. */
export const EXIT_OK = 0;
export const EXIT_FAILURE = 1;
export const EXIT_USAGE = 2;

/** A user-facing failure with a stable code. The message carries the remedy. */
export class ZotError extends Error {
  readonly code: string;
  readonly exitCode: number;
  constructor(code: string, message: string, exitCode: number = EXIT_FAILURE) {
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

/** Message of any thrown value. */
export function errorMessage(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}
