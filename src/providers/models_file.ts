/**
 * `$ZOT_HOME/models.json`: the user's own limits and prices for models the
 * catalog does not know (or knows wrong), read once per run. Format:
 *
 * ```json
 * { "models": { "llama3.1:8b": { "context_window": 32768, "max_output": 8192,
 *                                "input_cost": 0, "output_cost": 0 } } }
 * ```
 *
 * Costs are USD per million tokens. A bad entry is left out with a
 * diagnostic naming the field; the rest of the file still counts.
 *
 * @module
 */

import { readJsonObject } from "../config/json_file.ts";
import { isRecord } from "../is_record.ts";
import { isProviderId } from "./registry.ts";
import type { ModelInfo } from "./types.ts";

/** What an entry may say, as in the file (snake_case, like every zot JSON). */
const FIELDS = {
  context_window: "contextWindow",
  max_output: "maxOutput",
  input_cost: "inputCost",
  output_cost: "outputCost",
  cache_read_cost: "cacheReadCost",
  cache_write_cost: "cacheWriteCost",
} as const;

type NumberField = keyof typeof FIELDS;

/** One entry; without `provider` it belongs to whichever provider the run uses. */
export type ModelsFileEntry = Omit<ModelInfo, "provider"> & { provider?: ModelInfo["provider"] };

export interface ModelsFile {
  models: ModelsFileEntry[];
  diagnostics: string[];
}

/** The entries of a parsed `models.json`; `where` names the file in diagnostics. */
export function parseModelsFile(value: Record<string, unknown>, where: string): ModelsFile {
  const diagnostics: string[] = [];
  const models: ModelsFileEntry[] = [];
  const example = `(example: {"models": {"llama3.1:8b": {"context_window": 32768}}})`;
  for (const key of Object.keys(value)) {
    if (key !== "models") diagnostics.push(`${where}: unknown field "${key}" ${example}`);
  }
  const entries = value.models;
  if (entries === undefined) return { models, diagnostics };
  if (!isRecord(entries)) {
    diagnostics.push(`${where}: "models" must be an object keyed by model id ${example}`);
    return { models, diagnostics };
  }
  for (const [id, raw] of Object.entries(entries)) {
    const field = (name: string) => `${where}: models["${id}"].${name}`;
    if (!isRecord(raw)) {
      diagnostics.push(`${where}: models["${id}"] must be an object ${example}`);
      continue;
    }
    const info: ModelsFileEntry = {
      id,
      contextWindow: 0,
      maxOutput: 0,
      inputCost: 0,
      outputCost: 0,
    };
    let ok = true;
    for (const [name, v] of Object.entries(raw)) {
      if (name === "provider") {
        if (typeof v === "string" && isProviderId(v)) info.provider = v;
        else {
          diagnostics.push(`${field("provider")} must be "anthropic" or "openai"`);
          ok = false;
        }
        continue;
      }
      if (!(name in FIELDS)) {
        diagnostics.push(
          `${field(name)} is not a known field (use ${Object.keys(FIELDS).join(", ")} or provider)`,
        );
        ok = false;
        continue;
      }
      const counts = name === "context_window" || name === "max_output";
      const valid = typeof v === "number" && Number.isFinite(v) && v >= 0 &&
        (!counts || (Number.isInteger(v) && v > 0));
      if (!valid) {
        diagnostics.push(
          counts
            ? `${field(name)} must be a positive whole number of tokens (example: 32768)`
            : `${field(name)} must be a price in USD per million tokens, 0 or more (example: 0.5)`,
        );
        ok = false;
        continue;
      }
      info[FIELDS[name as NumberField]] = v as number;
    }
    if (ok) models.push(info);
  }
  return { models, diagnostics };
}

/** Read and parse `path`; a missing file holds no models. */
export async function readModelsFile(path: string): Promise<ModelsFile> {
  const read = await readJsonObject(path);
  const parsed = parseModelsFile(read.value, path);
  return { models: parsed.models, diagnostics: [...read.diagnostics, ...parsed.diagnostics] };
}
