/**
 * An extension's identity: what the user agrees to when installing,
 * granting or trusting it. The manifest name (it picks the commands, the log
 * and the data directory), the exec, how it runs, the scope of a sandboxed
 * one, and the manifest's SHA-256. What changed between a recorded identity
 * and the current one is said in words, for refusals and for the prompt that
 * asks again.
 *
 * @module
 */

import type { Scope } from "../scope/scope.ts";
import { kindWords, type LaunchKind, launchKind } from "../sandbox/launch_kind.ts";
import { type ExtensionSource, scopeOf } from "./types.ts";

export interface Identity {
  name: string;
  /** The manifest's exec as written; "" for a passive bundle. */
  exec: string;
  kind: LaunchKind;
  /** The normalized scope (sandboxed and confined only). */
  scope?: Scope;
  manifestSha256: string;
}

/** The recorded side of a comparison (an older record may lack the exec). */
export interface RecordedIdentity {
  name: string;
  exec?: string;
  kind: LaunchKind;
}

const encoder = new TextEncoder();

/** SHA-256 of a manifest file in hex, or "" when it cannot be read. */
export async function manifestSha256(path: string): Promise<string> {
  let bytes: Uint8Array<ArrayBuffer>;
  try {
    bytes = await Deno.readFile(path);
  } catch {
    return "";
  }
  return hex(await crypto.subtle.digest("SHA-256", bytes));
}

/** SHA-256 of a text in hex. */
export async function textSha256(text: string): Promise<string> {
  return hex(await crypto.subtle.digest("SHA-256", encoder.encode(text)));
}

function hex(digest: ArrayBuffer): string {
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

/** The identity of `source` now (its scope was parsed when the manifest was loaded). */
export async function identityOf(source: ExtensionSource): Promise<Identity> {
  const exec = source.manifest.exec ?? "";
  const kind = launchKind(exec, source.manifest.scope !== undefined);
  const identity: Identity = {
    name: source.manifest.name,
    exec,
    kind,
    manifestSha256: await manifestSha256(source.manifestPath),
  };
  if (kind === "sandboxed" || kind === "confined") identity.scope = scopeOf(source);
  return identity;
}

/**
 * What differs in name, exec or kind, one phrase each (empty: the same
 * extension). An exec the record does not know (an older grant) is not a
 * change; the caller pins it.
 */
export function identityChanges(recorded: RecordedIdentity, now: Identity): string[] {
  const changes: string[] = [];
  if (recorded.name !== now.name) changes.push(`name "${recorded.name}" -> "${now.name}"`);
  if (recorded.kind !== now.kind) {
    changes.push(`runs as ${kindWords(recorded.kind)} -> ${kindWords(now.kind)}`);
  }
  if (recorded.exec !== undefined && recorded.exec !== now.exec) {
    changes.push(`exec "${recorded.exec}" -> "${now.exec}"`);
  }
  return changes;
}
