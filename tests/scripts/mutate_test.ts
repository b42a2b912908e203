/**
 * `deno task mutate` against a small fake repository (`--root`): one guard,
 * tests that catch, miss and hang on its removal, and the table's verdicts
 * (killed, survived, timed out, stale), its exit code, and that the working
 * tree is never touched. The fake is not a git checkout, so the copy falls
 * back to walking the directory.
 */

import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { assert, assertEquals, assertStringIncludes } from "../helpers/assert.ts";
import { tempDir } from "../helpers/tmp.ts";
import { within } from "../helpers/wait.ts";

const MUTATE = fileURLToPath(new URL("../../scripts/mutate.ts", import.meta.url));
const TYPES = fileURLToPath(new URL("../../scripts/mutants/types.ts", import.meta.url));

const GUARD = `export function allowed(n: number): boolean {\n  return n < 10;\n}\n`;

const FILES: Record<string, string> = {
  "src/guard.ts": GUARD,
  "tests/strong_test.ts": `import { allowed } from "../src/guard.ts";
Deno.test("20 is refused", () => {
  if (allowed(20)) throw new Error("20 was allowed");
});
`,
  "tests/weak_test.ts": `import { allowed } from "../src/guard.ts";
Deno.test("1 is allowed", () => {
  if (!allowed(1)) throw new Error("1 was refused");
});
`,
  "tests/hang_test.ts": `import { allowed } from "../src/guard.ts";
Deno.test("waits when 20 is allowed", async () => {
  if (allowed(20)) await new Promise((r) => setTimeout(r, 600_000));
});
`,
};

const mutant = (id: string, find: string, tests: string[]) => ({
  id,
  protection: `fake ${id}`,
  file: "src/guard.ts",
  find,
  replace: "true",
  tests,
});

async function fakeRepo(root: string, mutants: unknown[]): Promise<void> {
  for (const [rel, text] of Object.entries(FILES)) {
    await Deno.mkdir(join(root, rel, ".."), { recursive: true });
    await Deno.writeTextFile(join(root, rel), text);
  }
  await Deno.mkdir(join(root, "scripts", "mutants"), { recursive: true });
  await Deno.copyFile(TYPES, join(root, "scripts", "mutants", "types.ts"));
  await Deno.writeTextFile(
    join(root, "scripts", "mutants", "fake.ts"),
    `export const mutants = ${JSON.stringify(mutants, null, 2)};\n`,
  );
}

async function mutate(root: string, ...args: string[]) {
  const out = await within(
    120_000,
    new Deno.Command(Deno.execPath(), {
      args: ["run", "-A", MUTATE, "--root", root, ...args],
      env: { NO_COLOR: "1" },
      stdin: "null",
      stdout: "piped",
      stderr: "piped",
    }).output(),
    "the mutation check on the fake repository",
  );
  const dec = new TextDecoder();
  return { code: out.code, text: dec.decode(out.stdout) + dec.decode(out.stderr) };
}

Deno.test("mutate: killed, survived, timed out and stale are told apart; exit 1", async () => {
  await using dir = await tempDir();
  await fakeRepo(dir.path, [
    mutant("fake-killed", "n < 10", ["tests/strong_test.ts"]),
    mutant("fake-survived", "n < 10", ["tests/weak_test.ts"]),
    mutant("fake-hang", "n < 10", ["tests/hang_test.ts"]),
    mutant("fake-stale", "n <= 10", ["tests/strong_test.ts"]),
  ]);
  const r = await mutate(dir.path, "--timeout", "8");
  assertEquals(r.code, 1, r.text);
  assert(/^killed +fake-killed .*20 is refused$/m.test(r.text), r.text);
  assert(/^survived +fake-survived /m.test(r.text), r.text);
  assert(/^timed out +fake-hang /m.test(r.text), r.text);
  assert(/^stale +fake-stale .*occurs 0 times in src\/guard\.ts/m.test(r.text), r.text);
  assertStringIncludes(
    r.text,
    "mutants: 2 killed (1 by timeout), 1 survived, 1 stale, 0 errors, of 4 (",
  );
  // The mutants were applied to a copy only.
  assertEquals(await Deno.readTextFile(join(dir.path, "src/guard.ts")), GUARD);
});

Deno.test("mutate: all killed exits 0; --filter picks by id; --list runs nothing", async () => {
  await using dir = await tempDir();
  await fakeRepo(dir.path, [
    mutant("fake-killed", "n < 10", ["tests/strong_test.ts"]),
    mutant("fake-survived", "n < 10", ["tests/weak_test.ts"]),
  ]);
  const r = await mutate(dir.path, "--filter", "fake-killed");
  assertEquals(r.code, 0, r.text);
  assertStringIncludes(
    r.text,
    "mutants: 1 killed (0 by timeout), 0 survived, 0 stale, 0 errors, of 1 (",
  );
  const list = await mutate(dir.path, "--list");
  assertEquals(list.code, 0, list.text);
  assertStringIncludes(list.text, "fake-survived");
  assertStringIncludes(list.text, "2 mutants");
});

Deno.test("mutate: tests failing without any mutant stop the check (baseline)", async () => {
  await using dir = await tempDir();
  await fakeRepo(dir.path, [mutant("fake-killed", "n < 10", ["tests/strong_test.ts"])]);
  await Deno.writeTextFile(join(dir.path, "src/guard.ts"), GUARD.replace("n < 10", "n < 100"));
  const r = await mutate(dir.path);
  assertEquals(r.code, 1, r.text);
  assertStringIncludes(
    r.text,
    "baseline failed: the tests fail without any mutant (20 is refused)",
  );
});

Deno.test("mutate: a repeated id or a mutant that changes nothing is refused", async () => {
  await using dir = await tempDir();
  await fakeRepo(dir.path, [
    mutant("twice", "n < 10", ["tests/strong_test.ts"]),
    mutant("twice", "n < 10", ["tests/weak_test.ts"]),
  ]);
  const r = await mutate(dir.path, "--list");
  assertEquals(r.code, 1, r.text);
  assertStringIncludes(r.text, `mutant "twice" in scripts/mutants/fake.ts repeats an id`);
  await fakeRepo(dir.path, [{ ...mutant("same", "true", ["tests/strong_test.ts"]) }]);
  const same = await mutate(dir.path, "--list");
  assertEquals(same.code, 1, same.text);
  assertStringIncludes(same.text, "changes nothing");
});
