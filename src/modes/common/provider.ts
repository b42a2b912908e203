/**
 * Provider, model and API key of a run (src/config/credentials.ts decides;
 * this builds the client). SDKs stay unloaded until the first request.
 *
 * @module
 */

import { KEY_ENV, type LoadedCredentials, requireCredentials } from "../../config/credentials.ts";
import type { Provider, ProviderId } from "../../providers/types.ts";
import { createProvider, isProviderId } from "../../providers/registry.ts";
import { UsageError } from "../../errors.ts";
import type { RunFlags } from "./flags.ts";
import type { DiagnosticSink } from "../../diagnostic.ts";
import { warning } from "./diagnostics.ts";

export interface ResolvedProvider {
  provider: Provider;
  id: ProviderId;
  model: string;
}

/**
 * A provider for a run without a key (the TUI still opens: extension
 * commands, panels and notes work without a model); each prompt fails with
 * how to set one.
 */
export function keylessProvider(id: ProviderId, error: string): Provider {
  return {
    id,
    async *stream() {
      yield { type: "error", message: error };
    },
  };
}

/** The run's provider from its credentials (read once by the set-up: `loadCredentials`). */
export function resolveProvider(
  flags: RunFlags,
  credentials: LoadedCredentials,
  warn: DiagnosticSink,
  options: { allowMissingKey?: boolean } = {},
): ResolvedProvider {
  if (flags.provider !== undefined && !isProviderId(flags.provider)) {
    throw new UsageError(`Unknown provider "${flags.provider}" (use "anthropic" or "openai")`);
  }
  const { result, diagnostics } = credentials;
  for (const message of diagnostics) warn(warning("config", "config-invalid", message));
  if (!result.ok && options.allowMissingKey && result.code === "no-api-key") {
    // The provider and model the run would use with a key (config.json's last choice too).
    const { provider: id, model } = result;
    // The first screen says how to get going, before a prompt fails.
    warn(warning(
      "config",
      "no-api-key",
      `No API key for ${id} yet: prompts cannot reach the model`,
      `type /login to paste one, set ${KEY_ENV[id]}, or start zot with --api-key`,
    ));
    return { provider: keylessProvider(id, result.error), id, model };
  }
  const c = requireCredentials(result);
  return {
    provider: createProvider({
      provider: c.provider,
      apiKey: c.apiKey,
      baseUrl: c.baseUrl,
      ...(flags.transport ? { transport: flags.transport } : {}),
    }),
    id: c.provider,
    model: c.model,
  };
}
