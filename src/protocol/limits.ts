/**
 * Protocol limits and timeouts, named once. Values follow the reference host
 * (the Go zot) unless a comment says otherwise.
 *
 * @module
 */

/** Protocol version announced in `hello_ack`. New fields are additive within a version. */
export const PROTOCOL_VERSION = 1;

/** Largest single NDJSON line accepted in either direction (4 MiB). */
export const MAX_FRAME_BYTES = 4 * 1024 * 1024;
/**
 * Deepest nesting of a frame (objects and arrays): far beyond any real frame, and shallow enough
 * that nothing walking it later (an SDK building a model request) can overflow its stack.
 */
export const MAX_FRAME_DEPTH = 256;

/** Outbound queue bound per extension: frames waiting behind the one being written. */
export const OUTBOUND_MAX_FRAMES = 256;
/** Outbound queue bound per extension: bytes waiting behind the one being written. */
export const OUTBOUND_MAX_BYTES = 16 * 1024 * 1024;
/** A synchronous write (requests, shutdown) that has not completed by then closes the transport. */
export const WRITE_TIMEOUT_MS = 5_000;

/**
 * Our deliberate divergence from the reference host, which has no hello
 * timeout: a silent extension must not hang start-up. Generous enough for
 * `npx tsx` or `go run` cold starts.
 */
export const HELLO_TIMEOUT_MS = 10_000;
/**
 * At start-up, how long every extension is waited for before one that has not
 * said hello is left to join late (or fail at HELLO_TIMEOUT_MS on its own), so
 * a silent extension does not hold up every run for the whole hello timeout.
 */
export const HELLO_JOIN_WAIT_MS = 3_000;
/** After stdout EOF before hello, how long to wait for the exit status. */
export const EXIT_BEFORE_HELLO_WAIT_MS = 1_000;
/** Compatibility shim: no frame for one full window and no `ready` means ready. */
export const AUTO_READY_IDLE_MS = 250;
/** All extensions together get this long to send `ready` at start-up and reload. */
export const READY_GRACE_MS = 3_000;

/** Reply deadline for a host → extension `tool_call` (non-interactive tools). */
export const TOOL_CALL_TIMEOUT_MS = 60_000;
/** Deadline for an extension's `call_tool` request. */
export const CALL_TOOL_TIMEOUT_MS = 60_000;
/**
 * `call_tool` requests of one extension running at once; the rest wait in
 * order (each running one sends a few frames to every guard and observer).
 */
export const CALL_TOOL_MAX_RUNNING = 8;
/**
 * Args bytes of the `call_tool` requests running at once (a larger request
 * runs alone): what they send between two pacing waits stays within the half
 * of a guard's queue that pacing keeps free.
 */
export const CALL_TOOL_MAX_RUNNING_BYTES = 1024 * 1024;
/** `call_tool` requests of one extension waiting to run; more are refused. */
export const CALL_TOOL_MAX_QUEUED = 1024;
/** Longest `call_tool` chain, counting the original tool. */
export const CALL_TOOL_MAX_DEPTH = 4;
/** Reply deadline for `event_intercept` (missing = allow). */
export const INTERCEPT_TIMEOUT_MS = 5_000;
/** Reply deadline for `command_invoked`. */
export const COMMAND_TIMEOUT_MS = 30_000;
/** Encoded `system_prompt` replacement limit (bytes of the raw JSON value). */
export const MAX_SYSTEM_PROMPT_BYTES = 1024 * 1024;

/** Observation / call_tool result budget: text bytes + base64 length + MIME length. */
export const RESULT_BUDGET_BYTES = 256 * 1024;
/** Observation / call_tool result block limit. */
export const RESULT_MAX_BLOCKS = 128;

/** Shared grace for `shutdown` on exit and reload. */
export const SHUTDOWN_GRACE_MS = 2_000;
/** After SIGTERM, how long before SIGKILL. */
export const SIGTERM_WAIT_MS = 1_000;
/** Grace used by `zot ext doctor` when it stops what it started. */
export const DOCTOR_SHUTDOWN_GRACE_MS = 500;

/**
 * Tool names both model APIs accept (Anthropic and OpenAI refuse anything else, and one bad
 * name fails the whole request).
 */
export const TOOL_NAME_PATTERN = /^[a-zA-Z0-9_-]{1,64}$/;
/**
 * Command names: one word the user types after `/` (letters of any script, digits, `_ . : -`),
 * so nothing in a name can hide in the menu or act on the terminal.
 */
export const COMMAND_NAME_PATTERN = /^[\p{L}\p{N}_][\p{L}\p{N}_.:-]{0,63}$/u;
/** Deepest tool `schema` accepted; real schemas are a few levels deep. */
export const MAX_SCHEMA_DEPTH = 64;
/** Largest tool `schema`, serialized. */
export const MAX_SCHEMA_BYTES = 64 * 1024;
/** Largest tool description (UTF-8 bytes): it is sent with every model request. */
export const MAX_TOOL_DESCRIPTION_BYTES = 8 * 1024;
/** Largest command description (UTF-8 bytes): it is one row of the `/` menu. */
export const MAX_COMMAND_DESCRIPTION_BYTES = 1024;
/** Tools one extension may register (counted over its whole run, refused ones excepted). */
export const MAX_TOOLS_PER_EXTENSION = 128;
/** Commands one extension may register. */
export const MAX_COMMANDS_PER_EXTENSION = 128;
/**
 * All extension tools together (schemas plus descriptions): far below the APIs' 32 MB request
 * limit, whatever the number of extensions.
 */
export const MAX_TOTAL_TOOL_BYTES = 4 * 1024 * 1024;
