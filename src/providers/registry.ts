/**
 * `createProvider`: the one place a provider id becomes an implementation.
 * Importing this module loads no SDK: the default fetch transport never
 * loads one; `transport: "sdk"` imports the official SDK on first use.
 *
 * @example
 * ```ts ignore
 * const provider = createProvider({ provider: "anthropic", apiKey, baseUrl: llm.anthropicBaseUrl });
 * for await (const event of provider.stream({ model, system, messages, tools, signal })) {
 *   // text_delta* tool_call* usage? then exactly one of done | error;
 *   // retry events may come first (nothing has streamed yet when they do).
 * }
 * ```
 *
 * @module
 */

import { anthropicProvider } from "./anthropic.ts";
import { openaiProvider } from "./openai.ts";
import type { ProviderOptions } from "./options.ts";
import type { Provider, ProviderId } from "./types.ts";

export type { ProviderOptions } from "./options.ts";
export type { RetryOptions } from "./retry.ts";

export const PROVIDER_IDS: readonly ProviderId[] = ["anthropic", "openai"];

export interface CreateProviderOptions extends ProviderOptions {
  provider: ProviderId;
}

export function createProvider(options: CreateProviderOptions): Provider {
  const { provider, ...rest } = options;
  switch (provider) {
    case "anthropic":
      return anthropicProvider(rest);
    case "openai":
      return openaiProvider(rest);
    default: {
      const never: never = provider;
      throw new Error(`Unknown provider "${never}"`);
    }
  }
}

/** Narrow a user-given string to a provider id. */
export function isProviderId(value: string): value is ProviderId {
  return PROVIDER_IDS.some((id) => id === value);
}
