/**
 * `zot --list-models [--provider p]`.
 *
 * @module
 */

import { MODELS } from "../providers/models.ts";
import { isProviderId } from "../providers/registry.ts";
import { UsageError } from "../errors.ts";

export function listModels(provider?: string): void {
  if (provider !== undefined && !isProviderId(provider)) {
    throw new UsageError(`Unknown provider "${provider}" (use "anthropic" or "openai")`);
  }
  const rows = MODELS.filter((m) => !provider || m.provider === provider);
  for (const m of rows) {
    console.log(
      `${m.provider.padEnd(10)} ${
        m.id.padEnd(20)
      } context ${m.contextWindow} max-out ${m.maxOutput}`,
    );
  }
}
