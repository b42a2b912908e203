/**
 * The environment variables that hold zot's own provider keys. Kept apart from
 * credentials.ts (which reads settings and auth.json) so that the places that
 * must keep these names away from untrusted code (the extension sandbox, the
 * sandboxed `bash` tool) can know them without loading the rest.
 *
 * @module
 */

import type { ProviderName } from "./provider_names.ts";

/** The variable each provider's key is read from. */
export const KEY_ENV: Record<ProviderName, string> = {
  anthropic: "ANTHROPIC_API_KEY",
  openai: "OPENAI_API_KEY",
};

/** Every provider key name zot knows. */
export const ZOT_KEY_NAMES: readonly string[] = Object.values(KEY_ENV);

/**
 * zot's own secrets in its environment: the provider keys and the token an RPC client proves
 * itself with. A wildcard env grant never covers them (src/sandbox/permissions.ts).
 */
export const ZOT_SECRET_NAMES: readonly string[] = [...ZOT_KEY_NAMES, "ZOTCORE_RPC_TOKEN"];
