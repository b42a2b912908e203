/**
 * The first line an extension writes must be `hello`. This reads exactly
 * that line and turns every way it can go wrong into the reference host's
 * error text.
 *
 * Divergence from the reference host (deliberate): the reference waits for
 * the first line forever, so a silent-but-alive extension hangs start-up.
 * We bound the wait (HELLO_TIMEOUT_MS, generous enough for `npx tsx` or
 * `go run` cold starts); the caller kills the extension when it expires.
 *
 * @module
 */

import { errorMessage } from "../../errors.ts";
import type { HelloFrame } from "../../protocol/frames.ts";
import { EXIT_BEFORE_HELLO_WAIT_MS, MAX_FRAME_BYTES } from "../../protocol/limits.ts";
import { parseExtToHost } from "../../protocol/validate.ts";
import { describeExit, type ExtensionProcess } from "./child.ts";
import { delay } from "../settles.ts";
import type { LineReader } from "./lines.ts";

export type HelloOutcome = { ok: true; hello: HelloFrame } | { ok: false; error: string };

export interface HelloOptions {
  timeoutMs: number;
  signal?: AbortSignal;
  logPath: string;
}

/** Wait for the hello line (bounded), then validate it. */
export async function awaitHello(
  lines: LineReader,
  process: ExtensionProcess,
  options: HelloOptions,
): Promise<HelloOutcome> {
  const log = options.logPath;
  const first = await firstLine(lines, options);
  switch (first.kind) {
    case "timeout":
      return {
        ok: false,
        error: `no hello frame within ${options.timeoutMs} ms (stderr log: ${log})`,
      };
    case "cancelled":
      return { ok: false, error: `start cancelled before hello (stderr log: ${log})` };
    case "oversize":
      return {
        ok: false,
        error: `read hello (stderr log: ${log}): line exceeds ${MAX_FRAME_BYTES} bytes`,
      };
    case "error":
      return { ok: false, error: `read hello (stderr log: ${log}): ${first.message}` };
    case "eof":
      return { ok: false, error: await exitedBeforeHello(process, log) };
    case "line":
      return checkHello(first.line, log);
  }
}

/** Validate the first line as a hello frame. */
export function checkHello(line: string, logPath: string): HelloOutcome {
  const parsed = parseExtToHost(line);
  if (parsed.ok && parsed.frame.type === "hello" && parsed.frame.name !== "") {
    return { ok: true, hello: parsed.frame };
  }
  if (!parsed.ok && parsed.kind === "malformed") {
    const detail = parsed.error.replace(/^malformed json frame: /, "");
    return { ok: false, error: `parse hello (stderr log: ${logPath}): ${detail}` };
  }
  // A hello with a field of the wrong type is a hello: name the field. (An
  // empty name keeps the reference host's text below.)
  if (!parsed.ok && parsed.kind === "invalid" && typeOf(line) === "hello" && !emptyName(line)) {
    return { ok: false, error: `${parsed.error} (stderr log: ${logPath})` };
  }
  return {
    ok: false,
    error: `first frame must be hello (got "${typeOf(line)}"; stderr log: ${logPath})`,
  };
}

function emptyName(line: string): boolean {
  try {
    const value: unknown = JSON.parse(line);
    return typeof value === "object" && value !== null && "name" in value && value.name === "";
  } catch {
    return false;
  }
}

function typeOf(line: string): string {
  try {
    const value: unknown = JSON.parse(line);
    if (typeof value === "object" && value !== null && "type" in value) {
      return typeof value.type === "string" ? value.type : "";
    }
  } catch {
    // checkHello only calls this for valid JSON.
  }
  return "";
}

type First =
  | { kind: "line"; line: string }
  | { kind: "eof" | "oversize" | "timeout" | "cancelled" }
  | { kind: "error"; message: string };

async function firstLine(lines: LineReader, options: HelloOptions): Promise<First> {
  if (options.signal?.aborted) return { kind: "cancelled" };
  const timer = delay(options.timeoutMs);
  const aborted = Promise.withResolvers<First>();
  const onAbort = () => aborted.resolve({ kind: "cancelled" });
  options.signal?.addEventListener("abort", onAbort, { once: true });
  const read = lines.next().then(
    (item): First => {
      if (!item) return { kind: "eof" };
      return item.kind === "line" ? { kind: "line", line: item.line } : { kind: "oversize" };
    },
    (e): First => ({ kind: "error", message: errorMessage(e) }),
  );
  try {
    return await Promise.race([
      read,
      timer.promise.then((): First => ({ kind: "timeout" })),
      aborted.promise,
    ]);
  } finally {
    timer.cancel();
    options.signal?.removeEventListener("abort", onAbort);
  }
}

/** stdout ended before hello: report how the process ended, if it did within 1 s. */
async function exitedBeforeHello(process: ExtensionProcess, logPath: string): Promise<string> {
  const timer = delay(EXIT_BEFORE_HELLO_WAIT_MS);
  try {
    const exit = await Promise.race([process.exited, timer.promise.then(() => undefined)]);
    if (exit) {
      return `extension exited before hello: ${describeExit(exit)} (stderr log: ${logPath})`;
    }
    return `extension closed stdout before hello without exiting (stderr log: ${logPath})`;
  } finally {
    timer.cancel();
  }
}
