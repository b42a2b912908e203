/**
 * `--list-models`: the models of a provider. For an OpenAI-compatible server
 * behind a base URL, its own `GET /models` list (bounded by a short
 * timeout) wins; otherwise, or when the server cannot be asked, the model
 * table. Plain fetch: listing never loads an SDK.
 *
 * @module
 */

import { obj, str } from "./json_access.ts";
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

function idsOf(body: unknown): string[] | undefined {
  const data = obj(body)?.data;
  if (!Array.isArray(data)) return undefined;
  return data.flatMap((m) => {
    const id = str(obj(m)?.id);
    return id === undefined ? [] : [id];
  });
}

function infoOf(id: string, provider: ProviderId): ModelInfo {
  return findModel(id) ??
    { id, provider, contextWindow: 0, maxOutput: 0, inputCost: 0, outputCost: 0 };
}

export async function listModels(options: ListModelsOptions): Promise<ModelList> {
  const table = { models: modelsOf(options.provider), source: "table" as const };
  if (options.provider !== "openai" || !options.baseUrl) return { ...table, diagnostics: [] };
  const url = `${options.baseUrl.replace(/\/+$/, "")}/models`;
  try {
    const res = await (options.fetch ?? fetch)(url, {
      headers: options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {},
      signal: AbortSignal.timeout(options.timeoutMs ?? 3_000),
    });
    if (!res.ok) {
      await res.body?.cancel();
      return {
        ...table,
        diagnostics: [`GET ${url} answered HTTP ${res.status}; showing known models`],
      };
    }
    const ids = idsOf(await res.json());
    if (!ids) {
      return { ...table, diagnostics: [`GET ${url} returned no model list; showing known models`] };
    }
    return { models: ids.map((id) => infoOf(id, "openai")), source: "server", diagnostics: [] };
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
