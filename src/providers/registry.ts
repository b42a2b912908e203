/**
 * `createProvider`: the one place a provider id becomes an implementation.
 * Importing this module loads no provider: the one a run uses is imported
 * when first prepared or streamed (the other API's code never loads), and no
 * SDK either: the default fetch transport never loads one; `transport: "sdk"`
 * imports the official SDK on first use.
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

import type { ProviderOptions } from "./options.ts";
import type { Provider, ProviderId, StreamEvent } from "./types.ts";
import { errorMessage } from "../errors.ts";

export type { ProviderOptions } from "./options.ts";
export type { RetryOptions } from "./retry.ts";

export const PROVIDER_IDS: readonly ProviderId[] = ["anthropic", "openai"];

export interface CreateProviderOptions extends ProviderOptions {
  provider: ProviderId;
}

/** The module of each API, imported when its provider is first used: a run loads one. */
function loadFactory(id: ProviderId): Promise<(options: ProviderOptions) => Provider> {
  switch (id) {
    case "anthropic":
      return import("./anthropic.ts").then((m) => m.anthropicProvider);
    case "openai":
      return import("./openai.ts").then((m) => m.openaiProvider);
    default: {
      const never: never = id;
      throw new Error(`Unknown provider "${never}"`);
    }
  }
}

export function createProvider(options: CreateProviderOptions): Provider {
  const { provider, ...rest } = options;
  let loaded: Promise<Provider> | undefined;
  const load = () => loaded ??= loadFactory(provider).then((make) => make(rest));
  return {
    id: provider,
    prepare() {
      load().then((p) => p.prepare?.(), () => {});
    },
    async *stream(request): AsyncGenerator<StreamEvent> {
      let inner: Provider;
      try {
        inner = await load();
      } catch (e) {
        // Only a broken build gets here; still a terminal event, as the stream contract says.
        yield {
          type: "error",
          message: `Cannot load the ${provider} provider: ${errorMessage(e)}`,
        };
        return;
      }
      yield* inner.stream(request);
    },
  };
}

/** Narrow a user-given string to a provider id. */
export function isProviderId(value: string): value is ProviderId {
  return PROVIDER_IDS.some((id) => id === value);
}
