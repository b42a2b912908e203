/**
 * Loopback servers for the sandbox tests: an HTTP server (also serving a JS
 * module for remote-import probes) and a bare TCP listener.
 *
 * @module
 */

export interface Loopback extends AsyncDisposable {
  port: number;
  /** Requests (HTTP) or connections (TCP) it has received. */
  readonly hits: number;
}

/** HTTP on 127.0.0.1: `/mod.js` is a module exporting `answer`; anything else says "hello". */
export function httpServer(): Loopback {
  let hits = 0;
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, (req) => {
    hits++;
    if (new URL(req.url).pathname === "/mod.js") {
      return new Response("export const answer = 42;\n", {
        headers: { "content-type": "application/javascript" },
      });
    }
    return new Response("hello");
  });
  return {
    port: server.addr.port,
    get hits() {
      return hits;
    },
    [Symbol.asyncDispose]: () => server.shutdown(),
  };
}

/** A TCP listener on 127.0.0.1 that accepts and closes connections. */
export function tcpServer(): Loopback {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  let hits = 0;
  const loop = (async () => {
    try {
      for await (const conn of listener) {
        hits++;
        conn.close();
      }
    } catch { /* closed */ }
  })();
  return {
    port: listener.addr.port,
    get hits() {
      return hits;
    },
    async [Symbol.asyncDispose]() {
      listener.close();
      await loop;
    },
  };
}
