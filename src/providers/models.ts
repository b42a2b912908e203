/**
 * The model table: context window, output limit and USD prices per million
 * tokens of the Anthropic and OpenAI models zot knows. Unknown ids (local
 * models behind an OpenAI-compatible server) still work; they just cost 0
 * and get conservative limits.
 *
 * @module
 */

import type { Usage } from "../model/types.ts";
import { DEFAULT_MODELS } from "../config/provider_names.ts";
import type { ModelInfo, ProviderId } from "./types.ts";

function anthropic(
  id: string,
  contextWindow: number,
  maxOutput: number,
  input: number,
  output: number,
): ModelInfo {
  // Anthropic bills cache reads at 0.1x and 5-minute cache writes at 1.25x input.
  return {
    id,
    provider: "anthropic",
    contextWindow,
    maxOutput,
    inputCost: input,
    outputCost: output,
    cacheReadCost: input * 0.1,
    cacheWriteCost: input * 1.25,
  };
}

function openai(
  id: string,
  contextWindow: number,
  maxOutput: number,
  input: number,
  output: number,
  cachedInput: number,
): ModelInfo {
  return {
    id,
    provider: "openai",
    contextWindow,
    maxOutput,
    inputCost: input,
    outputCost: output,
    cacheReadCost: cachedInput,
  };
}

/** Newest first within each provider. */
export const MODELS: readonly ModelInfo[] = [
  // Models the Anthropic SDK flags as deprecated (claude-sonnet-4-5, claude-opus-4-5) are
  // left out: picking one makes the SDK console.warn on every request, which would
  // scribble over the TUI.
  anthropic("claude-opus-4-7", 200_000, 64_000, 5, 25),
  anthropic("claude-sonnet-4-6", 200_000, 64_000, 3, 15),
  anthropic("claude-opus-4-6", 200_000, 64_000, 5, 25),
  anthropic("claude-haiku-4-5", 200_000, 64_000, 1, 5),
  openai("gpt-5.1", 400_000, 128_000, 1.25, 10, 0.125),
  openai("gpt-5", 400_000, 128_000, 1.25, 10, 0.125),
  openai("gpt-5-mini", 400_000, 128_000, 0.25, 2, 0.025),
  openai("gpt-5-nano", 400_000, 128_000, 0.05, 0.4, 0.005),
  openai("gpt-4.1", 1_047_576, 32_768, 2, 8, 0.5),
  openai("gpt-4.1-mini", 1_047_576, 32_768, 0.4, 1.6, 0.1),
  openai("gpt-4o", 128_000, 16_384, 2.5, 10, 1.25),
  openai("gpt-4o-mini", 128_000, 16_384, 0.15, 0.6, 0.075),
  openai("o3", 200_000, 100_000, 2, 8, 0.5),
  openai("o4-mini", 200_000, 100_000, 1.1, 4.4, 0.275),
];

/**
 * What this run learned about models beyond the table: the user's
 * `models.json` and what the server said (see model_lookup.ts). Consulted
 * first, so a user entry can also correct the table.
 */
const learned = new Map<string, ModelInfo>();

/** Make `info` what {@linkcode findModel} answers for its id from now on in this process. */
export function learnModel(info: ModelInfo): void {
  learned.set(info.id, info);
}

/** Forget what {@linkcode learnModel} recorded (tests run many set-ups in one process). */
export function forgetLearnedModels(): void {
  learned.clear();
}

/** The table entry for `id` (exact, or a dated snapshot like `claude-haiku-4-5-20251001`). */
export function findModel(id: string): ModelInfo | undefined {
  const mine = learned.get(id);
  if (mine) return mine;
  const exact = MODELS.find((m) => m.id === id);
  if (exact) return exact;
  const undated = id.replace(/-\d{8}$|-\d{4}-\d{2}-\d{2}$/, "");
  return MODELS.find((m) => m.id === undated);
}

/**
 * Short names for the newest model of a family (`--model opus`, `/model haiku`): each
 * resolves to the first entry of the table, which lists models newest first, so an alias
 * follows the catalog when it is updated.
 */
export const MODEL_ALIASES = ["opus", "sonnet", "haiku"] as const;

/** The catalog id `name` stands for, when it is an alias (any case); else undefined. */
export function resolveModelAlias(name: string): string | undefined {
  const family = name.trim().toLowerCase();
  if (!MODEL_ALIASES.some((a) => a === family)) return undefined;
  return MODELS.find((m) => m.provider === "anthropic" && m.id.startsWith(`claude-${family}-`))
    ?.id;
}

/** Models of one provider, in table order. */
export function modelsOf(provider: ProviderId): ModelInfo[] {
  return MODELS.filter((m) => m.provider === provider);
}

/** The model used when neither a flag nor config.json names one. */
export function defaultModel(provider: ProviderId): string {
  return DEFAULT_MODELS[provider];
}

/** What to request for a model neither the table nor its provider knows the limit of. */
export const FALLBACK_MAX_TOKENS = 8_192;

/**
 * Output limit to request when the caller sets none: the table's, else the limit the provider
 * reported for the model (`reported`), else {@linkcode FALLBACK_MAX_TOKENS}.
 */
export function defaultMaxTokens(id: string, reported?: number): number {
  // What the user's models.json or the server said is the model's own, like a reported limit.
  const said = learned.get(id)?.maxOutput;
  if (said) return Math.min(said, 64_000);
  const known = findModel(id)?.maxOutput;
  // Capped: a huge max_tokens makes some servers reserve (or reject) too much. 0 is "not said".
  if (known) return Math.min(known, 32_000);
  // A limit the provider reports is the model's own: used up to the reference host's 64000.
  if (reported !== undefined && Number.isInteger(reported) && reported > 0) {
    return Math.min(reported, 64_000);
  }
  return FALLBACK_MAX_TOKENS;
}

/** USD cost of `usage` on `model` (0 for unknown models). */
export function costOf(model: string, usage: Omit<Usage, "cost_usd">): number {
  const info = findModel(model);
  if (!info) return 0;
  const cost = usage.input * info.inputCost +
    usage.output * info.outputCost +
    usage.cache_read * (info.cacheReadCost ?? info.inputCost) +
    usage.cache_write * (info.cacheWriteCost ?? info.inputCost);
  return cost / 1_000_000;
}
