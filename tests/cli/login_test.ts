/**
 * `zot login` and `zot logout` driven as a user would: a real terminal (tmux) for the hidden
 * key, piped stdin for scripts, a temp ZOT_HOME and no key from the caller's environment.
 *
 * @module
 */

import { assert, assertEquals, assertNotEquals, assertStringIncludes } from "../helpers/assert.ts";
import { TmuxSession } from "../helpers/tmux.ts";
import { journey } from "../journeys/zot.ts";
import { CONFIG, MAIN } from "../modes/run_zot.ts";

const SECRET = "sk-ant-SECRET-4f9a";

/** `zot login args…` in a real terminal, with no key from the caller's environment. */
function loginInTmux(home: string, cwd: string, ...args: string[]): Promise<TmuxSession> {
  // A shell around zot prints its exit status on the screen once it ends.
  const zot = [Deno.execPath(), "run", "-A", "--quiet", "--config", CONFIG, MAIN, "login", ...args];
  return TmuxSession.start(
    ["sh", "-c", '"$@"; echo "[exited $?]"', "sh", ...zot],
    { cwd, env: { ZOT_HOME: home, NO_COLOR: "1", ANTHROPIC_API_KEY: "", OPENAI_API_KEY: "" } },
  );
}

/** The exit status the wrapping shell printed once zot ended. */
async function exited(t: TmuxSession): Promise<number> {
  const screen = await t.waitFor((s) => /\[exited \d+\]/.test(s), "zot to exit");
  return Number(/\[exited (\d+)\]/.exec(screen)![1]);
}

async function pipedLogin(
  j: Awaited<ReturnType<typeof journey>>,
  input: string,
  ...args: string[]
): Promise<{ code: number; stderr: string }> {
  const child = j.command("login", ...args).spawn();
  const writer = child.stdin.getWriter();
  await writer.write(new TextEncoder().encode(input));
  await writer.close();
  const out = await child.output();
  return { code: out.code, stderr: new TextDecoder().decode(out.stderr) };
}

Deno.test("zot login: the key typed in a terminal never shows, and auth.json is 0600", async () => {
  await using j = await journey();
  await using t = await loginInTmux(j.home, j.cwd);
  await t.waitFor("API key for anthropic:");
  await t.type(SECRET);
  // Typed but not entered: a terminal that echoed would show it by now.
  const typing = await t.screen();
  assert(!typing.includes("SECRET"), typing);
  await t.keys("Enter");
  const done = await t.waitFor("Stored the anthropic key");
  assert(!done.includes("SECRET"), done);
  assertEquals(await exited(t), 0);
  const path = `${j.home}/auth.json`;
  assertEquals((await Deno.stat(path)).mode! & 0o777, 0o600);
  assertEquals(JSON.parse(await Deno.readTextFile(path)), {
    anthropic: { type: "api_key", key: SECRET },
  });
});

Deno.test("zot login: Backspace and Ctrl-U edit the hidden key; arrow keys are dropped", async () => {
  await using j = await journey();
  await using t = await loginInTmux(j.home, j.cwd, "openai");
  await t.waitFor("API key for openai:");
  await t.type("wrong");
  await t.keys("C-u");
  await t.type("sk-oa-1x");
  await t.keys("BSpace", "Up", "Enter");
  await t.waitFor("Stored the openai key");
  assertEquals(await exited(t), 0);
  const auth = JSON.parse(await Deno.readTextFile(`${j.home}/auth.json`));
  assertEquals(auth.openai.key, "sk-oa-1");
});

Deno.test("zot login: Ctrl-C cancels, stores nothing and exits non-zero", async () => {
  await using j = await journey();
  await using t = await loginInTmux(j.home, j.cwd);
  await t.waitFor("API key for anthropic:");
  await t.type("sk-half");
  await t.keys("C-c");
  await t.waitFor("Login cancelled");
  assertEquals(await exited(t), 1);
  await Deno.stat(`${j.home}/auth.json`).then(
    () => assert(false, "auth.json written"),
    (e) => assert(e instanceof Deno.errors.NotFound),
  );
});

