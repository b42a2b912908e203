/**
 * A fake model server on 127.0.0.1 answering what model lookups ask: an
 * OpenAI-compatible `GET /v1/models`, Ollama's `POST /api/show`, Anthropic's
 * `GET /v1/models` and `GET /v1/models/{id}`. Each route answers the JSON
 * given (404 when none); every request is recorded.
 *
 * @module
 */

export interface SeenRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string;
}

export interface ModelServer extends AsyncDisposable {
  /** `http://127.0.0.1:<port>` */
  root: string;
  seen: SeenRequest[];
}

/** Serve `routes` ("GET /v1/models" -> JSON body). */
export function modelServer(routes: Record<string, unknown>): ModelServer {
  const seen: SeenRequest[] = [];
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, async (req) => {
    const url = new URL(req.url);
    const body = await req.text();
    seen.push({
      method: req.method,
      path: url.pathname + url.search,
      headers: Object.fromEntries(req.headers),
      body,
    });
    const answer = routes[`${req.method} ${url.pathname}`];
    return answer === undefined
      ? new Response("not found", { status: 404 })
      : Response.json(answer);
  });
  return {
    root: `http://127.0.0.1:${server.addr.port}`,
    seen,
    [Symbol.asyncDispose]: () => server.shutdown(),
  };
}
