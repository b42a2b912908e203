/**
 * What a run learns about its model before the first request, without
 * loading the lookup code when there is nothing to learn: a catalog model
 * and no `models.json` is the common case, and src/providers/model_lookup.ts
 * (the models.json parser and the server queries) loads only otherwise.
 *
 * @module
 */

import { findModel } from "../../providers/models.ts";
import type { ModelLookup, ModelLookupOptions } from "../../providers/model_lookup.ts";

/** {@linkcode ModelLookup} of `options`; the lookup module loads only when it can add something. */
export async function lookUpModelLazily(options: ModelLookupOptions): Promise<ModelLookup> {
  const known = findModel(options.model);
  // A models.json may override a catalog entry: any file there goes through the lookup.
  if (known && !(await exists(options.modelsFile))) {
    return { info: known, source: "catalog", diagnostics: [] };
  }
  const { lookUpModel } = await import("../../providers/model_lookup.ts");
  return await lookUpModel(options);
}

/** Anything at `path`, even what cannot be read: the lookup reports that as it always did. */
async function exists(path: string): Promise<boolean> {
  try {
    await Deno.lstat(path);
    return true;
  } catch (e) {
    return !(e instanceof Deno.errors.NotFound);
  }
}
