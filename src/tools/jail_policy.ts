/**
 * The `/jail` policy object itself, apart from the checks in
 * src/tools/jail.ts: a run creates it before its first request, and the
 * checks (with the path resolution they need) load with the first tool
 * call that uses them.
 *
 * @module
 */

import { resolve } from "../path.ts";

/** Switchable sandbox root; `root` undefined means unjailed. */
export interface JailPolicy {
  root: string | undefined;
}

/** A policy, jailed to `root` when given. */
export function createJail(root?: string): JailPolicy {
  return { root: root === undefined ? undefined : resolve(root) };
}
