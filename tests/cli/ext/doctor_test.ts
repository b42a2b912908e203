import { fileURLToPath as fromFileUrl } from "node:url";
import { join } from "node:path";
import { assertEquals, assertStringIncludes } from "../../helpers/assert.ts";
import { processesMatching } from "../../helpers/procs.ts";
import { tempZot } from "../../helpers/tmp.ts";
import { zot } from "./run_zot.ts";

const FIXTURES = fromFileUrl(new URL("../../fixtures/manage/", import.meta.url));

async function ext(
  root: string,
  dir: string,
  manifest: string,
  extra: Record<string, string> = {},
) {
  const path = join(root, dir);
  await Deno.mkdir(path, { recursive: true });
  await Deno.writeTextFile(join(path, "extension.json"), manifest);
  for (const [rel, text] of Object.entries(extra)) {
    await Deno.mkdir(join(path, rel, ".."), { recursive: true });
    await Deno.writeTextFile(join(path, rel), text);
  }
  return path;
}

async function copyFixture(name: string, to: string): Promise<string> {
  const dest = join(to, name);
  await Deno.mkdir(dest, { recursive: true });
  for await (const e of Deno.readDir(join(FIXTURES, name))) {
    await Deno.copyFile(join(FIXTURES, name, e.name), join(dest, e.name));
  }
  return dest;
}

Deno.test("zot ext doctor --static: errors, shadowed, disabled, theme-only", async () => {
  await using z = await tempZot();
  const proj = await ext(
    z.paths.projectExtensions,
    "todo",
    `{"name":"todo","exec":"./t.ts","version":"1.0"}`,
  );
  // The user's own global install wins over the project's directory of that name.
  const mine = await ext(z.paths.extensions, "todo", `{"name":"todo","exec":"./t.py"}`);
  const bad = await ext(z.paths.extensions, "bad", `{"exec":"x"}`);
  const off = await ext(z.paths.extensions, "off", `{"name":"off","exec":"x","enabled":false}`);
  const theme = await ext(z.paths.extensions, "nord", `{"name":"nord"}`, { "theme.json": "{}" });
  // Trusted: the project's copy takes part in names (and loses); untrusted it would not run.
  assertEquals((await zot(z, "trust", "--yes")).code, 0);
  const r = await zot(z, "ext", "doctor", "--static");
  assertEquals(r.code, 1, r.stderr);
  const text = r.stdout;
  assertStringIncludes(text, "zot extension doctor\n\n");
  assertStringIncludes(
    text,
    `todo [project] shadowed (${proj})\n  version: 1.0\n` +
      `  note: skipped because a higher-priority extension wins (${mine})\n`,
  );
  assertStringIncludes(text, `bad [global] error (${bad})\n  error: manifest: name is required\n`);
  assertStringIncludes(
    text,
    `off [global] disabled (${off})\n  note: disabled in extension.json\n`,
  );
  assertStringIncludes(text, `nord [global] theme-only (${theme})\n  type: theme-only\n`);
  assertStringIncludes(
    text,
    `todo [global] not loaded (${mine})\n  exec: ./t.py\n  sandboxed: no\n` +
      `  log: ${join(z.paths.logs, "ext-todo.log")}\n`,
  );
  assertStringIncludes(text, `load errors:\n  ! ${bad}: manifest: name is required\n`);
  // project rows come first, each scope sorted by name
  const heads = text.split("\n").filter((l) => / \[(project|global)\] /.test(l)).map((l) =>
    l.split(" (")[0]
  );
  assertEquals(heads, [
    "todo [project] shadowed",
    "bad [global] error",
    "nord [global] theme-only",
    "off [global] disabled",
    "todo [global] not loaded",
  ]);
  const json = JSON.parse((await zot(z, "ext", "doctor", "off", "--static", "--json")).stdout);
  assertEquals(json.extensions.map((e: { name: string; status: string }) => [e.name, e.status]), [
    ["off", "disabled"],
  ]);
  const none = await zot(z, "ext", "doctor", "nope");
  assertEquals(none.code, 1);
  assertStringIncludes(none.stderr, `extension "nope" not found`);
});

Deno.test("zot ext doctor: nothing installed", async () => {
  await using z = await tempZot();
  const r = await zot(z, "ext", "doctor");
  assertEquals([r.code, r.stdout.split("\n")[0]], [0, "no extensions installed"]);
});

