/**
 * A temp directory of a test run's own: the run's `TMPDIR` (and Windows'
 * `TMP`/`TEMP`), removed when the run is over. What its tests and their
 * programs leave behind (a run killed by a timeout or a mutant, a helper's
 * socket file) goes with it instead of piling up in the system's temp dir,
 * where other runs (on the same machine, a CI runner's next job) would find
 * it. The name is short: Unix socket paths made inside it have a length limit.
 *
 * @module
 */

/** The environment that points a run at `dir` for its temp files. */
export function tempEnv(dir: string): Record<string, string> {
  return { TMPDIR: dir, TMP: dir, TEMP: dir };
}

/** The directories of runs still going: an interrupted runner removes them on its way out. */
const live = new Set<string>();

/** Calls `run` with a fresh temp directory, removed (with all in it) once `run` settles. */
export async function withRunTemp<T>(run: (dir: string) => Promise<T>): Promise<T> {
  const dir = await Deno.makeTempDir({ prefix: "zt" });
  live.add(dir);
  try {
    return await run(dir);
  } finally {
    live.delete(dir);
    await Deno.remove(dir, { recursive: true }).catch(() => {});
  }
}

/** Removes the directories of the runs still going (a runner about to `Deno.exit`). */
export function removeRunTemps(): void {
  for (const dir of live) {
    try {
      Deno.removeSync(dir, { recursive: true });
    } catch {
      // Gone already, or a file in it still being written: nothing more to do on the way out.
    }
  }
  live.clear();
}
