/**
 * `zot --list-models [--provider p] [--base-url u]`. The server behind
 * `--base-url` (Ollama, vLLM, any OpenAI- or Anthropic-compatible one) is
 * asked for its own models;
 * otherwise the known-model table is printed.
 *
 * @module
 */

import { MODELS } from "../providers/models.ts";
import { isProviderId } from "../providers/registry.ts";
import type { ModelInfo } from "../providers/types.ts";
import { UsageError } from "../errors.ts";
import { safeJson, safeText } from "../safe_text.ts";
import type { RunFlags } from "../modes/common/flags.ts";

/** Prints the models; with `json`, one object `{"models": [...]}` (the RPC `get_models` fields). */
export async function listModels(flags: RunFlags, options: { json?: boolean } = {}): Promise<void> {
  const provider = flags.provider;
  if (provider !== undefined && !isProviderId(provider)) {
    throw new UsageError(`Unknown provider "${provider}" (use "anthropic" or "openai")`);
  }
  let rows: readonly ModelInfo[] = MODELS.filter((m) => !provider || m.provider === provider);
  if (flags.baseUrl) {
    const [{ loadCredentials }, { zotPaths }, { listModels: fromServer }] = await Promise.all([
      import("../config/credentials.ts"),
      import("../config/paths.ts"),
      import("../providers/list_models.ts"),
    ]);
    const creds = await loadCredentials(flags, zotPaths(Deno.cwd()), (k) => Deno.env.get(k));
    if (creds.result.ok) {
      const listed = await fromServer({
        provider: creds.result.value.provider,
        baseUrl: flags.baseUrl,
        apiKey: creds.result.value.apiKey,
      });
      for (const d of listed.diagnostics) console.error(`zot: ${d}`);
      rows = listed.models;
    }
  }
  if (options.json) {
    // One object, like every --json listing; the keys are the RPC `get_models` ones.
    const models = rows.map((m) => ({
      id: m.id,
      provider: m.provider,
      context_window: m.contextWindow,
      max_output: m.maxOutput,
    }));
    // A server's model ids are its own text: escaped so they cannot drive the terminal.
    console.log(safeJson({ models }, 2));
    return;
  }
  for (const m of rows) {
    console.log(
      `${m.provider.padEnd(10)} ${safeText(m.id).padEnd(20)} context ${
        m.contextWindow || "?"
      } max-out ${m.maxOutput || "?"}`,
    );
  }
}
