/**
 * A Server-Sent Events reader for streamed model responses. The parsing is
 * `eventsource-parser`'s (the spec's line ends, multi-line `data:`, comments,
 * a leading BOM, unknown fields ignored); this module only feeds it decoded
 * bytes, bounds what it may buffer, and turns its callbacks into an async
 * iterator that stops the download when the consumer breaks off.
 *
 * @module
 */

import { createParser, type EventSourceMessage } from "eventsource-parser";

export interface SseMessage {
  event?: string;
  data: string;
}

/**
 * The most characters one event (or one unterminated line) may hold before the
 * stream is given up: a server streaming an endless line must not fill memory.
 * Real events are small (a text delta, a tool-argument piece); a whole 4 MB
 * reply still arrives, as many events.
 */
export const SSE_MAX_EVENT_CHARS = 16 * 1024 * 1024;

/** The stream broke the SSE framing in a way we will not buffer through. */
export class SseError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "SseError";
  }
}

/**
 * Yield each complete event of `body`; a trailing event without a blank line is dropped. When
 * `signal` aborts, a read still waiting ends at once and the abort reason is thrown: the fetch's
 * own abort does not always end a read that waits on a server which sends nothing more (seen
 * with Deno 2.9), and a run must stop when the user interrupts it.
 */
export async function* readSse(
  body: ReadableStream<Uint8Array>,
  maxEventChars: number = SSE_MAX_EVENT_CHARS,
  signal?: AbortSignal,
): AsyncGenerator<SseMessage> {
  const decoder = new TextDecoder();
  let ready: SseMessage[] = [];
  let failure: SseError | undefined;
  const parser = createParser({
    maxBufferSize: maxEventChars,
    onEvent: (m: EventSourceMessage) => {
      ready.push(m.event ? { event: m.event, data: m.data } : { data: m.data });
    },
    onError: (e) => {
      // Unknown fields and bad `retry` values are ignored, as the spec says; only the
      // buffer bound ends the stream.
      if (e.type === "max-buffer-size-exceeded") {
        failure = new SseError(
          `The response stream sent an event over ${maxEventChars} characters`,
        );
      }
    },
  });
  const reader = body.getReader();
  const onAbort = () => void reader.cancel(signal?.reason).catch(() => {});
  signal?.addEventListener("abort", onAbort, { once: true });
  try {
    while (true) {
      signal?.throwIfAborted();
      const { value, done } = await reader.read();
      signal?.throwIfAborted();
      if (done) break;
      parser.feed(decoder.decode(value, { stream: true }));
      if (failure) throw failure;
      if (ready.length === 0) continue;
      const batch = ready;
      ready = [];
      yield* batch;
    }
  } finally {
    signal?.removeEventListener("abort", onAbort);
    // Stops the download when the consumer breaks off early (abort, error).
    await reader.cancel().catch(() => {});
    reader.releaseLock();
  }
}
