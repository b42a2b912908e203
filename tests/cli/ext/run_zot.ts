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