Deno.test("zot login: a second login replaces the file atomically, keeping other entries", async () => {
  await using j = await journey();
  const path = `${j.home}/auth.json`;
  // An older, hand-made file: too open, with a bare-string entry and one zot does not know.
  await Deno.writeTextFile(
    path,
    JSON.stringify({ anthropic: "sk-old", openai: "sk-oa", other: { x: 1 } }),
  );
  await Deno.chmod(path, 0o644);
  const before = await Deno.stat(path);
  const first = await pipedLogin(j, "sk-new-1\n");
  assertEquals(first.code, 0, first.stderr);
  const middle = await Deno.stat(path);
  // A new inode: the file was replaced by a rename, never rewritten in place.
  assertNotEquals(middle.ino, before.ino);
  assertEquals(middle.mode! & 0o777, 0o600);
  await using t = await loginInTmux(j.home, j.cwd, "anthropic");
  await t.waitFor("API key for anthropic:");
  await t.type("sk-new-2");
  await t.keys("Enter");
  assertEquals(await exited(t), 0);
  const after = await Deno.stat(path);
  assertNotEquals(after.ino, middle.ino);
  assertEquals(after.mode! & 0o777, 0o600);
  assertEquals(JSON.parse(await Deno.readTextFile(path)), {
    anthropic: { type: "api_key", key: "sk-new-2" },
    openai: "sk-oa",
    other: { x: 1 },
  });
  // No temp file left beside it.
  assertEquals(
    [...Deno.readDirSync(j.home)].map((e) => e.name).filter((n) => n !== "auth.json")
      .filter((n) => n.includes("auth")),
    [],
  );
});

Deno.test("zot login: an unreadable auth.json is left alone, not overwritten", async () => {
  await using j = await journey();
  const path = `${j.home}/auth.json`;
  await Deno.writeTextFile(path, '{"openai": "sk-oa",');
  const r = await pipedLogin(j, "sk-new\n");
  assertEquals(r.code, 1);
  assertStringIncludes(r.stderr, "invalid JSON");
  assertEquals(await Deno.readTextFile(path), '{"openai": "sk-oa",');
});

Deno.test("zot login: an empty key, spaces, control characters, a huge paste or an unknown provider store nothing", async () => {
  await using j = await journey();
  const empty = await pipedLogin(j, "\n");
  assertEquals(empty.code, 1);
  assertStringIncludes(empty.stderr, `run "zot login anthropic"`);
  const spaced = await pipedLogin(j, "sk a b\n");
  assertEquals(spaced.code, 1);
  assertStringIncludes(spaced.stderr, "contains spaces");
  // Piped input is not edited by a terminal: escapes and NULs would end up in the file.
  for (const bad of ["sk-\x1b[2Jkey\n", "sk-\0\0\0", "sk-" + "x".repeat(5000) + "\n"]) {
    const r = await pipedLogin(j, bad);
    assertEquals(r.code, 1, r.stderr);
    assertStringIncludes(r.stderr, "Cannot store the anthropic key");
  }
  const unknown = await pipedLogin(j, "k\n", "gemini");
  assertEquals(unknown.code, 2);
  assertStringIncludes(unknown.stderr, `Unknown provider "gemini"`);
  assertEquals([...Deno.readDirSync(j.home)].some((e) => e.name === "auth.json"), false);
});

Deno.test("zot logout removes one provider's key and zot login --help explains it", async () => {
  await using j = await journey();
  assertEquals((await pipedLogin(j, "sk-a\n")).code, 0);
  assertEquals((await pipedLogin(j, "sk-o\n", "openai")).code, 0);
  const out = await j.zot("logout", "openai");
  assertEquals(out.code, 0, out.stderr);
  assertEquals(JSON.parse(await Deno.readTextFile(`${j.home}/auth.json`)), {
    anthropic: { type: "api_key", key: "sk-a" },
  });
  const help = await j.zot("login", "--help");
  assertEquals(help.code, 0);
  assertStringIncludes(help.stdout, "Usage: zot login");
  assertStringIncludes(help.stdout, "without showing it");
});
