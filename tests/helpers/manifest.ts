/**
 * Manifests and scopes for tests that build an extension source by hand:
 * made by the same parse as a manifest read from disk, so a test never holds
 * a value the loader could not have produced.
 *
 * @module
 */

import { validateFields } from "../../src/extensions/manifest_fields.ts";
import type { Manifest } from "../../src/extensions/types.ts";
import { parseScope } from "../../src/scope/parse.ts";
import type { Scope } from "../../src/scope/scope.ts";

/** `raw` as the manifest loader parses it; throws on a manifest it would refuse. */
export function manifestOf(raw: Record<string, unknown>): Manifest {
  const r = validateFields(raw);
  if (!r.ok) throw new Error(`test manifest refused: ${r.problem}`);
  return r.manifest;
}

/** `raw` as the manifest loader parses a scope; throws on one it would refuse. */
export function scopeOf(raw: unknown): Scope {
  const r = parseScope(raw);
  if (!r.ok) throw new Error(`test scope refused: ${r.errors.join("; ")}`);
  return r.scope;
}