Deno.test("zot ext doctor: live start shows ready states, registrations, frames, load errors", async () => {
  await using z = await tempZot();
  await Deno.mkdir(z.paths.extensions, { recursive: true });
  const good = await copyFixture("doctor-py", z.paths.extensions);
  const quiet = await copyFixture("quiet-py", z.paths.extensions);
  const broken = await ext(z.paths.extensions, "gone", `{"name":"gone","exec":"./missing-binary"}`);
  const r = await zot(z, "ext", "doctor");
  assertEquals(r.code, 1, r.stdout + r.stderr);
  const text = r.stdout;
  assertStringIncludes(
    text,
    `doctor-py [global] ok (${good})\n  version: 2.0.0\n  exec: ./doctor.py\n  sandboxed: no\n` +
      `  log: ${join(z.paths.logs, "ext-doctor-py.log")}\n  commands:\n    /todo (active)\n` +
      `  tools:\n    todo_add (active)\n  malformed frames: 1\n  invalid frames: 1\n` +
      `  unknown frame types: 1\n  late replies: 1\n`,
  );
  assertStringIncludes(text, `quiet-py [global] auto-ready (${quiet})`);
  assertStringIncludes(text, `gone [global] error (${broken})\n  error: `);
  assertStringIncludes(text, "load errors:\n  ! ");
  assertEquals(processesMatching(z.root), []);
  const json = JSON.parse((await zot(z, "ext", "doctor", "doctor-py", "--json")).stdout);
  const row = json.extensions[0];
  assertEquals(row.frames, { malformed: 1, invalid: 1, unknown_type: 1, late_replies: 1 });
  const quietRow = JSON.parse((await zot(z, "ext", "doctor", "gone", "--json")).stdout);
  assertEquals(quietRow.extensions[0].frames, null);
  assertEquals(processesMatching(z.root), []);
});

Deno.test("zot ext doctor: a command or tool named like a built-in shows as shadowed, with the reason in the log", async () => {
  await using z = await tempZot();
  await Deno.mkdir(z.paths.extensions, { recursive: true });
  const dir = await copyFixture("shadow-py", z.paths.extensions);
  const r = await zot(z, "ext", "doctor");
  assertEquals(r.code, 0, r.stdout + r.stderr);
  const command =
    "command /Help is shadowed by the built-in /help (rename the extension's command)";
  const tool =
    "tool bash is shadowed by the built-in tool of that name (rename the extension's tool)";
  assertStringIncludes(
    r.stdout,
    `shadow-py [global] warning (${dir})\n`,
  );
  assertStringIncludes(
    r.stdout,
    "  commands:\n    /Help (shadowed)\n    /mine (active)\n" +
      "  tools:\n    bash (shadowed)\n    shadow_tool (active)\n",
  );
  assertStringIncludes(r.stdout, `  warning: ${command}\n  warning: ${tool}\n`);
  const log = await Deno.readTextFile(join(z.paths.logs, "ext-shadow-py.log"));
  assertStringIncludes(log, `[zot] ${command}\n`);
  assertStringIncludes(log, `[zot] ${tool}\n`);
  const json = JSON.parse((await zot(z, "ext", "doctor", "shadow-py", "--json")).stdout);
  assertEquals(json.extensions[0].commands, [
    { name: "Help", state: "shadowed" },
    { name: "mine", state: "active" },
  ]);
  assertEquals(processesMatching(z.root), []);
});

Deno.test("zot ext doctor --ext <dir>: a working copy is started as zot --ext would, beside the copy it shadows", async () => {
  await using z = await tempZot();
  await Deno.mkdir(z.paths.extensions, { recursive: true });
  const installed = await copyFixture("doctor-py", z.paths.extensions);
  await copyFixture("quiet-py", z.paths.extensions);
  const work = await copyFixture("doctor-py", join(z.root, "work"));
  const r = await zot(z, "ext", "doctor", "--ext", work);
  assertEquals(r.code, 0, r.stdout + r.stderr);
  assertStringIncludes(r.stdout, `doctor-py [explicit] ok (${work})`);
  assertStringIncludes(r.stdout, `doctor-py [global] shadowed (${installed})`);
  // Only what was asked about, and what it shadows.
  assertEquals(r.stdout.includes("quiet-py"), false, r.stdout);
  const json = JSON.parse((await zot(z, "ext", "doctor", "--ext", work, "--json")).stdout);
  assertEquals(json.extensions.map((e: { location: string }) => e.location), [
    "explicit",
    "global",
  ]);
  assertEquals(processesMatching(z.root), []);
});
