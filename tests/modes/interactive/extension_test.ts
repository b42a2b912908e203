import { assert, assertEquals, assertStringIncludes } from "../../helpers/assert.ts";
import { tempZot } from "../../helpers/tmp.ts";
import { startFakeLlm } from "../../helpers/fake_llm.ts";
import { until } from "../../helpers/wait.ts";
import { startZotTui } from "./zot_tmux.ts";
import { toolExtension } from "../../journeys/zot.ts";

const FIXTURE = new URL("./fixtures/tuiext/", import.meta.url).pathname;

async function copyFixture(to: string): Promise<string> {
  const dir = `${to}/tuiext`;
  await Deno.mkdir(dir, { recursive: true });
  for (const f of ["extension.json", "tuiext.py"]) {
    await Deno.copyFile(`${FIXTURE}${f}`, `${dir}/${f}`);
  }
  return dir;
}

async function run(tui: Awaited<ReturnType<typeof startZotTui>>, line: string): Promise<void> {
  await tui.type(line);
  // Enter on an open slash menu completes the (matching) command and submits.
  await tui.keys("Enter");
}

Deno.test("tui: extension commands in autocomplete, actions, notes and errors", async () => {
  await using z = await tempZot();
  await using llm = await startFakeLlm({ script: () => ({ text: "model reply" }) });
  const ext = await copyFixture(z.root);
  await using tui = await startZotTui({
    cwd: z.cwd,
    home: z.home,
    args: ["--base-url", llm.url, "--no-ext", "--ext", ext],
  });
  await tui.waitFor("unjailed · yolo", "the status line");

  // Autocomplete: built-ins, then the divider, then extension commands by name
  // ignoring case; the extension's "help" is hidden behind the built-in.
  await tui.type("/");
  const menu = await tui.waitFor("── extensions ──", "the divider");
  const rows = menu.split("\n").map((l) => l.trim());
  const divider = rows.findIndex((r) => r.startsWith("── extensions ──"));
  assert(rows.findIndex((r) => r.startsWith("/help")) < divider, menu);
  assert(rows.findIndex((r) => r.startsWith("/demo")) > divider, menu);
  assert(
    rows.findIndex((r) => r.startsWith("/demo")) < rows.findIndex((r) => r.startsWith("/Zeta")),
    menu,
  );
  await tui.type("DE");
  await tui.waitFor((s) => s.includes("/demo") && !s.includes("/Zeta"), "case-insensitive filter");
  await tui.keys("C-u");

  await run(tui, "/demo note");
  await tui.waitFor("[tuiext] note two", "the notes");
  await run(tui, "/demo clear");
  await tui.waitFor((s) => !s.includes("note one"), "clear_notes");

  await run(tui, "/demo");
  await tui.waitFor("[demo] pong demo", "display action");
  // A display is part of the transcript (shown under the command's name): clear_notes and Esc
  // clear the notes, the display stays where the user can read it again.
  await run(tui, "/demo note");
  await tui.waitFor("[tuiext] note two", "a note next to the display");
  await run(tui, "/demo clear");
  await tui.keys("Escape");
  const cleared = await tui.waitFor((s) => !s.includes("note two"), "clear_notes and esc clear");
  assert(cleared.includes("[demo] pong demo"), cleared);
  await run(tui, "/demo bad");
  await tui.waitFor("extension /demo: it broke", "error status");
  await run(tui, "/demo weird");
  await tui.waitFor("extension /demo: unknown action frobnicate", "unknown action");
  await run(tui, "/nosuch");
  await tui.waitFor("unknown command /nosuch", "unknown command");

  await run(tui, "/demo insert");
  await tui.waitFor("inserted text", "insert action");
  await tui.keys("C-u");

  // A note is cleared when the next prompt starts.
  await run(tui, "/demo note");
  await tui.waitFor("[tuiext] note one");
  await run(tui, "/demo prompt");
  const after = await tui.waitFor("model reply", "the model turn");
  assert(after.includes("› from the extension"), after);
  assert(!after.includes("note one"), after);
  assertEquals(llm.requests.length, 1);

  await run(tui, "/demo submit");
  await tui.waitFor("› submitted by extension", "spontaneous submit");
  await run(tui, "/exit");
  await until(() => tui.dead(), 10_000, "zot to exit");
});

