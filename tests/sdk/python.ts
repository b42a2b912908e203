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

/** A Python 3.9 interpreter (`python3.9` on PATH), or undefined. */
export function findPython39(): Promise<string | undefined> {
  return Promise.resolve(interpreterPath("python3.9"));
}
