/**
 * A Server-Sent Events reader for streamed model responses: LF or CRLF
 * line ends, multi-line `data:`, comments and unknown fields ignored.
 *
 * @module
 */

export interface SseMessage {
  event?: string;
  data: string;
}

/** Yield each complete event of `body`; a trailing event without a blank line is dropped. */
export async function* readSse(body: ReadableStream<Uint8Array>): AsyncGenerator<SseMessage> {
  const decoder = new TextDecoder();
  let buffer = "";
  let event: string | undefined;
  let data: string[] = [];
  const reader = body.getReader();
  try {
    while (true) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      let nl: number;
      while ((nl = buffer.indexOf("\n")) >= 0) {
        const line = buffer.slice(0, nl).replace(/\r$/, "");
        buffer = buffer.slice(nl + 1);
        if (line === "") {
          if (data.length) yield { ...(event ? { event } : {}), data: data.join("\n") };
          event = undefined;
          data = [];
          continue;
        }
        if (line.startsWith(":")) continue;
        const colon = line.indexOf(":");
        const field = colon < 0 ? line : line.slice(0, colon);
        const value = colon < 0 ? "" : line.slice(colon + 1).replace(/^ /, "");
        if (field === "data") data.push(value);
        else if (field === "event") event = value;
      }
    }
  } finally {
    // Stops the download when the consumer breaks off early (abort, error).
    await reader.cancel().catch(() => {});
    reader.releaseLock();
  }
}