Deno.test("tui: a panel opens, takes keys, ignores other ids and closes with esc or ctrl+c", async () => {
  await using z = await tempZot();
  const ext = await copyFixture(z.root);
  await using tui = await startZotTui({
    cwd: z.cwd,
    home: z.home,
    args: ["--no-ext", "--ext", ext],
    env: { ANTHROPIC_API_KEY: "" },
  });
  await tui.waitFor("unjailed · yolo", "the status line");
  await run(tui, "/demo panel");
  const open = await tui.waitFor("Demo panel", "the panel");
  assert(open.includes("▸ first row") && open.includes("esc closes"), open);
  await tui.keys("Down");
  await tui.type("x");
  await tui.keys("Enter");
  const keyed = await tui.waitFor("keys: down rune=x enter", "keys echoed");
  assert(!keyed.includes("WRONG PANEL"), keyed);
  await tui.keys("Escape");
  const closed = await tui.waitFor("panel p1 closed by user", "panel_close");
  assert(!closed.includes("Demo panel"), closed);
  // Ctrl+C closes a panel too, sends panel_close (and does not count towards exiting).
  // Esc with the editor focused clears the notes, so the next close note is Ctrl+C's.
  await tui.keys("Escape");
  await tui.waitFor((s) => !s.includes("closed by user"), "the notes cleared");
  await run(tui, "/demo panel");
  await tui.waitFor("Demo panel", "the panel again");
  await tui.keys("C-c");
  const ctrlC = await tui.waitFor("panel p1 closed by user", "panel_close after ctrl+c");
  assert(!ctrlC.includes("Demo panel"), ctrlC);
  assert(!(await tui.dead()));
  await run(tui, "/exit");
  await until(() => tui.dead(), 10_000, "zot to exit");
});

Deno.test("tui: /reload-ext picks up an edited extension and shows the counts", async () => {
  await using z = await tempZot();
  const ext = await copyFixture(z.root);
  await using tui = await startZotTui({
    cwd: z.cwd,
    home: z.home,
    args: ["--no-ext", "--ext", ext],
  });
  await tui.waitFor("unjailed · yolo", "the status line");
  await Deno.writeTextFile(`${ext}/commands.txt`, "fresh\n");
  await run(tui, "/reload-ext");
  await tui.waitFor("reloaded: 1 stopped, 1 loaded (1 ready)", "the reload status");
  await tui.type("/fre");
  await tui.waitFor("tuiext fresh", "the new command in autocomplete");
  await tui.keys("C-u");
  // A broken manifest: the load error stays in the transcript, in its own lines.
  await Deno.writeTextFile(`${ext}/extension.json`, `{"name": "tuiext"}`);
  await run(tui, "/reload-ext");
  await tui.waitFor("✖ ", "the load error");
  await tui.waitFor("1 error(s)", "the error count");
  await run(tui, "/exit");
  await until(() => tui.dead(), 10_000, "zot to exit");
});

Deno.test("tui: /reload-ext starts an extension created after a start with none", async () => {
  await using z = await tempZot();
  await using llm = await startFakeLlm({ script: () => ({ text: "model reply" }) });
  await using tui = await startZotTui({ cwd: z.cwd, home: z.home, args: ["--base-url", llm.url] });
  await tui.waitFor("unjailed · yolo", "the status line");
  await copyFixture(`${z.home}/extensions`);
  await run(tui, "/reload-ext");
  await tui.waitFor("reloaded: 0 stopped, 1 loaded (1 ready)", "the reload status");
  await tui.type("/dem");
  await tui.waitFor("tuiext demo", "the new command in autocomplete");
  await tui.keys("C-u");
  await run(tui, "/demo");
  await tui.waitFor("[demo] pong demo", "the command runs");
  // Its tool reaches the registry and the model's request.
  await run(tui, "/tools");
  await tui.waitFor("ask the user [tuiext]", "the extension tool in /tools");
  await run(tui, "hello");
  await tui.waitFor("model reply", "the model turn");
  const body = (await llm.request(0)).body as { tools?: { name: string }[] };
  assert(body.tools?.some((t) => t.name === "ask"), JSON.stringify(body.tools));
  await run(tui, "/exit");
  await until(() => tui.dead(), 10_000, "zot to exit");
});

Deno.test("tui: /reload-ext honours --no-ext", async () => {
  await using z = await tempZot();
  await using tui = await startZotTui({ cwd: z.cwd, home: z.home, args: ["--no-ext"] });
  await tui.waitFor("unjailed · yolo", "the status line");
  await copyFixture(`${z.home}/extensions`);
  await run(tui, "/reload-ext");
  await tui.waitFor("extensions are off (--no-ext)", "the reload status");
  // The menu for "/de" is up (the built-in /model matches inside) and has no extension part.
  await tui.type("/de");
  const menu = await tui.waitFor("switch the model", "the slash menu");
  assert(!menu.includes("── extensions ──") && !menu.includes("tuiext demo"), menu);
  await tui.keys("C-u");
  await run(tui, "/exit");
  await until(() => tui.dead(), 10_000, "zot to exit");
});

