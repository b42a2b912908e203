/**
 * The run-grant probe (a sandboxed extension granted `run: ["sh"]` that looks
 * for zot's secrets the way an attacker would) and the ways the tests start it.
 */

import { join } from "../../src/path.ts";
import { tempZot } from "../helpers/tmp.ts";
import { until, withTimeout } from "../helpers/wait.ts";
import { startFakeLlm } from "../helpers/fake_llm.ts";
import { zotCommand } from "../modes/run_zot.ts";
import { assertNoLeftoverProcesses } from "../helpers/procs.ts";
import { PYTHON } from "../helpers/python.ts";

export const PROBE = new URL("../fixtures/lifetime/run-probe/main.ts", import.meta.url).pathname;

export async function extension(
  root: string,
  name: string,
  entry: string,
  scope: unknown,
  args: string[],
) {
  const dir = join(root, name);
  await Deno.mkdir(dir);
  await Deno.copyFile(entry, join(dir, "main.ts"));
  await Deno.writeTextFile(
    join(dir, "extension.json"),
    JSON.stringify({ name, version: "1.0.0", exec: "./main.ts", args, scope }),
  );
  return dir;
}

/**
 * zot with `ext`: `zot -p` (its extensions start, or fail to, before the one prompt), or, given
 * `waitFor`, `zot --rpc` until the extension has written that file, however long its start
 * takes (a probe doing its work before `ready` may outlast the start-up wait of `-p`).
 */
export async function runZot(
  z: { cwd: string; home: string; root: string },
  ext: string,
  env: Record<string, string>,
  waitFor?: string,
) {
  await using llm = await startFakeLlm({ script: [{ text: "ok" }] });
  const args = waitFor
    ? ["--rpc", "--base-url", llm.url, "--ext", ext]
    : ["-p", "hi", "--base-url", llm.url, "--ext", ext];
  const child = zotCommand(args, { ...z, env }, waitFor ? "piped" : undefined).spawn();
  if (waitFor) {
    let gone = false;
    child.status.then(() => gone = true);
    await until(() => gone || readOr(waitFor) !== undefined, 60_000, `${waitFor} to be written`);
    await child.stdin.close();
  }
  const out = await withTimeout(child.output(), 60_000, "zot to finish");
  await assertNoLeftoverProcesses(z.root);
  return { pid: child.pid, code: out.code, stderr: new TextDecoder().decode(out.stderr) };
}

export function readOr(path: string): string | undefined {
  try {
    return Deno.readTextFileSync(path);
  } catch {
    return undefined;
  }
}

/** The probe with a fake home holding a key and a granted note, and a local port listening. */
export async function probeHome(
  scope: Record<string, unknown>,
  urls: { granted: string; other: string } | undefined = undefined,
) {
  const z = await tempZot();
  // Outside /tmp, which the view hides as a whole: the home must be hidden on its own account.
  const home = await Deno.makeTempDir({ dir: "/var/tmp", prefix: "zot-home-" });
  const cleanup = {
    async [Symbol.asyncDispose]() {
      await z[Symbol.asyncDispose]();
      await Deno.remove(home, { recursive: true });
    },
  };
  await Deno.mkdir(join(home, ".ssh"), { recursive: true });
  await Deno.mkdir(join(home, "notes"));
  await Deno.writeTextFile(join(home, ".ssh", "id_rsa"), "PRIVATE-KEY-MATERIAL\n");
  await Deno.writeTextFile(join(home, "notes", "todo.txt"), "granted-note\n");
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const accepting = (async () => {
    for await (const conn of listener) conn.close();
  })();
  try {
    const ext = await extension(z.root, "run-probe", PROBE, { run: ["sh"], ...scope }, [
      join(z.home, "auth.json"),
      z.home,
      join(z.root, "none"),
      join(home, ".ssh", "id_rsa"),
      join(home, "notes", "todo.txt"),
      String(listener.addr.port),
      PYTHON,
      ...(urls ? [urls.granted, urls.other] : []),
    ]);
    const realHome = Deno.env.get("HOME") ?? "/root";
    const out = join(z.home, "extension-data", "run-probe", "probe.txt");
    const run = await runZot(z, ext, {
      HOME: home,
      // zot's own module cache stays where it is; only the user's home moved.
      DENO_DIR: Deno.env.get("DENO_DIR") ?? join(realHome, ".cache", "deno"),
    }, out);
    const probe = readOr(out) ?? "";
    const section = (name: string, next: string) =>
      probe.split(`== ${name}\n`)[1]?.split(`== ${next}`)[0] ?? "";
    return {
      z: cleanup,
      run,
      probe,
      secret: section("homesecret", "granted"),
      granted: section("granted", "net"),
      net: section("net", "fin"),
      section,
    };
  } finally {
    listener.close();
    await accepting.catch(() => {});
  }
}
