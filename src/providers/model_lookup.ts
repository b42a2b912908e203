/**
 * What a run knows about a model the catalog does not list: the user's
 * `models.json` first, then what the server behind `--base-url` says (an
 * OpenAI-compatible `/models` entry, Ollama's `/api/show`, Anthropic's
 * `/v1/models/{id}`). The answer is recorded with `learnModel`, so cost,
 * context % and auto-compaction read it through `findModel` like a catalog
 * entry. Every request is bounded; a server that cannot say is no error.
 *
 * @module
 */

import { obj } from "./json_access.ts";
import { entryInfo, ollamaContext } from "./model_fields.ts";
import { findModel, learnModel } from "./models.ts";
import { readModelsFile } from "./models_file.ts";
import type { ModelInfo, ProviderId } from "./types.ts";

/** Anthropic API version header for the model lookup (the one the provider sends). */
const ANTHROPIC_VERSION = "2023-06-01";

export interface ModelLookupOptions {
  provider: ProviderId;
  model: string;
  /** `$ZOT_HOME/models.json`. */
  modelsFile: string;
  /** The server is asked only behind a base URL: the public APIs' models are in the catalog. */
  baseUrl?: string;
  apiKey?: string;
  fetch?: typeof fetch;
  /** Bound on each server request (default 2 s). */
  timeoutMs?: number;
}

export interface ModelLookup {
  /** What is now known about the model (undefined: nothing, its context window is unknown). */
  info: ModelInfo | undefined;
  /** Where the answer came from. */
  source: "models.json" | "catalog" | "server" | "none";
  diagnostics: string[];
}

async function getJson(
  url: string,
  init: RequestInit,
  options: ModelLookupOptions,
): Promise<unknown> {
  try {
    const res = await (options.fetch ?? fetch)(url, {
      ...init,
      signal: AbortSignal.timeout(options.timeoutMs ?? 2_000),
    });
    if (!res.ok) {
      await res.body?.cancel();
      return undefined;
    }
    return await res.json();
  } catch {
    return undefined;
  }
}

/** Ask the server behind `base` what it knows about the model. */
export async function askServer(
  base: string,
  options: ModelLookupOptions,
): Promise<ModelInfo | undefined> {
  const root = base.replace(/\/+$/, "");
  const { model, provider } = options;
  if (provider === "anthropic") {
    const headers: Record<string, string> = { "anthropic-version": ANTHROPIC_VERSION };
    if (options.apiKey) headers["x-api-key"] = options.apiKey;
    const body = await getJson(
      `${root}/v1/models/${encodeURIComponent(model)}`,
      { headers },
      options,
    );
    const info = entryInfo(body, "anthropic");
    return info?.id === model ? info : undefined;
  }
  const headers: Record<string, string> = options.apiKey
    ? { authorization: `Bearer ${options.apiKey}` }
    : {};
  const list = obj(await getJson(`${root}/models`, { headers }, options))?.data;
  const entry = Array.isArray(list) ? list.find((m) => obj(m)?.id === model) : undefined;
  const info = entry === undefined ? undefined : entryInfo(entry, "openai");
  if (info?.contextWindow) return info;
  // Ollama's OpenAI-compatible list says nothing of size; its own API does.
  const show = await getJson(`${root.replace(/\/v1$/, "")}/api/show`, {
    method: "POST",
    headers: { ...headers, "content-type": "application/json" },
    body: JSON.stringify({ model }),
  }, options);
  const context = ollamaContext(show);
  if (!context) return info;
  return {
    ...(info ?? { id: model, provider: "openai", maxOutput: 0, inputCost: 0, outputCost: 0 }),
    contextWindow: context,
  };
}

/** Find out what can be known about the run's model and record it; see the module doc. */
export async function lookUpModel(options: ModelLookupOptions): Promise<ModelLookup> {
  const file = await readModelsFile(options.modelsFile);
  const mine = file.models.map((m) => ({ ...m, provider: m.provider ?? options.provider }));
  for (const m of mine) learnModel(m);
  const { diagnostics } = file;
  const entry = mine.find((m) => m.id === options.model);
  if (entry) return { info: entry, source: "models.json", diagnostics };
  const known = findModel(options.model);
  if (known) return { info: known, source: "catalog", diagnostics };
  if (!options.baseUrl) return { info: undefined, source: "none", diagnostics };
  const said = await askServer(options.baseUrl, options);
  // An entry that says nothing would only hide the "unknown" state.
  if (!said || !(said.contextWindow || said.maxOutput || said.inputCost || said.outputCost)) {
    return { info: undefined, source: "none", diagnostics };
  }
  learnModel(said);
  return { info: said, source: "server", diagnostics };
}
