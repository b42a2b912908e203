/**
 * `deno task test` (scripts/test.ts) in a small fake checkout: the last line
 * is `N passed, M failed, K skipped` with deno's exit code, each skip is
 * named, and a test that stops producing output is stopped by the watchdog
 * together with what it started (its process group), naming the test.
 */

import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { assert, assertEquals, assertStringIncludes } from "../helpers/assert.ts";
import { tempDir } from "../helpers/tmp.ts";

const SCRIPTS = fileURLToPath(new URL("../../scripts/", import.meta.url));

async function checkout(dir: string, tests: string) {
  await Deno.mkdir(join(dir, "scripts"));
  await Deno.mkdir(join(dir, "tests"));
  for (const name of ["test.ts", "run_temp.ts"]) {
    await Deno.copyFile(join(SCRIPTS, name), join(dir, "scripts", name));
  }
  await Deno.writeTextFile(join(dir, "tests/a_test.ts"), tests);
}

async function runTests(dir: string, env: Record<string, string> = {}, ...args: string[]) {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", join(dir, "scripts/test.ts"), ...args, "tests/"],
    cwd: dir,
    env: { NO_COLOR: "1", ...env },
    stdout: "piped",
    stderr: "piped",
  }).output();
  const text = new TextDecoder().decode(out.stdout);
  return { code: out.code, text, last: text.trimEnd().split("\n").at(-1) };
}

Deno.test("test runner: ends with the plain summary line and keeps deno's exit code", async () => {
  await using dir = await tempDir();
  await checkout(
    dir.path,
    `Deno.test("passes", () => {});
Deno.test("fails", () => { throw new Error("boom"); });
Deno.test({ name: "needs a tool (skipped: no tool)", ignore: true, fn() {} });
`,
  );
  const r = await runTests(dir.path);
  assertEquals(r.code, 1, r.text);
  assertEquals(r.last, "1 passed, 1 failed, 1 skipped");
  assertStringIncludes(r.text, "skipped: needs a tool (skipped: no tool)\n");
  assertStringIncludes(r.text, "boom");

  await Deno.writeTextFile(join(dir.path, "tests/a_test.ts"), `Deno.test("passes", () => {});\n`);
  const ok = await runTests(dir.path);
  assertEquals([ok.code, ok.last], [0, "1 passed, 0 failed, 0 skipped"]);

  await Deno.writeTextFile(join(dir.path, "tests/a_test.ts"), `this is not typescript (\n`);
  const broken = await runTests(dir.path);
  assertEquals(broken.code, 1, broken.text);
  assertEquals(broken.last, "0 passed, 1 failed");
});

Deno.test({
  name: "test runner: a stalled run is stopped with everything it started, naming the test",
  ignore: Deno.build.os === "windows",
  async fn() {
    await using dir = await tempDir();
    const pidFile = join(dir.path, "sleep.pid");
    await checkout(
      dir.path,
      `Deno.test("waits forever", async () => {
  const child = new Deno.Command("sh", {
    args: ["-c", 'echo $$ > ${pidFile}; exec sleep 120'],
    stdout: "piped",
  }).spawn();
  await child.status;
});
`,
    );
    const started = Date.now();
    // No type check: the watchdog must see the test start, not a slow check.
    const r = await runTests(dir.path, { ZOT_TEST_STALL_S: "4" }, "--no-check");
    assertEquals(r.code, 1, r.text);
    assertEquals(r.last, "0 passed, 1 failed");
    assertStringIncludes(r.text, "error: no test finished for 4 s; the run was stopped.");
    assertStringIncludes(r.text, "Still running: waits forever ...");
    assert(Date.now() - started < 60_000);
    const pid = Number((await Deno.readTextFile(pidFile)).trim());
    // Gone, or a zombie nobody has reaped yet: either way it no longer runs.
    const ps = await new Deno.Command("ps", {
      args: ["-o", "stat=", "-p", String(pid)],
      stdout: "piped",
    })
      .output();
    const state = new TextDecoder().decode(ps.stdout).trim();
    const alive = state !== "" && !state.startsWith("Z");
    assert(!alive, `the test's own child (pid ${pid}) outlived the run`);
  },
});
