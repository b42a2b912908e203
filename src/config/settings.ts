/**
 * `$ZOT_HOME/config.json`: user settings that persist between runs. This
 * module owns the last used provider and model; other keys (theme, ...)
 * written by other parts of zot are kept untouched on every write.
 *
 * @module
 */

import type { ProviderId } from "../providers/types.ts";
import { readJsonObject, writeJsonAtomic } from "./json_file.ts";

export interface Settings {
  provider?: ProviderId;
  model?: string;
  /** Every other key, as read. */
  raw: Record<string, unknown>;
}

export interface SettingsRead {
  value: Settings;
  diagnostics: string[];
}

function providerOf(v: unknown): ProviderId | undefined {
  return v === "anthropic" || v === "openai" ? v : undefined;
}

export async function readSettings(path: string): Promise<SettingsRead> {
  const { value, diagnostics } = await readJsonObject(path);
  const model = typeof value.model === "string" && value.model !== "" ? value.model : undefined;
  return { value: { provider: providerOf(value.provider), model, raw: value }, diagnostics };
}

/** Remember the provider and model used, keeping every other setting. */
export async function rememberModel(
  path: string,
  provider: ProviderId,
  model: string,
): Promise<void> {
  const { value } = await readJsonObject(path);
  await writeJsonAtomic(path, { ...value, provider, model });
}
