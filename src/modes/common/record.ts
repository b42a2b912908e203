/**
 * `--record-ext <file>` or `ZOT_RECORD_EXT`: where a run records its
 * extensions' traffic, and the credentials that must never reach the file
 * (the run's key and every provider key in the environment).
 *
 * @module
 */

import type { EnvGet } from "../../config/paths.ts";
import { KEY_ENV, type LoadedCredentials } from "../../config/credentials.ts";
import { resolve } from "../../path.ts";
import type { RunFlags } from "./flags.ts";

/** The environment variable that records every run of a shell session, as the flag does. */
export const RECORD_ENV = "ZOT_RECORD_EXT";

export interface RecordTarget {
  path: string;
  secrets: readonly (string | undefined)[];
}

export function recordTarget(
  flags: RunFlags,
  env: EnvGet,
  cwd: string,
  loaded: LoadedCredentials,
): RecordTarget | undefined {
  const given = flags.recordExt ?? env(RECORD_ENV);
  if (!given) return undefined;
  const active = loaded.result.ok ? loaded.result.value.apiKey : undefined;
  return {
    path: resolve(cwd, given),
    secrets: [flags.apiKey, active, ...Object.values(KEY_ENV).map((name) => env(name))],
  };
}
