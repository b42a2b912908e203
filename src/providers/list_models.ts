/**
 * `--list-models`: the models of a provider. For a server behind a base URL,
 * its own list wins (OpenAI-compatible `GET /models`, Anthropic-compatible
 * `GET /v1/models`, bounded by a short timeout), with the limits and prices
 * its entries state, else the table's; otherwise, or when the server cannot
 * be asked, the model table. Plain fetch: listing never loads an SDK.
 *
 * @module
 */

import { obj } from "./json_access.ts";
import { entryInfo } from "./model_fields.ts";
import { findModel, modelsOf } from "./models.ts";
import type { ModelInfo, ProviderId } from "./types.ts";
import { errorMessage } from "../errors.ts";

export interface ListModelsOptions {
  provider: ProviderId;
  baseUrl?: string;
  apiKey?: string;
  fetch?: typeof fetch;
  /** Bound on the server query (default 3 s). */
  timeoutMs?: number;
}

export interface ModelList {
  /** Models unknown to the table have 0 for limits and prices (unknown). */
  models: ModelInfo[];
  source: "server" | "table";
  /** Why the server was not used, if it was asked. */
  diagnostics: string[];
}

/** The entries of a model list, each with what it states, else what the table knows. */
function serverModels(body: unknown, provider: ProviderId): ModelInfo[] | undefined {
  const data = obj(body)?.data;
  if (!Array.isArray(data)) return undefined;
  return data.flatMap((entry) => {
    const said = entryInfo(entry, provider);
    if (!said) return [];
    const known = findModel(said.id);
    return [{
      ...said,
      contextWindow: said.contextWindow || known?.contextWindow || 0,
      maxOutput: said.maxOutput || known?.maxOutput || 0,
      ...(said.inputCost || said.outputCost ? {} : known ? pricesOf(known) : {}),
    }];
  });
}

function pricesOf(m: ModelInfo): Partial<ModelInfo> {
  const { inputCost, outputCost, cacheReadCost, cacheWriteCost } = m;
  return {
    inputCost,
    outputCost,
    ...(cacheReadCost !== undefined ? { cacheReadCost } : {}),
    ...(cacheWriteCost !== undefined ? { cacheWriteCost } : {}),
  };
}

/** Where a provider's server lists its models, and how it wants the key. */
function listRequest(provider: ProviderId, base: string, apiKey?: string) {
  const root = base.replace(/\/+$/, "");
  if (provider === "anthropic") {
    const headers: Record<string, string> = { "anthropic-version": "2023-06-01" };
    if (apiKey) headers["x-api-key"] = apiKey;
    return { url: `${root}/v1/models?limit=1000`, headers };
  }
  return {
    url: `${root}/models`,
    headers: apiKey ? { authorization: `Bearer ${apiKey}` } : {} as Record<string, string>,
  };
}

export async function listModels(options: ListModelsOptions): Promise<ModelList> {
  const table = { models: modelsOf(options.provider), source: "table" as const };
  if (!options.baseUrl) return { ...table, diagnostics: [] };
  const { url, headers } = listRequest(options.provider, options.baseUrl, options.apiKey);
  try {
    const res = await (options.fetch ?? fetch)(url, {
      headers,
      signal: AbortSignal.timeout(options.timeoutMs ?? 3_000),
    });
    if (!res.ok) {
      await res.body?.cancel();
      return {
        ...table,
        diagnostics: [`GET ${url} answered HTTP ${res.status}; showing known models`],
      };
    }
    const models = serverModels(await res.json(), options.provider);
    if (!models) {
      return { ...table, diagnostics: [`GET ${url} returned no model list; showing known models`] };
    }
    return { models, source: "server", diagnostics: [] };
  } catch (e) {
    return {
      ...table,
      diagnostics: [`Cannot list models at ${url}: ${errorMessage(e)}; showing known models`],
    };
  }
}

function tokens(n: number): string {
  if (n === 0) return "?";
  return n >= 1_000_000 ? `${+(n / 1_000_000).toFixed(2)}M` : `${Math.round(n / 1000)}k`;
}

/** One aligned line per model: id, context, max output, $ in/out per million tokens. */
export function formatModels(models: ModelInfo[]): string {
  const width = Math.max(0, ...models.map((m) => m.id.length));
  return models.map((m) => {
    const price = m.inputCost || m.outputCost ? `$${m.inputCost}/$${m.outputCost} per Mtok` : "";
    return `${m.id.padEnd(width)}  ${tokens(m.contextWindow).padStart(5)} ctx  ${
      tokens(m.maxOutput).padStart(5)
    } out  ${price}`.trimEnd();
  }).join("\n");
}
