/**
 * Install records: where each global extension came from, so `zot ext
 * update` can fetch it again and `zot ext list` can say. One JSON file,
 * `$ZOT_HOME/installs.json`, keyed by the install directory's name, written
 * atomically under the state lock. It lives outside the extensions'
 * directories, so no extension can rewrite where it will be updated from.
 *
 * A record is one of: a git URL with the ref asked for (a pin, or none for
 * the default branch) and the commit installed; a local path; an npm
 * package with the range asked for and the version installed.
 *
 * @module
 */

import type { ZotPaths } from "../../config/paths.ts";
import { basename, join } from "../../path.ts";
import { asRecord, withStateLock, writeJsonFileAtomic } from "../../sandbox/json_store.ts";

export type InstallOrigin =
  | { type: "git"; url: string; ref?: string; commit?: string }
  | { type: "path"; path: string }
  | { type: "npm"; package: string; range: string; version: string; registry: string };

export interface InstallRecord {
  origin: InstallOrigin;
  installedAt: string;
}

const VERSION = 1;

export function recordsPath(paths: ZotPaths): string {
  return join(paths.home, "installs.json");
}

const str = (v: unknown): v is string => typeof v === "string" && v !== "";

/** One stored origin, or undefined when malformed. */
function parseOrigin(v: unknown): InstallOrigin | undefined {
  const o = asRecord(v);
  if (o.type === "git" && str(o.url)) {
    return {
      type: "git",
      url: o.url,
      ...(str(o.ref) ? { ref: o.ref } : {}),
      ...(str(o.commit) ? { commit: o.commit } : {}),
    };
  }
  if (o.type === "path" && str(o.path)) return { type: "path", path: o.path };
  if (o.type === "npm" && str(o.package) && str(o.range) && str(o.version) && str(o.registry)) {
    return {
      type: "npm",
      package: o.package,
      range: o.range,
      version: o.version,
      registry: o.registry,
    };
  }
  return undefined;
}

async function readAll(path: string): Promise<Record<string, unknown>> {
  try {
    const top = asRecord(JSON.parse(await Deno.readTextFile(path)));
    return top.installs && typeof top.installs === "object" && !Array.isArray(top.installs)
      ? top.installs as Record<string, unknown>
      : {};
  } catch {
    return {};
  }
}

/** Every readable record, by install directory name. */
export async function readInstallRecords(paths: ZotPaths): Promise<Map<string, InstallRecord>> {
  const out = new Map<string, InstallRecord>();
  for (const [key, value] of Object.entries(await readAll(recordsPath(paths)))) {
    const origin = parseOrigin(asRecord(value).origin);
    const at = asRecord(value).installed_at;
    if (origin) out.set(key, { origin, installedAt: typeof at === "string" ? at : "" });
  }
  return out;
}

/** The record of the install directory named `dirName`, if any. */
export async function readInstallRecord(
  paths: ZotPaths,
  dirName: string,
): Promise<InstallRecord | undefined> {
  return (await readInstallRecords(paths)).get(dirName);
}

/** Store (or, with `origin` undefined, forget) the record of `dirName`. */
export async function saveInstallRecord(
  paths: ZotPaths,
  dirName: string,
  origin: InstallOrigin | undefined,
  now: Date = new Date(),
): Promise<void> {
  const path = recordsPath(paths);
  await withStateLock(path, async () => {
    const all = await readAll(path);
    if (origin) all[dirName] = { origin, installed_at: now.toISOString() };
    else delete all[dirName];
    await writeJsonFileAtomic(path, { version: VERSION, installs: all });
  });
}

/** Forget the record of the install directory `dir` (after `zot ext remove`). */
export async function forgetInstallRecord(paths: ZotPaths, dir: string): Promise<void> {
  const name = basename(dir);
  if ((await readInstallRecords(paths)).has(name)) await saveInstallRecord(paths, name, undefined);
}

/** One line for people: where it came from. */
export function describeOrigin(origin: InstallOrigin): string {
  switch (origin.type) {
    case "git": {
      const pin = origin.ref ? `#${origin.ref}` : "";
      const at = origin.commit ? ` @ ${origin.commit.slice(0, 12)}` : "";
      return `${origin.url}${pin}${at}`;
    }
    case "path":
      return origin.path;
    case "npm":
      return `npm:${origin.package}@${origin.range} (${origin.version})`;
  }
}
