/**
 * The plain-fetch transport: POST a JSON body, stream SSE back. No SDK is
 * loaded, so the first model request leaves the process within a few
 * milliseconds of start-up. Failures are thrown as values `classifyError`
 * understands (`status`, `headers`, `error` = the API's JSON body).
 *
 * @module
 */

import { readSse, SseError, type SseMessage } from "./sse.ts";
import { errorMessage } from "../errors.ts";

/** A non-2xx answer. `error` is the parsed body (or its text). */
export class HttpStatusError extends Error {
  constructor(
    readonly status: number,
    readonly headers: Headers,
    readonly error: unknown,
    text: string,
  ) {
    super(`HTTP ${status}: ${text.slice(0, 500)}`);
    this.name = "HttpStatusError";
  }
}

/** The server could not be reached, or the connection broke. */
export class NetworkError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "NetworkError";
  }
}

export interface PostOptions {
  fetch?: typeof fetch;
  headers: Record<string, string>;
  signal: AbortSignal;
}

/** POST `body` and return the SSE messages of a 2xx answer; throw on anything else. */
export async function postSse(
  url: string,
  body: unknown,
  options: PostOptions,
): Promise<AsyncGenerator<SseMessage>> {
  let res: Response;
  try {
    res = await (options.fetch ?? fetch)(url, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        accept: "text/event-stream",
        ...options.headers,
      },
      body: JSON.stringify(body),
      signal: options.signal,
    });
  } catch (e) {
    if (options.signal.aborted) throw e;
    throw new NetworkError(`Cannot connect to ${new URL(url).origin}: ${errorMessage(e)}`, {
      cause: e,
    });
  }
  if (!res.ok || !res.body) {
    const text = await res.text().catch(() => "");
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // Keep the text: a proxy's HTML error page still says something.
    }
    throw new HttpStatusError(res.status, res.headers, parsed, text);
  }
  return guarded(readSse(res.body, undefined, options.signal), options.signal);
}

/** Turn a broken connection mid-stream into a NetworkError (unless aborted). */
async function* guarded(
  messages: AsyncGenerator<SseMessage>,
  signal: AbortSignal,
): AsyncGenerator<SseMessage> {
  try {
    yield* messages;
  } catch (e) {
    // An oversize event is the server's doing, not the connection's: retrying would repeat it.
    if (signal.aborted || e instanceof SseError) throw e;
    throw new NetworkError(`The response stream broke: ${errorMessage(e)}`, { cause: e });
  }
}

/** Parse an SSE data payload as JSON, naming the API when it is not. */
export function parseData(message: SseMessage, api: string): unknown {
  try {
    return JSON.parse(message.data);
  } catch {
    throw new Error(`${api} sent an unreadable stream event: ${message.data.slice(0, 200)}`);
  }
}
