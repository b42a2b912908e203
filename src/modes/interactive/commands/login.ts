/**
 * `/login [provider]`: asks for an API key in a dialog that never draws it,
 * stores it in `$ZOT_HOME/auth.json` (as `zot login` does) and, when that is
 * now the key this run would start with, uses it at once: a TUI opened
 * without a key gets going without a restart.
 *
 * @module
 */

import { keyProblem, saveApiKey } from "../../../config/auth.ts";
import { KEY_ENV, loadCredentials } from "../../../config/credentials.ts";
import { asProviderName, PROVIDER_NAMES } from "../../../config/provider_names.ts";
import { createProvider } from "../../../providers/registry.ts";
import type { BuiltinCommand } from "./types.ts";

export const login: BuiltinCommand = {
  name: "login",
  description: "store an API key for this and later runs (/login [anthropic|openai])",
  async run(ctx, args) {
    const { agent, flags, paths, providerId } = ctx.setup;
    const provider = asProviderName(args || providerId);
    if (!provider) {
      // Not quoted back: what was typed may be the key itself, pasted after /login.
      const names = PROVIDER_NAMES.join(" or ");
      ctx.status.show(
        `/login takes a provider name (${names}); it asks for the key`,
        "error",
        8000,
      );
      return;
    }
    const key = await ctx.askSecret({
      title: `API key for ${provider}`,
      lines: [
        `Paste the key and press Enter: it is stored in ${paths.auth} (mode 0600), not shown.`,
      ],
    });
    if (key === undefined) return ctx.status.show("login cancelled", "info", 4000);
    const problem = keyProblem(key);
    if (problem) {
      ctx.status.show(`No key stored: ${problem} (/login to try again)`, "error", 8000);
      return;
    }
    await saveApiKey(paths.auth, provider, key);
    // What a fresh start would use now: the flag and the environment still win over the file.
    const env = (name: string) => Deno.env.get(name);
    const { result } = await loadCredentials(flags, paths, env);
    if (result.ok && result.value.keySource === "auth" && result.value.provider === providerId) {
      const c = result.value;
      const next = createProvider({
        provider: c.provider,
        apiKey: c.apiKey,
        baseUrl: c.baseUrl,
        ...(flags.transport ? { transport: flags.transport } : {}),
      });
      agent.setModel(agent.model, next);
      ctx.status.show(`logged in to ${provider}: key stored and in use`, "success", 6000);
      return;
    }
    const keptOwn = result.ok && result.value.provider === provider;
    const why = keptOwn
      ? `this run keeps the key from ${flags.apiKey ? "--api-key" : KEY_ENV[provider]}`
      : `start zot with --provider ${provider} to use it`;
    ctx.status.show(`${provider} key stored in ${paths.auth} (${why})`, "success", 8000);
  },
};
