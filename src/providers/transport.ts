/**
 * The wiring every provider shares: our retries around whichever transport
 * the options pick. The default is zot's own fetch + SSE client, which has
 * nothing to load; `transport: "sdk"` opts into the official SDK, whose
 * client is imported and built once on first use (and built again after a
 * failure, so a later request can succeed), with `prepare` to start that
 * early. A provider file supplies only what differs: how to build its client
 * and how to stream one request over plain fetch or the SDK.
 *
 * @module
 */

import { classifyError } from "./errors.ts";
import type { ProviderOptions } from "./options.ts";
import { withRetries } from "./retry.ts";
import type { ModelRequest, Provider, ProviderId, StreamEvent } from "./types.ts";

export interface TransportSpec<Client> {
  id: ProviderId;
  /** Names the API in error messages ("Anthropic", "OpenAI"). */
  label: string;
  defaultBaseUrl: string;
  loadClient(): Promise<Client>;
  viaSdk(client: Client, request: ModelRequest): AsyncIterable<StreamEvent>;
  /** `baseUrl` without a trailing slash. */
  viaFetch(baseUrl: string, request: ModelRequest): AsyncIterable<StreamEvent>;
}

export function transportProvider<Client>(
  options: ProviderOptions,
  spec: TransportSpec<Client>,
): Provider {
  const baseUrl = options.baseUrl ?? spec.defaultBaseUrl;
  let client: Promise<Client> | undefined;
  const getClient = () => {
    client ??= spec.loadClient().catch((e) => {
      client = undefined;
      throw e;
    });
    return client;
  };

  async function* viaSdk(request: ModelRequest): AsyncGenerator<StreamEvent> {
    yield* spec.viaSdk(await getClient(), request);
  }

  const attempt = options.transport === "sdk"
    ? viaSdk
    : (request: ModelRequest) => spec.viaFetch(baseUrl.replace(/\/+$/, ""), request);

  return {
    id: spec.id,
    prepare() {
      if (options.transport === "sdk") getClient().catch(() => {});
    },
    stream: (request) =>
      withRetries(
        () => attempt(request),
        (e) => classifyError(e, spec.label, request.signal, baseUrl),
        request.signal,
        options.retry,
      ),
  };
}
