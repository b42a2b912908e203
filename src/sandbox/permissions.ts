/**
 * From a scope to what the runner gets: the worker's `deno.permissions`
 * (paths resolved and real-path checked) and the runner's environment (only
 * granted variables, since children of an allowed `run` command inherit the
 * runner's whole environment).
 *
 * @module
 */

import { ZOT_SECRET_NAMES } from "../config/key_env.ts";
import { type PlaceholderValues, resolveScopePath } from "../scope/paths.ts";
import type { Scope } from "../scope/scope.ts";
import type { WorkerPermissions } from "./config.ts";
import { checkGrantedTrees, realish } from "./symlinks.ts";
import { guardWrites, type WriteGuardOptions } from "./write_guard.ts";
import { gitPlaces } from "./git_paths.ts";
import { isHiddenState, isStateGrant, reachesState, type StatePlaces } from "./zot_state.ts";

export interface PermissionDirs {
  /** Real path of the extension directory (always readable: the entry and its imports load from it). */
  extension: string;
  /** Real path of the data directory (always readable and writable). */
  data: string;
  /** The project (cwd) and home, for placeholders. */
  project: string;
  home?: string;
  /** `$ZOT_HOME`: grants, keys and every extension live there; never writable. */
  zotHome?: string;
  /** Real paths of the trusted projects, whose `.git` and `.zot` writes must not reach. */
  trusted?: string[];
  /** Where git takes code from, as seen from a directory (tests); default: ask git. */
  gitPlaces?: WriteGuardOptions["gitPlaces"];
}

export type PermissionsResult = {
  ok: true;
  permissions: WorkerPermissions;
  /** Paths inside the writable ones that stay unwritable (write_guard.ts). */
  denyWrite: string[];
} | {
  ok: false;
  error: string;
};

/** Resolve placeholders, take real paths, and refuse outward symlinks in granted dirs. */
export async function workerPermissions(
  scope: Scope,
  dirs: PermissionDirs,
): Promise<PermissionsResult> {
  const values: PlaceholderValues = {
    project: dirs.project,
    extension: dirs.extension,
    data: dirs.data,
    home: dirs.home,
  };
  const resolve = async (list: string[], key: string): Promise<string[] | string> => {
    const out: string[] = [];
    for (const p of list) {
      const r = resolveScopePath(p, values);
      if (!r.ok) return `scope.${key} "${p}": ${r.error}`;
      const real = await realish(r.path);
      // "${project}/config.json" must not become whatever a symlink planted
      // in the project points at: below a placeholder, stay below it.
      const root = /^\$\{([a-z]+)\}\//.exec(p)?.[1] as keyof PlaceholderValues | undefined;
      if (root) {
        const realRoot = await realish(values[root]!);
        if (!within(realRoot, real)) {
          return `scope.${key} "${p}" leads through a symlink to "${real}", outside "\${${root}}"`;
        }
      }
      out.push(real);
    }
    return out;
  };
  const read = await resolve(scope.read, "read");
  if (typeof read === "string") return { ok: false, error: read };
  const write = await resolve(scope.write, "write");
  if (typeof write === "string") return { ok: false, error: write };
  const readable = unique([dirs.extension, dirs.data, ...read, ...write]);
  const writable = unique([dirs.data, ...write]);
  const own = write.find((w) => within(w, dirs.extension) || within(dirs.extension, w));
  if (own) {
    return {
      ok: false,
      error:
        `scope.write may not cover the extension's own directory "${own}" (write to "\${data}" instead)`,
    };
  }
  // Writing grants.json would let an extension grant itself more than the user agreed to.
  const zotHome = dirs.zotHome ? await realish(dirs.zotHome) : undefined;
  const state = zotHome &&
    write.find((w) => (within(w, zotHome) || within(zotHome, w)) && !within(dirs.data, w));
  if (state) {
    return {
      ok: false,
      error: `scope.write may not cover zot's state directory "${zotHome}" ("${state}"; ` +
        `grants, keys and other extensions live there; write to "\${data}" instead)`,
    };
  }
  // zot's keys, conversations and other extensions' data are never readable (zot_state.ts):
  // a grant inside them is refused, one around them is narrowed by the launcher.
  const places: StatePlaces | undefined = zotHome
    ? { zotHome, keep: [dirs.extension, dirs.data] }
    : undefined;
  const inState = places && read.find((r) => isStateGrant(places, r));
  if (inState) {
    return {
      ok: false,
      error: `scope.read "${inState}" lies in zot's own state "${zotHome}", which no extension ` +
        `may read (keys, conversations and other extensions' data live there; read "\${data}" ` +
        `instead)`,
    };
  }
  // No write may reach a place git or zot runs code from.
  const guard = await guardWrites(writable, {
    data: dirs.data,
    projects: [dirs.project, ...(dirs.trusted ?? [])],
    gitPlaces: dirs.gitPlaces ?? ((dir) => gitPlaces(dir, dirs.home)),
  });
  if (!guard.ok) return guard;
  // One walk of every granted tree: links must stay in what is readable
  // (in a writable root: in what is writable, out of what is denied), and
  // no repository may hide below a writable root's top level.
  const trees = await checkGrantedTrees({
    readable,
    writable,
    denied: guard.deny,
    entry: guard.entry,
    hidden: places && ((p) => isHiddenState(places, p)),
    unreadable: places && ((target) => reachesState(places, target)),
  });
  if (!trees.ok) return { ok: false, error: trees.error };
  const orFalse = (l: string[]) => (l.length ? l : false);
  return {
    ok: true,
    denyWrite: guard.deny,
    permissions: {
      read: readable,
      write: writable,
      net: orFalse(scope.net),
      env: orFalse(scope.env),
      run: orFalse(scope.run),
      sys: orFalse(scope.sys),
      import: orFalse(scope.import),
    },
  };
}

const within = (root: string, p: string) => p === root || root === "/" || p.startsWith(root + "/");

function unique(list: string[]): string[] {
  return [...new Set(list)];
}

/**
 * Host variables the scope grants (exact names and `PREFIX_*` wildcards). A wildcard never
 * covers zot's own provider keys (nor its RPC token): `"A*"` reads as "my app's settings" at consent, and must not
 * hand out `ANTHROPIC_API_KEY`. Only a grant that spells a key's name, which consent shows by
 * name, passes it.
 */
export function grantedEnv(
  scope: Scope,
  hostEnv: Record<string, string>,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(hostEnv)) {
    if (scope.env.some((g) => envGrantCovers(g, k))) out[k] = v;
  }
  return out;
}

/** Whether the env grant `grant` (an exact name or `PREFIX*`) covers the variable `name`. */
export function envGrantCovers(grant: string, name: string): boolean {
  if (!grant.endsWith("*")) return name === grant;
  return name.startsWith(grant.slice(0, -1)) && !ZOT_SECRET_NAMES.includes(name);
}
