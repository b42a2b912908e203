/**
 * Run `zot` as a real subprocess with a temp ZOT_HOME and project cwd.
 *
 * @module
 */

import { fileURLToPath as fromFileUrl } from "node:url";

const MAIN = fromFileUrl(new URL("../../../main.ts", import.meta.url));
const CONFIG = fromFileUrl(new URL("../../../deno.json", import.meta.url));

export interface ZotRun {
  code: number;
  stdout: string;
  stderr: string;
}

export interface ZotEnv {
  home: string;
  cwd: string;
}

/** The argv that starts zot (for tests that need their own Deno.Command). */
export function zotCommand(z: ZotEnv, args: string[], extra: Partial<Deno.CommandOptions> = {}) {
  return new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "--quiet", "--config", CONFIG, MAIN, ...args],
    cwd: z.cwd,
    env: { ZOT_HOME: z.home, NO_COLOR: "1" },
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
    ...extra,
  });
}

/** Run zot to completion. */
export async function zot(z: ZotEnv, ...args: string[]): Promise<ZotRun> {
  const out = await zotCommand(z, args).output();
  const dec = new TextDecoder();
  return { code: out.code, stdout: dec.decode(out.stdout), stderr: dec.decode(out.stderr) };
}

/**
 * Pipes zot's stdout into a pipe whose reader is already gone, as after
 * `| head -1` has read its line: python3 makes the pipe, closes the read end
 * and execs zot with the write end as fd 1 (no race with a real reader).
 */
export async function zotIntoClosedPipe(z: ZotEnv, ...args: string[]): Promise<ZotRun> {
  const { PYTHON } = await import("../../helpers/python.ts");
  const script = "import os, sys\n" +
    "r, w = os.pipe(); os.close(r); os.dup2(w, 1); os.close(w)\n" +
    "os.execv(sys.argv[1], sys.argv[1:])\n";
  const out = await new Deno.Command(PYTHON, {
    args: [
      "-c",
      script,
      Deno.execPath(),
      "run",
      "-A",
      "--quiet",
      "--config",
      CONFIG,
      MAIN,
      ...args,
    ],
    cwd: z.cwd,
    env: { ZOT_HOME: z.home, NO_COLOR: "1" },
    stdin: "null",
    stdout: "null",
    stderr: "piped",
  }).output();
  return { code: out.code, stdout: "", stderr: new TextDecoder().decode(out.stderr) };
}
