/**
 * Loopback servers for the sandbox tests: an HTTP server (also serving a JS
 * module for remote-import probes) and a bare TCP listener.
 *
 * @module
 */

export interface Loopback extends AsyncDisposable {
  port: number;
}

/** HTTP on 127.0.0.1: `/mod.js` is a module exporting `answer`; anything else says "hello". */
export function httpServer(): Loopback {
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, (req) => {
    if (new URL(req.url).pathname === "/mod.js") {
      return new Response("export const answer = 42;\n", {
        headers: { "content-type": "application/javascript" },
      });
    }
    return new Response("hello");
  });
  return { port: server.addr.port, [Symbol.asyncDispose]: () => server.shutdown() };
}

/** A TCP listener on 127.0.0.1 that accepts and closes connections. */
export function tcpServer(): Loopback {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const loop = (async () => {
    try {
      for await (const conn of listener) conn.close();
    } catch { /* closed */ }
  })();
  return {
    port: listener.addr.port,
    async [Symbol.asyncDispose]() {
      listener.close();
      await loop;
    },
  };
}
