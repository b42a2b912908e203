/**
 * Journeys: mistakes a new user makes at the command line. Each error names
 * the problem, says what to do, and exits 2 (usage) or 1 (failure).
 */

import { assert, assertEquals, assertStringIncludes } from "../helpers/assert.ts";
import { journey } from "./zot.ts";

Deno.test("journey: a typo'd ext subcommand suggests the right one and its help", async () => {
  await using j = await journey();
  const r = await j.zot("ext", "lsit");
  assertEquals(r.code, 2);
  assertStringIncludes(r.stderr, `unknown ext subcommand: lsit (did you mean "list"?)`);
  assertStringIncludes(r.stderr, `(run "zot ext --help" for usage)`);
  // Short names are not guessed wildly: "ls" is not a typo of "rm".
  const ls = await j.zot("ext", "ls");
  assertEquals(ls.code, 2);
  assert(!ls.stderr.includes("did you mean"), ls.stderr);
});

Deno.test("journey: a missing argument points at that subcommand's help", async () => {
  await using j = await journey();
  const r = await j.zot("ext", "install");
  assertEquals(r.code, 2);
  assertStringIncludes(r.stderr, "missing required argument 'source'");
  assertStringIncludes(r.stderr, `(run "zot ext install --help" for usage)`);
  const rm = await j.zot("ext", "rm");
  assertStringIncludes(rm.stderr, `(run "zot ext remove --help" for usage)`);
});

Deno.test("journey: an unknown extension name says how to see the installed ones", async () => {
  await using j = await journey();
  for (const sub of ["remove", "disable", "enable", "doctor"]) {
    const r = await j.zot("ext", sub, "nope");
    assertEquals(r.code, 1, `${sub}: ${r.stderr}`);
    assertStringIncludes(r.stderr, `extension "nope" not found (run "zot ext list"`);
  }
  const logs = await j.zot("ext", "logs", "nope");
  assertEquals(logs.code, 1);
  assertStringIncludes(logs.stderr, `no log for "nope"`);
  assertStringIncludes(logs.stderr, `run "zot ext list"`);
});

Deno.test("journey: installing a path that does not exist says what to pass", async () => {
  await using j = await journey();
  const r = await j.zot("ext", "install", "./nothing-here", "--yes");
  assertEquals(r.code, 1);
  assertStringIncludes(
    r.stderr,
    "cannot read ./nothing-here: no such file or directory (pass an extension directory, a git URL or npm:<package>)",
  );
  assert(!r.stderr.includes("os error"), r.stderr);
});

Deno.test("journey: installing from an unreachable git URL suggests checking it", async () => {
  await using j = await journey();
  const r = await j.zot("ext", "install", `file://${j.root}/no-such-repo`, "--yes");
  assertEquals(r.code, 1);
  assertStringIncludes(r.stderr, "git clone: exited with status 128 (check the URL");
});

Deno.test("journey: zot --help lists every ext subcommand a new user needs", async () => {
  await using j = await journey();
  const r = await j.zot("--help");
  assertEquals(r.code, 0);
  // The `ext` entry (it may wrap) up to the next command.
  const entry = r.stdout.slice(r.stdout.indexOf("  ext "), r.stdout.indexOf("  trust "));
  for (const sub of ["new", "install", "grant", "doctor"]) assertStringIncludes(entry, sub);
  for (const args of [["--version"], ["ext", "--help"], ["trust", "--help"]]) {
    assertEquals((await j.zot(...args)).code, 0, args.join(" "));
  }
});

Deno.test("journey: ext new takes the language spellings people type", async () => {
  await using j = await journey();
  for (const [lang, label] of [["py", "Python"], ["python3", "Python"], ["bash", "sh + jq"]]) {
    const r = await j.zot("ext", "new", `x${lang}`, "--lang", lang);
    assertEquals(r.code, 0, r.stderr);
    assertStringIncludes(r.stdout, `(${label},`);
  }
  const bad = await j.zot("ext", "new", "xrust", "--lang", "rust");
  assertEquals(bad.code, 2);
  assertStringIncludes(bad.stderr, `(use one of: ts, python, shell)`);
});

Deno.test("journey: stray words after an ext subcommand are an error, not ignored", async () => {
  await using j = await journey();
  const r = await j.zot("ext", "list", "extra");
  assertEquals(r.code, 2);
  assertStringIncludes(r.stderr, "too many arguments for 'list'");
  assertStringIncludes(r.stderr, `(run "zot ext list --help" for usage)`);
  const doctor = await j.zot("ext", "doctor", "a", "b");
  assertEquals(doctor.code, 2);
});

Deno.test("journey: installing a directory without a manifest, or with a missing exec, says what to fix", async () => {
  await using j = await journey();
  await Deno.mkdir(`${j.cwd}/empty`);
  const empty = await j.zot("ext", "install", "./empty", "--yes");
  assertEquals(empty.code, 1);
  assertStringIncludes(
    empty.stderr,
    `source lacks extension.json (expected "${j.cwd}/empty/extension.json"`,
  );
  assertStringIncludes(empty.stderr, `"zot ext new <name>"`);

  await j.write({ "typo/extension.json": JSON.stringify({ name: "typo", exec: "./mian.sh" }) });
  const typo = await j.zot("ext", "install", "./typo", "--yes");
  assertEquals(typo.code, 0, typo.stderr);
  assertStringIncludes(typo.stderr, `note: exec "./mian.sh" is not in`);
  assertStringIncludes(typo.stderr, `run "zot ext doctor typo"`);
});
