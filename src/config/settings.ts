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
  return { value: { provider: asProviderName(value.provider), model, raw: value }, diagnostics };
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
