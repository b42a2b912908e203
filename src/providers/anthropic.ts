/**
 * The Anthropic Messages API provider. By default it speaks HTTP + SSE
 * over fetch; with `transport: "sdk"` it uses `@anthropic-ai/sdk`, imported
 * on the first request and with its own retries off so ours can announce
 * each wait as a `retry` event. Both feed the same event mapper.
 *
 * @module
 */

import type Anthropic from "@anthropic-ai/sdk";
import { toAnthropicMessages, toAnthropicSystem, toAnthropicTools } from "./convert_anthropic.ts";
import { parseData, postSse } from "./http.ts";
import { defaultMaxTokens } from "./models.ts";
import { clientError, type ProviderOptions } from "./options.ts";
import { mapAnthropicStream } from "./stream_anthropic.ts";
import { transportProvider } from "./transport.ts";
import type { ModelRequest, Provider } from "./types.ts";

export const ANTHROPIC_BASE_URL = "https://api.anthropic.com";
const API_VERSION = "2023-06-01";

async function loadClient(options: ProviderOptions): Promise<Anthropic> {
  const { default: AnthropicClient } = await import("@anthropic-ai/sdk");
  try {
    // Everything explicit: the constructor otherwise falls back to ANTHROPIC_* env vars.
    return new AnthropicClient({
      apiKey: options.apiKey,
      baseURL: options.baseUrl ?? ANTHROPIC_BASE_URL,
      webhookKey: null,
      maxRetries: 0,
      logLevel: "off",
      ...(options.fetch ? { fetch: options.fetch } : {}),
    });
  } catch (e) {
    throw clientError("Anthropic", e);
  }
}

/** Build the request body for one model call. */
export function anthropicBody(request: ModelRequest): Anthropic.MessageCreateParamsStreaming {
  const system = toAnthropicSystem(request.system);
  const tools = toAnthropicTools(request.tools);
  return {
    model: request.model,
    max_tokens: request.maxTokens ?? defaultMaxTokens(request.model),
    messages: toAnthropicMessages(request.messages),
    ...(system ? { system } : {}),
    ...(tools.length ? { tools } : {}),
    stream: true,
  };
}

export function anthropicProvider(options: ProviderOptions): Provider {
  return transportProvider(options, {
    id: "anthropic",
    label: "Anthropic",
    defaultBaseUrl: ANTHROPIC_BASE_URL,
    loadClient: () => loadClient(options),
    async *viaSdk(sdk, request) {
      const stream = await sdk.messages.create(anthropicBody(request), { signal: request.signal });
      yield* mapAnthropicStream(stream, request.model);
    },
    async *viaFetch(base, request) {
      const messages = await postSse(`${base}/v1/messages`, anthropicBody(request), {
        fetch: options.fetch,
        headers: { "x-api-key": options.apiKey, "anthropic-version": API_VERSION },
        signal: request.signal,
      });
      async function* events() {
        for await (const message of messages) yield parseData(message, "Anthropic");
      }
      yield* mapAnthropicStream(events(), request.model);
    },
  });
}
