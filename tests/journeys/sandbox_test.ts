/**
 * Journey: `--sandbox` where the OS sandbox cannot run stops before the first prompt with the
 * remedy, never running bash unconfined; `--no-sandbox` goes on.
 */

import { assert, assertEquals, assertStringIncludes } from "../helpers/assert.ts";
import { tempZot } from "../helpers/tmp.ts";

const MAIN = new URL("../../main.ts", import.meta.url).pathname;
const CONFIG = new URL("../../deno.json", import.meta.url).pathname;

/** `zot -p hi <flags>` with a PATH holding none of the OS sandbox's programs. */
async function zotWithoutSandboxTools(...flags: string[]) {
  await using z = await tempZot();
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "--quiet", "--config", CONFIG, MAIN, "-p", "hi", ...flags],
    cwd: z.cwd,
    clearEnv: true,
    env: {
      ZOT_HOME: z.home,
      NO_COLOR: "1",
      PATH: z.root,
      HOME: Deno.env.get("HOME") ?? z.root,
      ...(Deno.env.get("DENO_DIR") ? { DENO_DIR: Deno.env.get("DENO_DIR")! } : {}),
    },
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).output();
  return { code: out.code, stderr: new TextDecoder().decode(out.stderr) };
}

const API = ["--api-key", "x", "--base-url", "http://127.0.0.1:9", "--no-ext"];

Deno.test("journey: --sandbox without bubblewrap refuses to start, with the remedy", async () => {
  const r = await zotWithoutSandboxTools("--sandbox", ...API);
  assertEquals(r.code, 1, r.stderr);
  assertStringIncludes(r.stderr, "Cannot run bash in the OS sandbox (--sandbox)");
  assertStringIncludes(r.stderr, '"bwrap"');
  assertStringIncludes(r.stderr, "apt install bubblewrap socat ripgrep");
});

Deno.test("journey: --no-sandbox starts without bubblewrap", async () => {
  const r = await zotWithoutSandboxTools("--no-sandbox", ...API);
  assert(!r.stderr.includes("OS sandbox"), r.stderr);
});
