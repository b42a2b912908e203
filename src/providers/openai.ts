/**
 * The OpenAI Chat Completions provider, also used for OpenAI-compatible
 * servers (Ollama, vLLM, LM Studio, OpenRouter) through `baseUrl`. By
 * default it speaks HTTP + SSE over fetch; with `transport: "sdk"` it uses
 * the `openai` SDK, imported on the first request with its retries off so
 * ours emit `retry` events. Both feed the same chunk mapper.
 *
 * @module
 */

import type OpenAI from "openai";
import { toOpenaiMessages, toOpenaiTools } from "./convert_openai.ts";
import { parseData, postSse } from "./http.ts";
import { clientError, type ProviderOptions } from "./options.ts";
import { mapOpenaiStream } from "./stream_openai.ts";
import { transportProvider } from "./transport.ts";
import type { ModelRequest, Provider } from "./types.ts";

export const OPENAI_BASE_URL = "https://api.openai.com/v1";

async function loadClient(options: ProviderOptions): Promise<OpenAI> {
  const { default: OpenAIClient } = await import("openai");
  try {
    // Everything explicit: the constructor otherwise falls back to OPENAI_* env vars.
    return new OpenAIClient({
      apiKey: options.apiKey,
      baseURL: options.baseUrl ?? OPENAI_BASE_URL,
      organization: null,
      project: null,
      maxRetries: 0,
      logLevel: "off",
      ...(options.fetch ? { fetch: options.fetch } : {}),
    });
  } catch (e) {
    throw clientError("OpenAI", e);
  }
}

/**
 * Build the request body. OpenAI's own API wants `max_completion_tokens`
 * (newer models reject `max_tokens`); compatible servers mostly know only
 * `max_tokens`.
 */
export function openaiBody(
  request: ModelRequest,
  official: boolean,
): OpenAI.ChatCompletionCreateParamsStreaming {
  const tools = toOpenaiTools(request.tools);
  const limit = request.maxTokens === undefined
    ? {}
    : official
    ? { max_completion_tokens: request.maxTokens }
    : { max_tokens: request.maxTokens };
  return {
    model: request.model,
    messages: toOpenaiMessages(request.system, request.messages),
    ...(tools.length ? { tools } : {}),
    ...limit,
    stream: true,
    stream_options: { include_usage: true },
  };
}

export function openaiProvider(options: ProviderOptions): Provider {
  const official = options.baseUrl === undefined || options.baseUrl.startsWith(OPENAI_BASE_URL);
  return transportProvider(options, {
    id: "openai",
    label: "OpenAI",
    defaultBaseUrl: OPENAI_BASE_URL,
    loadClient: () => loadClient(options),
    async *viaSdk(sdk, request) {
      const stream = await sdk.chat.completions.create(openaiBody(request, official), {
        signal: request.signal,
      });
      yield* mapOpenaiStream(stream, request.model);
    },
    async *viaFetch(base, request) {
      const messages = await postSse(`${base}/chat/completions`, openaiBody(request, official), {
        fetch: options.fetch,
        headers: { authorization: `Bearer ${options.apiKey}` },
        signal: request.signal,
      });
      async function* chunks() {
        for await (const message of messages) {
          if (message.data === "[DONE]") return;
          yield parseData(message, "OpenAI");
        }
      }
      yield* mapOpenaiStream(chunks(), request.model);
    },
  });
}
