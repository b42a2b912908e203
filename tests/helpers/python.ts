/**
 * The real Python interpreter behind `python3`. Version-manager shims
 * (pyenv) cost about a second per start here, which would dominate every
 * test and benchmark that starts a Python extension, so callers run the
 * interpreter the shim resolves to.
 *
 * @module
 */

/** Absolute path of the interpreter `command` runs, or undefined when it is missing. */
export function interpreterPath(command = "python3"): string | undefined {
  try {
    const out = new Deno.Command(command, {
      args: ["-c", "import sys; print(sys.executable)"],
      stdin: "null",
      stdout: "piped",
      stderr: "null",
    }).outputSync();
    const path = new TextDecoder().decode(out.stdout).trim();
    return out.success && path !== "" ? path : undefined;
  } catch {
    return undefined;
  }
}

/** The interpreter for `python3` (falls back to the name itself). */
export const PYTHON: string = interpreterPath() ?? "python3";
