/**
 * Children of zot that have no process group of their own.
 *
 * zot puts what it manages in groups of their own (extensions, bash
 * commands) and stops those groups itself. Whatever else it started shares
 * zot's group: helpers that npm libraries spawn (the OS sandbox runtime's
 * `socat` bridges), short commands. Such a child outlives zot unless
 * someone stops it: the library's own clean-up runs only once it knows the
 * child, so a child started in the moment zot exits lives on, re-parented
 * to init. At exit zot therefore sends SIGTERM to each of its direct
 * children that is still in zot's own group (the bridge removes its socket
 * file on SIGTERM, which SIGKILL would leave behind). Children in groups of
 * their own are not touched here: their owners stop them, and zot's reaper
 * sentinel, which must outlive zot, leads its own session.
 *
 * Linux only: children are read from `/proc/self/task/<tid>/children`, or,
 * on a kernel built without that file, from every `/proc/<pid>/stat` whose
 * parent is zot; elsewhere there is nothing to find and nothing is done.
 *
 * @module
 */

import { procStat } from "./proc_stat.ts";

function readOr(path: string): string | undefined {
  try {
    return Deno.readTextFileSync(path);
  } catch {
    return undefined;
  }
}

/** Direct children of this process, from each thread's list (a child's parent is a thread). */
function childrenOfSelf(): number[] | undefined {
  let readable = false;
  const pids = new Set<number>();
  try {
    for (const task of Deno.readDirSync("/proc/self/task")) {
      const list = readOr(`/proc/self/task/${task.name}/children`);
      if (list === undefined) continue;
      readable = true;
      for (const word of list.split(" ")) if (/^\d+$/.test(word)) pids.add(Number(word));
    }
  } catch {
    return undefined;
  }
  return readable ? [...pids] : undefined;
}

/** Direct children of this process, found by scanning every process's parent. */
export function childrenByScan(): number[] {
  const pids: number[] = [];
  try {
    for (const entry of Deno.readDirSync("/proc")) {
      if (!/^\d+$/.test(entry.name)) continue;
      if (Number(procStat(Number(entry.name))?.[1]) === Deno.pid) {
        pids.push(Number(entry.name));
      }
    }
  } catch {
    // no /proc
  }
  return pids;
}

/** Direct children of this process that are in its process group. */
export function strayChildren(): number[] {
  if (Deno.build.os !== "linux") return [];
  const group = procStat("self")?.[2];
  if (group === undefined) return [];
  return (childrenOfSelf() ?? childrenByScan()).filter((pid) => procStat(pid)?.[2] === group);
}
/** SIGTERM every child in zot's group (see the module note). Never throws. */
export function stopStrayChildren(): void {
  for (const pid of strayChildren()) {
    try {
      Deno.kill(pid, "SIGTERM");
    } catch {
      // gone already
    }
  }
}
