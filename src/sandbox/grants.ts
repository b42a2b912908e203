/**
 * Stored consent: `$ZOT_HOME/grants.json`, outside every extension
 * directory, so an extension cannot approve itself. One identity record per
 * extension directory (keyed by its real path), for every kind of extension:
 * the manifest name, the exec, how it runs (sandboxed, plain, passive), for a
 * sandboxed one the normalized scope the user agreed to, and the manifest's
 * SHA-256. At start an installed extension must still match it (see
 * src/extensions/consent_check.ts).
 *
 * Reading tells "nothing recorded" apart from "cannot be read": a record or
 * a file that cannot be read grants nothing, and is never taken for a first
 * start that may be recorded as it is.
 *
 * @module
 */

import { basename, dirname, join } from "../path.ts";
import { scopeToJson } from "../scope/json.ts";
import { parseScope } from "../scope/parse.ts";
import type { Scope } from "../scope/scope.ts";
import type { LaunchKind } from "./launch_kind.ts";
import { errorMessage } from "../errors.ts";
import { asRecord, withStateLock, writeJsonFileAtomic } from "./json_store.ts";

/** What the user agreed to for one extension directory. */
export interface IdentityRecord {
  name: string;
  /** The manifest's exec as written; "" for a passive bundle. Absent in version 1 grants. */
  exec?: string;
  kind: LaunchKind;
  /** The granted scope (sandboxed and confined only). */
  scope?: Scope;
  /** SHA-256 of the manifest file agreed to, hex; "" when unknown. */
  manifestSha256: string;
  /** How it was recorded: "install", "grant", "first start". */
  via: string;
  recordedAt: string;
}

/** Kept for callers that only need the granted scope. */
export type StoredGrant = IdentityRecord;

export type RecordLookup =
  | { status: "none" }
  | { status: "ok"; record: IdentityRecord }
  | { status: "unreadable"; why: string };

const VERSION = 2;
const KINDS: readonly string[] = ["sandboxed", "confined", "plain", "passive"];

type Store = { ok: true; grants: Record<string, unknown> } | { ok: false; why: string };

async function readStore(grantsPath: string): Promise<Store> {
  let text: string;
  try {
    text = await Deno.readTextFile(grantsPath);
  } catch (e) {
    if (e instanceof Deno.errors.NotFound) return { ok: true, grants: {} };
    return { ok: false, why: `cannot read ${grantsPath}: ${errorMessage(e)}` };
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, why: `${grantsPath} is not valid JSON` };
  }
  const top = asRecord(value);
  const grants = top.grants;
  if (typeof grants !== "object" || grants === null || Array.isArray(grants)) {
    return { ok: false, why: `${grantsPath} holds no "grants" object` };
  }
  return { ok: true, grants: grants as Record<string, unknown> };
}

/**
 * Real path for keys. A directory that does not exist yet (an install's
 * destination) keys by its real parent plus its name, as it will once made.
 */
export async function grantKey(dir: string): Promise<string> {
  try {
    return await Deno.realPath(dir);
  } catch {
    try {
      return join(await Deno.realPath(dirname(dir)), basename(dir));
    } catch {
      return dir;
    }
  }
}

/** One stored entry, or undefined when it is malformed. */
function parseEntry(v: unknown): IdentityRecord | undefined {
  const e = asRecord(v);
  if (typeof e.name !== "string") return undefined;
  const recordedAt = typeof e.recorded_at === "string"
    ? e.recorded_at
    : typeof e.granted_at === "string"
    ? e.granted_at
    : "";
  let scope: Scope | undefined;
  if (e.scope !== undefined) {
    const parsed = parseScope(e.scope);
    if (!parsed.ok) return undefined;
    scope = parsed.scope;
  }
  if (e.kind === undefined) {
    // Version 1 stored only sandboxed grants: name and scope, no exec.
    if (!scope) return undefined;
    return { name: e.name, kind: "sandboxed", scope, manifestSha256: "", via: "grant", recordedAt };
  }
  if (typeof e.kind !== "string" || !KINDS.includes(e.kind)) return undefined;
  if (typeof e.exec !== "string") return undefined;
  const kind = e.kind as LaunchKind;
  const scoped = kind === "sandboxed" || kind === "confined";
  if (scoped && !scope) return undefined;
  return {
    name: e.name,
    exec: e.exec,
    kind,
    scope: scoped ? scope : undefined,
    manifestSha256: typeof e.manifest_sha256 === "string" ? e.manifest_sha256 : "",
    via: typeof e.via === "string" ? e.via : "",
    recordedAt,
  };
}

/** The record for the extension in `dir`: none, readable, or unreadable. */
export async function lookupRecord(grantsPath: string, dir: string): Promise<RecordLookup> {
  const store = await readStore(grantsPath);
  if (!store.ok) return { status: "unreadable", why: store.why };
  const key = await grantKey(dir);
  if (!Object.hasOwn(store.grants, key)) return { status: "none" };
  const record = parseEntry(store.grants[key]);
  if (!record) return { status: "unreadable", why: `the record for ${key} is malformed` };
  return { status: "ok", record };
}

/** The record for `dir`, if one is stored and readable. */
export async function findGrant(grantsPath: string, dir: string): Promise<StoredGrant | undefined> {
  const found = await lookupRecord(grantsPath, dir);
  return found.status === "ok" ? found.record : undefined;
}

/** What to record: everything but the time. */
export type NewRecord = Omit<IdentityRecord, "recordedAt">;

/**
 * Record that the user agreed to `record` for the extension in `dir`. A
 * store that cannot be read is replaced: what it held granted nothing.
 */
export async function saveRecord(
  grantsPath: string,
  dir: string,
  record: NewRecord,
  now: Date = new Date(),
): Promise<void> {
  const key = await grantKey(dir);
  await withStateLock(grantsPath, async () => {
    const store = await readStore(grantsPath);
    const grants = store.ok ? store.grants : {};
    const entry: Record<string, unknown> = {
      name: record.name,
      exec: record.exec ?? "",
      kind: record.kind,
      manifest_sha256: record.manifestSha256,
      via: record.via,
      recorded_at: now.toISOString(),
    };
    const scoped = record.kind === "sandboxed" || record.kind === "confined";
    if (scoped && record.scope) entry.scope = scopeToJson(record.scope);
    grants[key] = entry;
    await writeJsonFileAtomic(grantsPath, { version: VERSION, grants });
  });
}

/** Forget the record for `dir` (e.g. on remove). True when one existed. */
export async function removeGrant(grantsPath: string, dir: string): Promise<boolean> {
  const key = await grantKey(dir);
  return await withStateLock(grantsPath, async () => {
    const store = await readStore(grantsPath);
    if (!store.ok || !Object.hasOwn(store.grants, key)) return false;
    delete store.grants[key];
    await writeJsonFileAtomic(grantsPath, { version: VERSION, grants: store.grants });
    return true;
  });
}
