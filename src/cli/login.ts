/**
 * `zot login [provider]` and `zot logout [provider]`: store (or forget) a
 * provider's API key in `$ZOT_HOME/auth.json`, so runs need neither the
 * environment variable nor `--api-key`. The key is typed without echo and
 * the file is replaced atomically with mode 0600.
 *
 * @module
 */

import type { Command } from "commander";
import { zotPaths } from "../config/paths.ts";
import { keyProblem, removeApiKey, saveApiKey } from "../config/auth.ts";
import { KEY_ENV } from "../config/credentials.ts";
import { asProviderName, PROVIDER_NAMES, type ProviderName } from "../config/provider_names.ts";
import { UsageError, ZotError } from "../errors.ts";
import { readSecret } from "./read_secret.ts";

function providerArg(command: string, word: string | undefined): ProviderName {
  const provider = asProviderName(word ?? "anthropic");
  if (provider) return provider;
  throw new UsageError(
    `Unknown provider "${word}" (run "zot ${command} ${
      PROVIDER_NAMES.join(`" or "zot ${command} `)
    }")`,
  );
}

function checkKey(provider: ProviderName, key: string | undefined): string {
  if (key === undefined) throw new ZotError("credentials", "Login cancelled: no key stored");
  const problem = keyProblem(key);
  if (problem) {
    throw new ZotError(
      "credentials",
      `Cannot store the ${provider} key: ${problem} (run "zot login ${provider}" and paste the key alone)`,
    );
  }
  return key;
}

export function addLoginCommands(root: Command, _setExit: (code: number) => void): void {
  root.command("login")
    .description("store a provider's API key in $ZOT_HOME/auth.json (typed without echo)")
    .argument("[provider]", `${PROVIDER_NAMES.join(" or ")} (default: anthropic)`)
    .addHelpText(
      "after",
      `
The key is read from the terminal without showing it, or from the first line of stdin
when stdin is not a terminal (printf %s "$KEY" | zot login). It is stored in auth.json,
mode 0600, replacing any earlier key of that provider. A key in the environment
(${Object.values(KEY_ENV).join(", ")}) or --api-key takes precedence over it.\n`,
    )
    .action(async (word: string | undefined) => {
      const provider = providerArg("login", word);
      const paths = zotPaths(Deno.cwd());
      const key = checkKey(provider, await readSecret(`API key for ${provider}: `));
      await saveApiKey(paths.auth, provider, key);
      console.error(`Stored the ${provider} key in ${paths.auth}`);
      const env = KEY_ENV[provider];
      if ((Deno.env.get(env) ?? "").trim() !== "") {
        console.error(
          `Note: ${env} is set in this shell and is used instead (unset it to use this key)`,
        );
      }
    });
  root.command("logout")
    .description("remove a provider's API key from $ZOT_HOME/auth.json")
    .argument("[provider]", `${PROVIDER_NAMES.join(" or ")} (default: anthropic)`)
    .action(async (word: string | undefined) => {
      const provider = providerArg("logout", word);
      const paths = zotPaths(Deno.cwd());
      await removeApiKey(paths.auth, provider);
      console.error(`Removed the ${provider} key from ${paths.auth}`);
    });
}
