/**
 * Streaming responses for the fake LLM server: SSE bodies that either end
 * or hang until the client goes away (or the server is disposed).
 *
 * @module
 */

/** Open hanging streams, closed by the server on dispose. */
export type OpenStreams = Set<ReadableStreamDefaultController<Uint8Array>>;

const encoder = new TextEncoder();

/**
 * An SSE response carrying `events`, one enqueue per event so the client sees
 * real incremental chunks. With `hang`, the body stays open afterwards until
 * the client goes away (the server cancels the body) or the fake is disposed.
 */
export function sseResponse(
  events: string[],
  open: OpenStreams,
  hang = false,
  contentType = "text/event-stream",
): Response {
  let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  const close = () => {
    if (!controller || !open.has(controller)) return;
    open.delete(controller);
    try {
      controller.close();
    } catch {
      // Already errored by a disconnect: nothing left to close.
    }
  };
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
      open.add(c);
      for (const event of events) c.enqueue(encoder.encode(event));
      if (!hang) close();
    },
    cancel() {
      if (controller) open.delete(controller);
    },
  });
  return new Response(body, {
    headers: { "content-type": contentType, "cache-control": "no-cache" },
  });
}

/** A JSON response. */
export function jsonResponse(body: unknown, status = 200, headers: Record<string, string> = {}) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json", ...headers },
  });
}
