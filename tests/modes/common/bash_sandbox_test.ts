/**
 * The run's bash sandbox at start: `--sandbox` over the setting, and no start at all when the
 * sandbox is asked for and the OS sandbox cannot run (never a silent unconfined run).
 */

import { assertEquals, assertRejects, assertStringIncludes } from "../../helpers/assert.ts";
import { createBashSandbox, removeSandboxTemp } from "../../../src/modes/common/bash_sandbox.ts";
import type { OsConfiner } from "../../../src/tools/bash_sandbox.ts";
import { ZotError } from "../../../src/errors.ts";

const missing: OsConfiner = {
  status: () =>
    Promise.resolve({
      ok: false,
      reason: '"bwrap" not found on PATH',
      remedy: "apt install bubblewrap socat ripgrep",
    }),
  confine: () => Promise.reject(new Error("not called")),
};
const settings = { enabled: false, net: ["github.com"], loopback: false };
const base = { settings, project: "/p", zotHome: "/zh", confiner: missing };

Deno.test("--sandbox without an OS sandbox stops the run with the remedy", async () => {
  const e = await assertRejects(() => createBashSandbox({ ...base, flag: true }));
  assertEquals(e instanceof ZotError && e.code, "os-sandbox");
  assertStringIncludes(e.message, "--sandbox");
  assertStringIncludes(e.message, '"bwrap" not found on PATH');
  assertStringIncludes(e.message, "apt install bubblewrap socat ripgrep");
});

Deno.test("the setting without an OS sandbox stops the run too, naming the setting", async () => {
  const e = await assertRejects(
    () => createBashSandbox({ ...base, flag: undefined, settings: { ...settings, enabled: true } }),
  );
  assertStringIncludes(e.message, '"bashSandbox.enabled"');
  assertStringIncludes(e.message, "--no-sandbox");
});

Deno.test("--no-sandbox wins over the setting; off needs no OS sandbox", async () => {
  const box = await createBashSandbox({
    ...base,
    flag: false,
    settings: { ...settings, enabled: true },
  });
  assertEquals(box.enabled, false);
  assertEquals(box.net, ["github.com"]);
});

Deno.test("the bashSandbox.env setting names what a sandboxed command gets anyway", async () => {
  const box = await createBashSandbox({
    ...base,
    flag: false,
    settings: { ...settings, env: ["NPM_TOKEN"] },
  });
  assertEquals(box.passEnv, ["NPM_TOKEN"]);
  assertEquals((await createBashSandbox({ ...base, flag: false })).passEnv, []);
});

Deno.test("the private temp directory of sandboxed commands goes at shutdown", async () => {
  const box = await createBashSandbox({ ...base, flag: false });
  box.tmp = await Deno.makeTempDir({ prefix: "zot-bash-" });
  await Deno.writeTextFile(`${box.tmp}/left`, "x");
  const tmp = box.tmp;
  await removeSandboxTemp(box);
  assertEquals(await Deno.stat(tmp).then(() => true, () => false), false);
  assertEquals(box.tmp, undefined);
});
