/**
 * The real python3 binary behind any shim (pyenv's shim costs seconds per start).
 *
 * @module
 */

import { interpreterPath, PYTHON } from "../helpers/python.ts";

/** The real `python3` interpreter (see tests/helpers/python.ts). */
export function pythonExe(): Promise<string> {
  return Promise.resolve(PYTHON);
}

/**
 * A Python 3.9 interpreter: `python3.9` on PATH, else one pyenv installed (its shim refuses to run
 * a version that is not selected), or undefined.
 */
export async function findPython39(): Promise<string | undefined> {
  const onPath = interpreterPath("python3.9");
  if (onPath) return onPath;
  const root = Deno.env.get("PYENV_ROOT") ?? `${Deno.env.get("HOME") ?? ""}/.pyenv`;
  try {
    for await (const entry of Deno.readDir(`${root}/versions`)) {
      if (!/^3\.9\.\d+$/.test(entry.name)) continue;
      const exe = interpreterPath(`${root}/versions/${entry.name}/bin/python3.9`);
      if (exe) return exe;
    }
  } catch {
    // No pyenv: nothing more to look at.
  }
  return undefined;
}
