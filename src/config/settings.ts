/**
 * `$ZOT_HOME/config.json`: user settings that persist between runs. This
 * module owns the last used provider and model; other keys (theme, ...)
 * written by other parts of zot are kept untouched on every write.
 *
 * @module
 */

import { readJsonObject, writeJsonAtomic } from "./json_file.ts";
import { asProviderName, type ProviderName } from "./provider_names.ts";

export interface Settings {
  provider?: ProviderName;
  model?: string;
  /** `maxToolCalls`: tool calls run per model reply (see {@linkcode readMaxToolCalls}). */
  maxToolCalls?: number;
  /** Every other key, as read. */
  raw: Record<string, unknown>;
}

export interface SettingsRead {
  value: Settings;
  diagnostics: string[];
}

export async function readSettings(path: string): Promise<SettingsRead> {
  const { value, diagnostics } = await readJsonObject(path);
  const model = typeof value.model === "string" && value.model !== "" ? value.model : undefined;
  const maxToolCalls = readMaxToolCalls(value.maxToolCalls, path, diagnostics);
  return {
    value: { provider: asProviderName(value.provider), model, maxToolCalls, raw: value },
    diagnostics,
  };
}

/** The largest per-reply tool call bound accepted (a bound, not a wish for none). */
export const MAX_TOOL_CALLS_CEILING = 100_000;

/** A whole number from 1 to the ceiling, else undefined (and a diagnostic when present). */
function readMaxToolCalls(
  value: unknown,
  path: string,
  diagnostics: string[],
): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value === "number" && Number.isInteger(value) && value >= 1) {
    if (value <= MAX_TOOL_CALLS_CEILING) return value;
  }
  diagnostics.push(
    `Ignoring "maxToolCalls" in "${path}": ${
      JSON.stringify(value)
    } is not a whole number from 1 to ${MAX_TOOL_CALLS_CEILING} (e.g. "maxToolCalls": 64)`,
  );
  return undefined;
}

/**
 * Remember the provider and model used, keeping every other setting. An unreadable file is left
 * as it is (rewriting it would drop the user's other settings); the error says so.
 */
export async function rememberModel(
  path: string,
  provider: ProviderName,
  model: string,
): Promise<void> {
  const { value, diagnostics } = await readJsonObject(path);
  if (diagnostics.length > 0) {
    throw new Error(`${diagnostics[0]} (the model choice was not saved)`);
  }
  if (value.provider === provider && value.model === model) return;
  await writeJsonAtomic(path, { ...value, provider, model });
}
