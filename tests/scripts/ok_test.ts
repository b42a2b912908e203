/**
 * `deno task ok`, the quality gate: every step it promises exists and runs
 * from the repository (scripts present, task wired, CI calling it after the
 * mutation check), and against a small fake checkout a failing check fails
 * the gate and is counted in the last line, which stays the summary CI reads.
 */

import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { assert, assertEquals, assertStringIncludes } from "../helpers/assert.ts";
import { tempDir } from "../helpers/tmp.ts";
import { STEPS } from "../../scripts/ok.ts";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const OK = join(ROOT, "scripts/ok.ts");

Deno.test("ok: the gate has every step, in order, the suite last", () => {
  assertEquals(STEPS.map((s) => s.name), [
    "fmt",
    "lint",
    "check",
    "layers",
    "sdk-docs",
    "markdown",
    "tests",
  ]);
  assertEquals(STEPS.filter((s) => s.isSuite).map((s) => s.name), ["tests"]);
  const args = (name: string) => STEPS.find((s) => s.name === name)!.args.join(" ");
  assertStringIncludes(args("fmt"), "fmt --check");
  assertStringIncludes(args("sdk-docs"), "doc --lint src/sdk/mod.ts");
});

Deno.test("ok: every script a step runs exists, and the type check covers every entry point", async () => {
  for (const step of STEPS) {
    for (const arg of step.args.filter((a) => /^(scripts|src)\//.test(a))) {
      const info = await Deno.stat(join(ROOT, arg)).catch(() => undefined);
      assert(info?.isFile, `step ${step.name} runs ${arg}, which is missing`);
    }
  }
  const check = await Deno.readTextFile(join(ROOT, "scripts/check.ts"));
  assertStringIncludes(check, `["src", "scripts", "tests", "examples"]`);
  assertStringIncludes(check, `"main.ts"`);
});

Deno.test("ok: deno task ok runs the gate, and CI runs it after the mutation check", async () => {
  const config = JSON.parse(await Deno.readTextFile(join(ROOT, "deno.json")));
  assertEquals(config.tasks.ok, "deno run -A scripts/ok.ts");
  const ci = await Deno.readTextFile(join(ROOT, ".ci/run"));
  const tasks = [...ci.matchAll(/^[^#\n]*deno task (\w+)/gm)].map((m) => m[1]);
  assertEquals(tasks, ["mutate", "ok"]);
  // Nothing may print after the gate's summary: only its exit code follows.
  const after = ci.slice(ci.indexOf("\ndeno task ok"));
  assert(!/\becho\b/.test(after), `.ci/run prints after the gate:\n${after}`);
});

async function gate(root: string, ...args: string[]) {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", OK, "--root", root, ...args],
    stdout: "piped",
    stderr: "piped",
    env: { NO_COLOR: "1" },
  }).output();
  const text = new TextDecoder().decode(out.stdout);
  return { code: out.code, text, last: text.trimEnd().split("\n").at(-1) };
}

Deno.test("ok: a failing check fails the gate and counts in the last line", async () => {
  await using dir = await tempDir();
  await Deno.mkdir(join(dir.path, "scripts"));
  await Deno.writeTextFile(
    join(dir.path, "scripts/test.ts"),
    `console.log("running 4 tests");\nconsole.log();\nconsole.log("3 passed, 0 failed, 1 skipped");\n`,
  );
  await Deno.writeTextFile(join(dir.path, "a.ts"), "export const x   =  1\n");

  const bad = await gate(dir.path, "--only", "fmt,tests");
  assertEquals(bad.code, 1, bad.text);
  assertEquals(bad.last, "3 passed, 1 failed, 1 skipped");
  assertStringIncludes(bad.text, "fmt: FAILED | tests: ok");
  assertStringIncludes(bad.text, "running 4 tests\n\n");
  assertEquals(bad.text.split("passed,").length, 2, "the suite's own summary is not repeated");

  await Deno.writeTextFile(join(dir.path, "a.ts"), "export const x = 1;\n");
  const good = await gate(dir.path, "--only", "fmt,tests");
  assertEquals(good.code, 0, good.text);
  assertEquals(good.last, "4 passed, 0 failed, 1 skipped");

  const skipped = await gate(dir.path, "--only", "fmt,tests", "--skip", "tests");
  assertEquals(skipped.last, "1 passed, 0 failed, 0 skipped");
});

Deno.test("ok: a suite without a summary line, or an unknown step, fails", async () => {
  await using dir = await tempDir();
  await Deno.mkdir(join(dir.path, "scripts"));
  await Deno.writeTextFile(
    join(dir.path, "scripts/test.ts"),
    `console.log("crashed");\nDeno.exit(3);\n`,
  );
  const crashed = await gate(dir.path, "--only", "tests");
  assertEquals(crashed.code, 1);
  assertEquals(crashed.last, "0 passed, 1 failed, 0 skipped");
  assertStringIncludes(crashed.text, "crashed");

  const unknown = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", OK, "--only", "typo"],
    stdout: "piped",
    stderr: "piped",
  }).output();
  assertEquals(unknown.code, 2);
  assertStringIncludes(new TextDecoder().decode(unknown.stderr), `Unknown step "typo" for --only`);
});
