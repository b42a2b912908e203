/**
 * The TUI without an API key: its first screen says how to get going, and `/login` reads a key
 * that never shows on screen, stores it 0600 and uses it for the next prompt without a restart.
 * The caller's keys are blanked in the child's environment.
 *
 * @module
 */

import { assert, assertEquals, assertStringIncludes } from "../../helpers/assert.ts";
import { tempZot } from "../../helpers/tmp.ts";
import { startFakeLlm } from "../../helpers/fake_llm.ts";
import { startZotTui } from "./zot_tmux.ts";

const NO_KEYS = { ANTHROPIC_API_KEY: "", OPENAI_API_KEY: "" };
const SECRET = "sk-ant-TUI-SECRET-77";

Deno.test("tui: without a key the first screen names /login, the env var and --api-key", async () => {
  await using z = await tempZot();
  await using tui = await startZotTui({
    cwd: z.cwd,
    home: z.home,
    args: ["--no-ext"],
    env: NO_KEYS,
  });
  const screen = await tui.waitFor("No API key for anthropic", "the first-run note");
  const flat = screen.replace(/\s+/g, " ");
  assertStringIncludes(flat, "/login");
  assertStringIncludes(flat, "ANTHROPIC_API_KEY");
  assertStringIncludes(flat, "--api-key");
});

Deno.test("tui: without a key it opens on the provider and model config.json last used", async () => {
  await using z = await tempZot();
  await Deno.writeTextFile(`${z.home}/config.json`, '{"provider":"openai","model":"gpt-5-mini"}');
  await using tui = await startZotTui({
    cwd: z.cwd,
    home: z.home,
    args: ["--no-ext"],
    env: NO_KEYS,
  });
  const screen = await tui.waitFor("No API key for openai", "the first-run note");
  assertStringIncludes(screen.replace(/\s+/g, " "), "OPENAI_API_KEY");
  assertStringIncludes(screen, "openai/gpt-5-mini");
});

Deno.test("tui: with a key there is no first-run note", async () => {
  await using z = await tempZot();
  await using tui = await startZotTui({ cwd: z.cwd, home: z.home, args: ["--no-ext"] });
  const screen = await tui.waitFor("unjailed · yolo", "the status line");
  assert(!screen.includes("No API key"), screen);
});

Deno.test("tui: /login hides the key, stores it 0600 and the next prompt uses it", async () => {
  await using z = await tempZot();
  await using llm = await startFakeLlm({ script: [{ text: "logged-in answer" }] });
  await using tui = await startZotTui({
    cwd: z.cwd,
    home: z.home,
    args: ["--base-url", llm.url, "--no-ext"],
    env: NO_KEYS,
  });
  await tui.waitFor("No API key for anthropic", "the first-run note");
  await tui.type("/login");
  await tui.keys("Enter");
  await tui.waitFor("API key for anthropic", "the key dialog");
  await tui.type(SECRET);
  const typed = await tui.waitFor(`(hidden, ${SECRET.length} characters)`, "the key typed");
  assert(!typed.includes("SECRET"), typed);
  await tui.keys("Enter");
  const done = await tui.waitFor("key stored and in use", "the login result");
  assert(!done.includes("SECRET"), done);
  const path = `${z.home}/auth.json`;
  assertEquals((await Deno.stat(path)).mode! & 0o777, 0o600);
  assertEquals(JSON.parse(await Deno.readTextFile(path)).anthropic.key, SECRET);
  await tui.type("hello");
  await tui.keys("Enter");
  await tui.waitFor("logged-in answer", "the model's answer");
  assertEquals(llm.requests[0].headers["x-api-key"], SECRET);
});

Deno.test("tui: /login cancelled with Esc stores nothing", async () => {
  await using z = await tempZot();
  await using tui = await startZotTui({
    cwd: z.cwd,
    home: z.home,
    args: ["--no-ext"],
    env: NO_KEYS,
  });
  await tui.waitFor("No API key for anthropic", "the first-run note");
  await tui.type("/login");
  await tui.keys("Enter");
  await tui.waitFor("API key for anthropic", "the key dialog");
  await tui.type("sk-half");
  await tui.keys("Escape");
  await tui.waitFor("login cancelled", "the cancel note");
  await Deno.stat(`${z.home}/auth.json`).then(
    () => assert(false, "auth.json written"),
    (e) => assert(e instanceof Deno.errors.NotFound),
  );
});
