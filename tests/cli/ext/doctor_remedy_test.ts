/**
 * What `zot ext doctor` advises must work when followed: the command in a
 * note, run as written, finds the same extension again. A working copy
 * (`--ext <dir>`) that is not there is a usage error, said before any scan.
 *
 * @module
 */

import { join } from "node:path";
import { assert, assertEquals, assertStringIncludes } from "../../helpers/assert.ts";
import { tempZot } from "../../helpers/tmp.ts";
import { zot, type ZotEnv } from "./run_zot.ts";

const BROKEN = `{\n  "name": "half",\n  "exec": "./run.sh"\n  "version": "1"\n}\n`;

async function brokenCopy(parent: string): Promise<string> {
  const dir = join(parent, "half");
  await Deno.mkdir(dir, { recursive: true });
  await Deno.writeTextFile(join(dir, "extension.json"), BROKEN);
  return dir;
}

/** The command a `fix ..., then run "zot ..."` note advises, as argv without "zot". */
function advised(stdout: string): string[] {
  const m = stdout.match(/note: fix "[^"]+", then run "zot ([^"]+)"/);
  assert(m, stdout);
  return m[1].split(" ");
}

async function followAdvice(z: ZotEnv, first: string[], dir: string) {
  const r = await zot(z, ...first);
  assertEquals(r.code, 1, r.stdout + r.stderr);
  assertStringIncludes(r.stdout, 'expected "," between entries at line 4, column 3');
  const again = await zot(z, ...advised(r.stdout), "--static");
  assertEquals(again.code, 1, again.stdout + again.stderr);
  // Found again, with the same finding: not "not found", not another extension.
  assertStringIncludes(again.stdout, `(${dir})\n  error: parse manifest: expected ","`);
  assertEquals(again.stderr, "");
  return r.stdout;
}

Deno.test("zot ext doctor --ext <dir>: the advice for a broken working copy names --ext and works", async () => {
  await using z = await tempZot();
  const work = await brokenCopy(join(z.root, "work"));
  const out = await followAdvice(z, ["ext", "doctor", "--static", "--ext", work], work);
  assertStringIncludes(out, `then run "zot ext doctor --ext ${work}"`);
});

Deno.test("zot ext doctor: the advice for a broken installed extension names it and works", async () => {
  await using z = await tempZot();
  const installed = await brokenCopy(z.paths.extensions);
  const out = await followAdvice(z, ["ext", "doctor", "--static"], installed);
  assertStringIncludes(out, 'then run "zot ext doctor half"');
});

Deno.test("zot ext doctor --ext <missing dir>: a usage error (exit 2) that says what to give", async () => {
  await using z = await tempZot();
  const file = join(z.root, "file");
  await Deno.writeTextFile(file, "");
  const cases: [string, string][] = [
    [join(z.root, "nowhere"), "no such directory"],
    [file, "not a directory"],
  ];
  for (const [dir, why] of cases) {
    for (const extra of [[], ["--json"], ["--static"]]) {
      const r = await zot(z, "ext", "doctor", "--ext", dir, ...extra);
      assertEquals(r.code, 2, r.stdout + r.stderr);
      assertEquals(r.stdout, "");
      assertStringIncludes(r.stderr, `Cannot diagnose "--ext ${dir}": ${why} (give the directory`);
    }
  }
  // One missing among good ones still stops the command.
  const work = await brokenCopy(join(z.root, "work"));
  const mixed = await zot(z, "ext", "doctor", "--ext", work, "--ext", join(z.root, "gone"));
  assertEquals(mixed.code, 2, mixed.stdout + mixed.stderr);
});

Deno.test("zot ext doctor --ext <dir>: a sandboxed working copy whose exec is missing is advised --ext too", async () => {
  await using z = await tempZot();
  const work = join(z.root, "work", "lost");
  await Deno.mkdir(work, { recursive: true });
  await Deno.writeTextFile(join(work, "extension.json"), `{"name": "lost", "exec": "main.ts"}`);
  const r = await zot(z, "ext", "doctor", "--ext", work);
  assertEquals(r.code, 1, r.stdout + r.stderr);
  const m = r.stdout.match(/exec "main\.ts" not found in [^\n]* \(run "zot ([^"]+)"\)/);
  assert(m, r.stdout);
  assertEquals(m[1], `ext doctor --ext ${work}`);
  const again = await zot(z, ...m[1].split(" "));
  assertStringIncludes(again.stdout, `lost [explicit] error (${work})`);
});
