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

/** Calls `run` with a fresh temp directory, removed (with all in it) once `run` settles. */
export async function withRunTemp<T>(run: (dir: string) => Promise<T>): Promise<T> {
  const dir = await Deno.makeTempDir({ prefix: "zt" });
  try {
    return await run(dir);
  } finally {
    await Deno.remove(dir, { recursive: true }).catch(() => {});
  }
}
