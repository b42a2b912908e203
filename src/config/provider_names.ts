/**
 * What config needs to know about providers without importing them (config
 * is a leaf layer): their names, default models, and which provider a model
 * id belongs to. src/providers/models.ts builds on these.
 *
 * @module
 */

export const PROVIDER_NAMES = ["anthropic", "openai"] as const;

/** Same union as `ProviderId` in src/providers/types.ts. */
export type ProviderName = typeof PROVIDER_NAMES[number];

/** The model a provider uses when neither a flag nor config.json names one. */
export const DEFAULT_MODELS: Record<ProviderName, string> = {
  anthropic: "claude-opus-4-7",
  openai: "gpt-5.1",
};

export function asProviderName(value: unknown): ProviderName | undefined {
  return PROVIDER_NAMES.find((p) => p === value);
}

/** The provider of a model id by its family prefix (undefined when unknown, e.g. "llama3"). */
export function providerOfModelId(id: string): ProviderName | undefined {
  if (id.startsWith("claude-")) return "anthropic";
  if (/^(gpt-|chatgpt-|codex-|o\d)/.test(id)) return "openai";
  return undefined;
}
