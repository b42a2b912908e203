/**
 * What an update changes, in words, for `zot ext update`: where it moves
 * from and to, the commits it brings (git), the files (path), the manifest
 * fields that differ, and what of that the user must agree to again (a new
 * name, exec or way of running, a wider scope).
 *
 * @module
 */

import { type Identity, identityChanges, type RecordedIdentity } from "../identity.ts";
import { defaultScope, type Scope } from "../../scope/scope.ts";
import { scopeWidening } from "../../scope/widening.ts";
import { needsGrant } from "../../sandbox/describe.ts";
import { parseManifestText } from "../manifest.ts";

/** The identity an update is compared with: the stored consent, else the installed manifest. */
export type Baseline = RecordedIdentity & { scope?: Scope };

/**
 * What of `now` the user has not agreed to, one phrase each; empty when the update grants
 * nothing new. A sandboxed scope is compared with what was agreed to; a scope where there was
 * none (a plain program becoming sandboxed) is compared with least privilege.
 */
export function consentChanges(before: Baseline, now: Identity): string[] {
  const changes = identityChanges(before, now);
  if (now.scope) {
    const base = before.scope ?? defaultScope();
    const wider = scopeWidening(base, now.scope);
    if (wider.length) changes.push(`its scope widens (${wider.join("; ")})`);
    else if (!before.scope && needsGrant(now.scope) && before.kind !== "sandboxed") {
      changes.push("it asks for a scope beyond least privilege");
    }
  }
  return changes;
}

function shown(v: unknown): string {
  const s = v === undefined ? "(none)" : JSON.stringify(v);
  return s.length > 80 ? `${s.slice(0, 77)}...` : s;
}

/** Top-level manifest fields that differ, as `"key": old -> new`. */
export function manifestDiff(before: unknown, after: unknown): string[] {
  const a = (before ?? {}) as Record<string, unknown>;
  const b = (after ?? {}) as Record<string, unknown>;
  const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].sort();
  return keys.flatMap((k) =>
    JSON.stringify(a[k]) === JSON.stringify(b[k])
      ? []
      : [`"${k}": ${shown(a[k])} -> ${shown(b[k])}`]
  );
}

/** Read a manifest file (comments allowed) for the diff; {} when it cannot be. */
export async function rawManifest(path: string): Promise<unknown> {
  try {
    const parsed = await parseManifestText(await Deno.readTextFile(path));
    return parsed.ok ? parsed.raw : {};
  } catch {
    return {};
  }
}
