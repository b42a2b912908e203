/**
 * The Anthropic Messages API provider. `@anthropic-ai/sdk` is imported on the
 * first request, never at start-up; its own retries are off so ours can
 * announce each wait as a `retry` event.
 *
 * @module
 */

import type Anthropic from "@anthropic-ai/sdk";
import { toAnthropicMessages, toAnthropicSystem, toAnthropicTools } from "./convert_anthropic.ts";
import { classifyError } from "./errors.ts";
import { defaultMaxTokens } from "./models.ts";
import { clientError, type ProviderOptions } from "./options.ts";
import { withRetries } from "./retry.ts";
import { mapAnthropicStream } from "./stream_anthropic.ts";
import type { ModelRequest, Provider, StreamEvent } from "./types.ts";

export const ANTHROPIC_BASE_URL = "https://api.anthropic.com";

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
  let client: Promise<Anthropic> | undefined;
  const getClient = () => {
    client ??= loadClient(options).catch((e) => {
      client = undefined;
      throw e;
    });
    return client;
  };

  async function* attempt(request: ModelRequest): AsyncGenerator<StreamEvent> {
    const sdk = await getClient();
    const stream = await sdk.messages.create(anthropicBody(request), { signal: request.signal });
    yield* mapAnthropicStream(stream, request.model);
  }

  return {
    id: "anthropic",
    stream: (request) =>
      withRetries(
        () => attempt(request),
        (e) => classifyError(e, "Anthropic", request.signal),
        request.signal,
        options.retry,
      ),
  };
}
