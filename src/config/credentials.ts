/**
 * Which provider, model and API key a run uses. Keys: `--api-key` beats
 * the provider's env var (`ANTHROPIC_API_KEY` / `OPENAI_API_KEY`), which
 * beats `$ZOT_HOME/auth.json`. Provider: `--provider`, else the provider of
 * `--model`, else the last one used (config.json), else whichever has a key
 * in the environment or auth.json, else anthropic. Model: `--model`, else
 * the last one used with that provider, else the provider's default.
 *
 * @module
 */

import { ZotError } from "../errors.ts";
import { type AuthFile, readAuth, storedKey } from "./auth.ts";
import type { EnvGet, ZotPaths } from "./paths.ts";
import {
  asProviderName,
  DEFAULT_MODELS,
  PROVIDER_NAMES,
  type ProviderName,
  providerOfModelId,
} from "./provider_names.ts";
import { readSettings, type Settings } from "./settings.ts";
import { KEY_ENV } from "./key_env.ts";

export interface CredentialFlags {
  provider?: string;
  model?: string;
  apiKey?: string;
  baseUrl?: string;
}

export interface Credentials {
  provider: ProviderName;
  model: string;
  apiKey: string;
  baseUrl?: string;
  /** Where the key came from; "none" for a keyless OpenAI-compatible local server. */
  keySource: "flag" | "env" | "auth" | "none";
}

export interface CredentialSources {
  env: EnvGet;
  auth: AuthFile;
  settings: Omit<Settings, "raw">;
  /** Shown in the missing-key message. */
  authPath: string;
}

/** A failure says which kind it is: a missing key is the one an interactive run can start without. */
export type CredentialsResult =
  | { ok: true; value: Credentials }
  | { ok: false; code: "credentials"; error: string }
  /** `provider` and `model`: what the run would use once it has a key (the TUI opens with them). */
  | { ok: false; code: "no-api-key"; error: string; provider: ProviderName; model: string };

export { KEY_ENV };

/** Sent to OpenAI-compatible local servers (Ollama, LM Studio) that need no key. */
export const NO_KEY = "zot-no-key";

function nonEmpty(v: string | undefined): string | undefined {
  return v === undefined || v.trim() === "" ? undefined : v.trim();
}

function pickProvider(flags: CredentialFlags, s: CredentialSources): ProviderName | string {
  if (flags.provider) return flags.provider;
  const model = nonEmpty(flags.model);
  if (model) {
    const known = providerOfModelId(model);
    if (known) return known;
    // An unknown model behind --base-url is almost always an OpenAI-compatible server.
    if (flags.baseUrl) return "openai";
  }
  if (s.settings.provider) return s.settings.provider;
  const withKey = PROVIDER_NAMES.find((p) => nonEmpty(s.env(KEY_ENV[p])) ?? storedKey(s.auth, p));
  return withKey ?? "anthropic";
}

/** Resolve credentials from already-read sources (pure; see `loadCredentials`). */
export function resolveCredentials(
  flags: CredentialFlags,
  sources: CredentialSources,
): CredentialsResult {
  const picked = pickProvider(flags, sources);
  const provider = asProviderName(picked);
  if (!provider) {
    return {
      ok: false,
      code: "credentials",
      error: `Unknown provider "${picked}" (use "anthropic" or "openai")`,
    };
  }
  const model = nonEmpty(flags.model) ??
    (sources.settings.provider === provider ? sources.settings.model : undefined) ??
    DEFAULT_MODELS[provider];
  const baseUrl = nonEmpty(flags.baseUrl);
  const base = { provider, model, ...(baseUrl ? { baseUrl } : {}) };

  const flagKey = nonEmpty(flags.apiKey);
  if (flagKey) return { ok: true, value: { ...base, apiKey: flagKey, keySource: "flag" } };
  const envKey = nonEmpty(sources.env(KEY_ENV[provider]));
  if (envKey) return { ok: true, value: { ...base, apiKey: envKey, keySource: "env" } };
  const fileKey = storedKey(sources.auth, provider);
  if (fileKey) return { ok: true, value: { ...base, apiKey: fileKey, keySource: "auth" } };
  if (provider === "openai" && baseUrl) {
    return { ok: true, value: { ...base, apiKey: NO_KEY, keySource: "none" } };
  }
  return {
    ok: false,
    code: "no-api-key",
    provider,
    model,
    error: `No API key for provider "${provider}": set ${
      KEY_ENV[provider]
    }, pass --api-key, or run "zot login ${provider}" (stores it in ${sources.authPath})`,
  };
}

export interface LoadedCredentials {
  result: CredentialsResult;
  diagnostics: string[];
  /** config.json as read (the run reads its other settings from here too). */
  settings: Settings;
}

/** Read auth.json and config.json, then resolve. Diagnostics name broken files. */
export async function loadCredentials(
  flags: CredentialFlags,
  paths: Pick<ZotPaths, "auth" | "config">,
  env: EnvGet,
): Promise<LoadedCredentials> {
  const [auth, settings] = await Promise.all([readAuth(paths.auth), readSettings(paths.config)]);
  const result = resolveCredentials(flags, {
    env,
    auth: auth.value,
    settings: settings.value,
    authPath: paths.auth,
  });
  return {
    result,
    diagnostics: [...auth.diagnostics, ...settings.diagnostics],
    settings: settings.value,
  };
}

/** The credentials, or a ZotError carrying the remedy (for the CLI). */
export function requireCredentials(result: CredentialsResult): Credentials {
  if (result.ok) return result.value;
  throw new ZotError(result.code, result.error);
}
