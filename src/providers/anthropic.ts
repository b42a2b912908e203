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
import { defaultMaxTokens, findModel } from "./models.ts";
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

/** Build the request body for one model call; `reported` is the model's limit from the API. */
export function anthropicBody(
  request: ModelRequest,
  reported?: number,
): Anthropic.MessageCreateParamsStreaming {
  const system = toAnthropicSystem(request.system);
  const tools = toAnthropicTools(request.tools);
  return {
    model: request.model,
    max_tokens: request.maxTokens ?? defaultMaxTokens(request.model, reported),
    messages: toAnthropicMessages(request.messages),
    ...(system ? { system } : {}),
    ...(tools.length ? { tools } : {}),
    stream: true,
  };
}

/**
 * The output limit the API reports for a model the table does not know (`GET /v1/models/<id>`,
 * `max_tokens`), asked once per model and bounded; undefined when it cannot say.
 */
function reportedLimits(options: ProviderOptions) {
  const asked = new Map<string, Promise<number | undefined>>();
  const ask = async (model: string): Promise<number | undefined> => {
    const base = (options.baseUrl ?? ANTHROPIC_BASE_URL).replace(/\/+$/, "");
    try {
      const res = await (options.fetch ?? fetch)(
        `${base}/v1/models/${encodeURIComponent(model)}`,
        {
          headers: { "x-api-key": options.apiKey, "anthropic-version": API_VERSION },
          signal: AbortSignal.timeout(LIMIT_LOOKUP_MS),
        },
      );
      if (!res.ok) {
        await res.body?.cancel();
        return undefined;
      }
      const limit: unknown = (await res.json())?.max_tokens;
      return typeof limit === "number" ? limit : undefined;
    } catch {
      return undefined;
    }
  };
  return (request: ModelRequest): Promise<number | undefined> => {
    if (request.maxTokens !== undefined || findModel(request.model)?.maxOutput) {
      return Promise.resolve(undefined);
    }
    let limit = asked.get(request.model);
    if (!limit) asked.set(request.model, limit = ask(request.model));
    return limit;
  };
}

/** Bound on asking the API for a model's output limit. */
const LIMIT_LOOKUP_MS = 3_000;

export function anthropicProvider(options: ProviderOptions): Provider {
  const reported = reportedLimits(options);
  return transportProvider(options, {
    id: "anthropic",
    label: "Anthropic",
    defaultBaseUrl: ANTHROPIC_BASE_URL,
    loadClient: () => loadClient(options),
    async *viaSdk(sdk, request) {
      const body = anthropicBody(request, await reported(request));
      const stream = await sdk.messages.create(body, { signal: request.signal });
      yield* mapAnthropicStream(stream, request.model);
    },
    async *viaFetch(base, request) {
      const body = anthropicBody(request, await reported(request));
      const messages = await postSse(`${base}/v1/messages`, body, {
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
