/**
 * A model's limits and prices from what a server says about it. Servers
 * spell them differently: vLLM's `/v1/models` entries carry `max_model_len`,
 * OpenRouter's `context_length`, `top_provider.max_completion_tokens` and a
 * per-token `pricing`, Anthropic's `/v1/models/{id}` `max_input_tokens` and
 * `max_tokens`, Ollama's `/api/show` a `<architecture>.context_length` in
 * `model_info`. Each reader takes the parsed JSON of unknown shape and keeps
 * only positive finite numbers; 0 means "not said".
 *
 * @module
 */

import { num, type Obj, obj, str } from "./json_access.ts";
import type { ModelInfo, ProviderId } from "./types.ts";

/** The first positive number among `keys` of `o`. */
function firstPositive(o: Obj | undefined, keys: string[]): number {
  for (const k of keys) {
    const n = num(o?.[k]);
    if (n !== undefined && n > 0) return n;
  }
  return 0;
}

/** A price in USD per token as OpenRouter writes it ("0.000003"), as USD per million tokens. */
function perMillion(v: unknown): number | undefined {
  const n = typeof v === "string" ? Number(v) : num(v);
  if (n === undefined || !Number.isFinite(n) || n < 0) return undefined;
  // Rounded: 0.000003 * 1e6 is 2.9999999999999996 in floating point.
  return Math.round(n * 1e6 * 1e6) / 1e6;
}

/** What one model-list entry (OpenAI-compatible or Anthropic) says about its model. */
export function entryInfo(entry: unknown, provider: ProviderId): ModelInfo | undefined {
  const e = obj(entry);
  const id = str(e?.id);
  if (!e || !id) return undefined;
  const info: ModelInfo = {
    id,
    provider,
    contextWindow: firstPositive(e, [
      "context_window",
      "context_length",
      "max_model_len",
      "max_context_length",
      "max_input_tokens",
    ]),
    maxOutput: firstPositive(e, ["max_output_tokens", "max_completion_tokens", "max_tokens"]) ||
      firstPositive(obj(e.top_provider), ["max_completion_tokens"]),
    inputCost: 0,
    outputCost: 0,
  };
  const pricing = obj(e.pricing);
  if (pricing) {
    info.inputCost = perMillion(pricing.prompt) ?? 0;
    info.outputCost = perMillion(pricing.completion) ?? 0;
    const read = perMillion(pricing.input_cache_read);
    const write = perMillion(pricing.input_cache_write);
    if (read !== undefined) info.cacheReadCost = read;
    if (write !== undefined) info.cacheWriteCost = write;
  }
  return info;
}

/**
 * The context window Ollama serves `/api/show`'s model with: the `num_ctx`
 * its parameters set (what Ollama really uses), else the model's own
 * `<architecture>.context_length`. 0 when it says neither.
 */
export function ollamaContext(show: unknown): number {
  const body = obj(show);
  const numCtx = /(?:^|\n)\s*num_ctx\s+(\d+)/.exec(str(body?.parameters) ?? "");
  if (numCtx && Number(numCtx[1]) > 0) return Number(numCtx[1]);
  const info = obj(body?.model_info);
  if (!info) return 0;
  for (const [key, value] of Object.entries(info)) {
    const n = num(value);
    if (key.endsWith(".context_length") && n !== undefined && n > 0) return n;
  }
  return 0;
}