Deno.test("tui: the status line shows cost and context after a reply; esc and /clear clear notes", async () => {
  await using z = await tempZot();
  // 100k in + 2k out on claude-opus-4-7 ($5/$25 per M, 200k window): $0.5500, ctx 51%.
  await using llm = await startFakeLlm({
    script: () => ({ text: "model reply", usage: { input: 100_000, output: 2_000 } }),
  });
  const ext = await copyFixture(z.root);
  await using tui = await startZotTui({
    cwd: z.cwd,
    home: z.home,
    args: ["--base-url", llm.url, "--model", "claude-opus-4-7", "--no-ext", "--ext", ext],
  });
  const start = await tui.waitFor("unjailed · yolo", "the status line");
  assert(start.includes("$0.0000") && !start.includes("ctx "), start);
  await run(tui, "hello");
  await tui.waitFor("ctx 51% · $0.5500 · unjailed", "cost and context after the reply");

  await run(tui, "/demo note");
  await tui.waitFor("[tuiext] note two", "the notes");
  await tui.keys("Escape");
  await tui.waitFor((s) => !s.includes("note two") && !s.includes("bad thing"), "esc clears notes");

  await run(tui, "/demo note");
  await tui.waitFor("[tuiext] note two", "the notes again");
  await run(tui, "/clear");
  const cleared = await tui.waitFor((s) => !s.includes("note two"), "/clear clears notes");
  assert(!cleared.includes("model reply") && !cleared.includes("ctx "), cleared);
  assert(cleared.includes("$0.0000"), cleared);
  await run(tui, "/exit");
  await until(() => tui.dead(), 10_000, "zot to exit");
});

Deno.test("tui: an extension that dies mid-run is named in a note; its command says why it is gone", async () => {
  await using z = await tempZot();
  const dir = `${z.root}/crashy`;
  await Deno.mkdir(dir);
  await Deno.writeTextFile(
    `${dir}/extension.json`,
    JSON.stringify({ name: "crashy", version: "1.0.0", exec: "./main.sh" }),
  );
  await Deno.writeTextFile(
    `${dir}/main.sh`,
    `#!/bin/sh
printf '%s\\n' '{"type":"hello","name":"crashy","version":"1.0.0","capabilities":["commands","tools"]}'
IFS= read -r line
printf '%s\\n' '{"type":"register_command","name":"boom","description":"boom"}'
printf '%s\\n' '{"type":"register_tool","name":"crashy_do","description":"do","schema":{"type":"object"}}'
printf '%s\\n' '{"type":"ready"}'
while IFS= read -r line; do
  case "$line" in
    *'"tool_call"'*) exit 7 ;;
    *'"shutdown"'*) printf '%s\\n' '{"type":"shutdown_ack"}'; exit 0 ;;
  esac
done
`,
  );
  await Deno.chmod(`${dir}/main.sh`, 0o755);
  await using llm = await startFakeLlm({
    script: [{ toolCalls: [{ name: "crashy_do", args: {} }] }, { text: "carried on" }],
  });
  await using tui = await startZotTui({
    cwd: z.cwd,
    home: z.home,
    args: ["--base-url", llm.url, "--no-ext", "--ext", dir],
  });
  await tui.waitFor("unjailed · yolo", "the status line");
  await tui.type("go");
  await tui.keys("Enter");
  const after = await tui.waitFor(`extension "crashy" stopped`, "the crash note");
  assertStringIncludes(after, "carried on");
  assertStringIncludes(after, "exited with status 7");
  assertStringIncludes(after, "/reload-ext");
  await tui.type("/boom");
  await tui.keys("Enter");
  const boom = await tui.waitFor(`/boom: extension "crashy" stopped`, "the command's reason");
  assert(!boom.includes("unknown command"), boom);
  await tui.type("/exit");
  await tui.keys("Enter");
  await until(() => tui.dead(), 10_000, "zot to exit");
});

Deno.test("tui: the note for an extension whose end is known late says how it ended", async () => {
  await using z = await tempZot();
  // Closes its output on the tool call and lives on: how it ended comes late.
  const dir = `${z.root}/mute`;
  await Deno.mkdir(dir);
  for (const [rel, text] of Object.entries(toolExtension("mute", "exec >&-"))) {
    await Deno.writeTextFile(`${z.root}/${rel}`, text, { mode: 0o755 });
  }
  await using llm = await startFakeLlm({
    script: [{ toolCalls: [{ name: "mute_do", args: {} }] }, { text: "carried on" }],
  });
  await using tui = await startZotTui({
    cwd: z.cwd,
    home: z.home,
    args: ["--base-url", llm.url, "--no-ext", "--ext", dir],
  });
  await tui.waitFor("unjailed · yolo", "the status line");
  await tui.type("go");
  await tui.keys("Enter");
  const after = await tui.waitFor(`extension "mute" stopped`, "the note");
  assertStringIncludes(after, "carried on");
  assertStringIncludes(after, `extension "mute" stopped (closed stdout)`);
  await tui.type("/exit");
  await tui.keys("Enter");
  await until(() => tui.dead(), 10_000, "zot to exit");
});
