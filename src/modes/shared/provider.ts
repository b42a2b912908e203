/**
 * Provider, model and API key of a run: flags first, then the environment.
 * SDKs stay unloaded until the first request (providers load them lazily).
 *
 * @module
 */

import { UsageError } from "../../errors.ts";
import type { Provider, ProviderId } from "../../providers/types.ts";
import { createProvider, isProviderId, PROVIDER_IDS } from "../../providers/registry.ts";
import { defaultModel, providerOfModel } from "../../providers/models.ts";
import type { RunFlags } from "./flags.ts";

export type EnvGet = (name: string) => string | undefined;

const KEY_ENV: Record<ProviderId, string> = {
  anthropic: "ANTHROPIC_API_KEY",
  openai: "OPENAI_API_KEY",
};

/** Local servers (Ollama, vLLM, a test server) take any key. */
const PLACEHOLDER_KEY = "zot-no-key";

export interface ResolvedProvider {
  provider: Provider;
  id: ProviderId;
  model: string;
}

export function resolveProvider(flags: RunFlags, env: EnvGet): ResolvedProvider {
  let id: ProviderId;
  if (flags.provider !== undefined) {
    if (!isProviderId(flags.provider)) {
      throw new UsageError(
        `Unknown provider "${flags.provider}" (use ${
          PROVIDER_IDS.map((p) => `"${p}"`).join(" or ")
        })`,
      );
    }
    id = flags.provider;
  } else {
    id = (flags.model ? providerOfModel(flags.model) : undefined) ??
      (env(KEY_ENV.anthropic) ? "anthropic" : env(KEY_ENV.openai) ? "openai" : "anthropic");
  }
  const model = flags.model ?? defaultModel(id);
  const apiKey = flags.apiKey ?? env(KEY_ENV[id]) ?? (flags.baseUrl ? PLACEHOLDER_KEY : undefined);
  if (!apiKey) {
    throw new UsageError(
      `No API key for provider "${id}" (set ${KEY_ENV[id]} or pass --api-key)`,
    );
  }
  return { provider: createProvider({ provider: id, apiKey, baseUrl: flags.baseUrl }), id, model };
}
