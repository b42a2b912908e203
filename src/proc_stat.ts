/**
 * One process's `/proc/<pid>/stat` (Linux), split into the fields after the
 * command's closing parenthesis (the command may hold spaces and parentheses):
 * `[state, ppid, pgrp, session, …]`.
 *
 * @module
 */

/** The fields of `/proc/<pid>/stat` after the command, or undefined when it cannot be read. */
export function procStat(pid: number | "self"): string[] | undefined {
  let stat: string;
  try {
    stat = Deno.readTextFileSync(`/proc/${pid}/stat`);
  } catch {
    return undefined;
  }
  return stat.slice(stat.lastIndexOf(")") + 2).split(" ");
}
