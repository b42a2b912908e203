/**
 * The real python3 binary behind any shim (pyenv's shim costs seconds per start).
 *
 * @module
 */

let cached: string | undefined;

export async function pythonExe(): Promise<string> {
  if (cached) return cached;
  const out = await new Deno.Command("python3", {
    args: ["-c", "import sys; print(sys.executable)"],
    stdin: "null",
  }).output();
  const path = new TextDecoder().decode(out.stdout).trim();
  cached = out.success && path ? path : "python3";
  return cached;
}

/** A Python 3.9 interpreter (`python3.9` on PATH), or undefined. */
export async function findPython39(): Promise<string | undefined> {
  try {
    const out = await new Deno.Command("python3.9", {
      args: ["-c", "import sys; print(sys.executable)"],
      stdin: "null",
      stderr: "null",
    }).output();
    const path = new TextDecoder().decode(out.stdout).trim();
    return out.success && path ? path : undefined;
  } catch {
    return undefined;
  }
}
