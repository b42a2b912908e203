/**
 * Runs a command through the OS sandbox core the way a caller does (clean
 * environment, release after exit) and returns what it printed.
 *
 * @module
 */

import { confineCommand } from "../../src/ossandbox/confine.ts";
import type { OsPolicy } from "../../src/ossandbox/policy.ts";

export interface Ran {
  code: number;
  stdout: string;
  stderr: string;
}

/** A policy that denies `home` and allows nothing else beyond the system. */
export function basePolicy(home: string, more: Partial<OsPolicy> = {}): OsPolicy {
  return {
    readDeny: [home],
    readAllow: [],
    write: [],
    netHosts: [],
    loopback: false,
    env: { PATH: "/usr/local/bin:/usr/bin:/bin", HOME: home },
    ...more,
  };
}

/** Run `argv` confined by `policy` in `cwd`; the child ends before this returns. */
export async function runConfined(argv: string[], policy: OsPolicy, cwd: string): Promise<Ran> {
  const confined = await confineCommand(argv, policy, cwd);
  try {
    const out = await new Deno.Command(confined.argv[0], {
      args: confined.argv.slice(1),
      cwd,
      clearEnv: true,
      env: confined.env,
      stdin: "null",
      stdout: "piped",
      stderr: "piped",
    }).output();
    const text = new TextDecoder();
    return { code: out.code, stdout: text.decode(out.stdout), stderr: text.decode(out.stderr) };
  } finally {
    await confined.release();
  }
}

/** A temp dir tree: a fake home with a secret, a writable dir, an outside dir. */
export async function tempTree(): Promise<
  { root: string; home: string; secret: string; allowed: string; outside: string } & AsyncDisposable
> {
  const root = await Deno.realPath(await Deno.makeTempDir({ prefix: "zot-osbx-" }));
  const home = `${root}/home`;
  const allowed = `${root}/allowed`;
  const outside = `${root}/outside`;
  for (const dir of [home, `${home}/.ssh`, allowed, outside]) await Deno.mkdir(dir);
  const secret = `${home}/.ssh/id_rsa`;
  await Deno.writeTextFile(secret, "SECRET-KEY\n");
  return {
    root,
    home,
    secret,
    allowed,
    outside,
    [Symbol.asyncDispose]: () => Deno.remove(root, { recursive: true }),
  };
}
