/**
 * The interactive app in-process on an in-memory terminal: keys are fed
 * as bytes, the components are read back.
 */
import { assert, assertEquals, assertStringIncludes } from "../../helpers/assert.ts";
import { tempZot } from "../../helpers/tmp.ts";
import { startFakeLlm } from "../../helpers/fake_llm.ts";
import { until } from "../../helpers/wait.ts";
import { defaultFlags } from "../../../src/modes/common/flags.ts";
import { createInteractiveSetup } from "../../../src/modes/common/setup.ts";
import { App } from "../../../src/modes/interactive/app.ts";
import { MemoryTerminal, stripAnsi } from "../../../src/tui/mod.ts";

async function openApp(
  llmUrl: string,
  z: { cwd: string; home: string },
  persist = false,
  ext: string[] = [],
  yolo = true,
) {
  const flags = {
    ...defaultFlags(),
    baseUrl: llmUrl,
    noExt: true,
    noSession: !persist,
    ext,
    yolo,
  };
  const env = (name: string) =>
    ({ ZOT_HOME: z.home, ANTHROPIC_API_KEY: "k", HOME: z.home } as Record<string, string>)[name];
  const setup = await createInteractiveSetup(flags, undefined, { cwd: z.cwd, env });
  const terminal = new MemoryTerminal(80, 30, { keep: false });
  const app = new App(setup, terminal, { color: false });
  const done = app.run();
  await app.started;
  return {
    app,
    terminal,
    transcript: () => stripAnsi(app.screen.transcript.render(80).join("\n")),
    async close() {
      terminal.type("/exit");
      terminal.key("\r");
      await done;
      await setup.shutdown();
    },
  };
}

Deno.test("app: prompts typed while a turn runs queue; esc aborts and gives them back to the editor", async () => {
  await using z = await tempZot();
  await using llm = await startFakeLlm({
    script: [{ hang: true, text: "thinking" }, { text: "second answer" }, { text: "third" }],
  });
  const t = await openApp(llm.url, z);
  try {
    t.terminal.type("first");
    t.terminal.key("\r");
    await llm.request(0);
    assert(t.app.controller.running);
    t.terminal.type("queued one");
    t.terminal.key("\r");
    assertEquals(t.app.controller.queued, 1);
    assertEquals(t.app.screen.status.info.queued, 1);
    t.terminal.key("\x1b");
    await t.app.controller.idle();
    assertEquals(t.app.controller.queued, 0);
    assertEquals(llm.requests.length, 1);
    assert(t.transcript().includes("(aborted)"), t.transcript());
    // The queued prompt was never sent: it is back in the editor, not lost.
    assertEquals(t.app.screen.editor.getText(), "queued one");
    assertEquals(t.app.screen.status.message, "aborted; the queued prompt is back in the editor");
    t.terminal.key("\x03");
    assertEquals(t.app.screen.editor.getText(), "");
    // Two prompts in a row run one after the other.
    t.terminal.type("a");
    t.terminal.key("\r");
    t.terminal.type("b");
    t.terminal.key("\r");
    await until(() => llm.requests.length === 3 && !t.app.controller.running, 10_000, "two runs");
    const text = t.transcript();
    assert(text.indexOf("› a") < text.indexOf("second answer"), text);
    assert(text.indexOf("second answer") < text.indexOf("› b"), text);
    assert(text.indexOf("› b") < text.indexOf("third"), text);
  } finally {
    await t.close();
  }
});

Deno.test("app: /clear empties the conversation; /jail switches the tool policy", async () => {
  await using z = await tempZot();
  await using llm = await startFakeLlm({ script: [{ text: "hello there" }] });
  const t = await openApp(llm.url, z);
  try {
    t.terminal.type("hi");
    t.terminal.key("\r");
    await until(() => t.transcript().includes("hello there"), 10_000, "the reply");
    await t.app.controller.idle();
    t.terminal.type("/clear");
    t.terminal.key("\r");
    await until(() => !t.transcript().includes("hello"), 5_000, "cleared transcript");
    assertEquals(t.app.ctx.setup.agent.messages.length, 0);
    t.terminal.type("/jail");
    t.terminal.key("\r");
    await until(() => t.app.ctx.setup.jail.root === z.cwd, 5_000, "jail");
    assert(t.app.screen.status.info.jailed);
    // Turning it on says what it does not stop.
    await until(() => t.transcript().includes("not a sandbox"), 5_000, "the jail's limits");
    assertStringIncludes(t.transcript(), "cat {/,}etc/passwd");
    t.terminal.type("/unjail");
    t.terminal.key("\r");
    await until(() => t.app.ctx.setup.jail.root === undefined, 5_000, "unjail");
    const id = t.app.ctx.setup.agent.session.id;
    t.terminal.type("/new");
    t.terminal.key("\r");
    await until(() => t.app.ctx.setup.agent.session.id !== id, 5_000, "a new session");
  } finally {
    await t.close();
  }
});

Deno.test("app: /model picks from a list and saves; /sessions resumes a saved session", async () => {
  await using z = await tempZot();
  await using llm = await startFakeLlm({ script: [{ text: "saved answer" }] });
  const first = await openApp(llm.url, z, true);
  try {
    first.terminal.type("remember this");
    first.terminal.key("\r");
    await until(() => first.transcript().includes("saved answer"), 10_000, "the reply");
    await first.app.controller.idle();
  } finally {
    await first.close();
  }
  const t = await openApp(llm.url, z, true);
  try {
    const before = t.app.ctx.setup.agent.model;
    t.terminal.type("/model");
    t.terminal.key("\r");
    await until(() => t.app.screen.hasDialog, 5_000, "the model picker");
    t.terminal.key("\x1b[B");
    t.terminal.key("\r");
    await until(() => t.app.ctx.setup.agent.model !== before, 5_000, "a new model");
    const model = t.app.ctx.setup.agent.model;
    assert(t.app.screen.status.info.model.endsWith(model));
    await until(
      async () => {
        const text = await Deno.readTextFile(`${z.home}/config.json`).catch(() => "{}");
        return JSON.parse(text).model === model;
      },
      5_000,
      "the saved model",
    );

    t.terminal.type("/sessions");
    t.terminal.key("\r");
    await until(() => t.app.screen.hasDialog, 5_000, "the session picker");
    t.terminal.key("\r");
    await until(() => t.transcript().includes("saved answer"), 5_000, "the resumed transcript");
    assert(t.transcript().includes("› remember this"), t.transcript());
    assertEquals(t.app.ctx.setup.agent.messages.length, 2);
  } finally {
    await t.close();
  }
});

async function observer(root: string, events: string[]): Promise<string> {
  const dir = `${root}/obs`;
  await Deno.mkdir(dir);
  const script = new URL("../../fixtures/host/ext.py", import.meta.url).pathname;
  await Deno.writeTextFile(
    `${dir}/extension.json`,
    JSON.stringify({
      name: "obs",
      exec: "python3",
      args: [script, JSON.stringify({ name: "obs", events })],
    }),
  );
  return dir;
}

Deno.test("app: the confirmation dialog emits tool_confirmation_requested and permission_decision", async () => {
  await using z = await tempZot();
  const dir = await observer(z.root, ["tool_confirmation_requested", "permission_decision"]);
  await using llm = await startFakeLlm({
    script: [
      { toolCalls: [{ name: "bash", args: { command: "echo approved-run" } }] },
      { text: "finished" },
    ],
  });
  const t = await openApp(llm.url, z, false, [dir], false);
  try {
    const seen = () => t.app.screen.notes.notes.map((n) => n.text).join("\n");
    t.terminal.type("go");
    t.terminal.key("\r");
    await until(() => t.app.screen.hasDialog, 10_000, "the confirmation");
    await until(() => seen().includes("tool_confirmation_requested"), 5_000, "the request event");
    assert(seen().includes(`"tool_preview": "echo approved-run"`), seen());
    t.terminal.key("\r");
    await until(() => seen().includes("permission_decision"), 5_000, "the decision event");
    assert(
      seen().includes(`"decision": "approved"`) && seen().includes(`"source": "user"`),
      seen(),
    );
    await until(() => t.transcript().includes("finished"), 10_000, "the end of the run");
    assert(t.transcript().includes("approved-run"), t.transcript());
  } finally {
    await t.close();
  }
});

Deno.test("app: a prompt queued behind a running turn is announced once, with queued:true", async () => {
  await using z = await tempZot();
  const dir = await observer(z.root, ["user_prompt_submit"]);
  await using llm = await startFakeLlm({ script: [{ hang: true }, { text: "ok" }] });
  const t = await openApp(llm.url, z, false, [dir]);
  try {
    const seen = () => t.app.screen.notes.notes.map((n) => n.text);
    t.terminal.type("first");
    t.terminal.key("\r");
    await llm.request(0);
    t.terminal.type("later");
    t.terminal.key("\r");
    await until(() => seen().some((n) => n.includes(`"later"`)), 5_000, "the queued event");
    const queued = seen().find((n) => n.includes(`"later"`))!;
    assert(queued.includes(`"queued": true`), queued);
    t.app.ctx.setup.agent.abort();
    await llm.request(1);
    await t.app.controller.idle();
    // The queued prompt ran without a second announcement (notes were cleared when it started).
    assert(!seen().some((n) => n.includes("user_prompt_submit")), seen().join("\n"));
  } finally {
    await t.close();
  }
});

Deno.test("app: the theme saved in config.json is used at start", async () => {
  await using z = await tempZot();
  await Deno.mkdir(`${z.home}/themes`, { recursive: true });
  await Deno.writeTextFile(
    `${z.home}/themes/mine.json`,
    JSON.stringify({ name: "mine", accent: 1 }),
  );
  await Deno.writeTextFile(`${z.home}/config.json`, JSON.stringify({ theme: "mine" }));
  await using llm = await startFakeLlm();
  const t = await openApp(llm.url, z);
  try {
    assertEquals(t.app.screen.theme.name, "mine");
    assertEquals(t.app.screen.theme.colors.accent, 1);
  } finally {
    await t.close();
  }
});

Deno.test("app: /reload-ext starts an --ext extension whose manifest was fixed after start", async () => {
  await using z = await tempZot();
  const dir = `${z.root}/late`;
  await Deno.mkdir(dir);
  await using llm = await startFakeLlm({ script: [{ text: "ok" }] });
  // No manifest yet: the start-up has nothing to run (a load error), so no host.
  const t = await openApp(llm.url, z, false, [dir]);
  try {
    assertEquals(t.app.ctx.setup.host, undefined);
    const script = new URL("../../fixtures/host/ext.py", import.meta.url).pathname;
    const config = {
      name: "late",
      events: ["session_start", "user_prompt_submit"],
      intercept: ["before_agent_start"],
      prompt_suffix: "\nLATE SUFFIX",
    };
    await Deno.writeTextFile(
      `${dir}/extension.json`,
      JSON.stringify({ name: "late", exec: "python3", args: [script, JSON.stringify(config)] }),
    );
    t.terminal.type("/reload-ext");
    t.terminal.key("\r");
    const status = () => t.app.screen.status.message;
    await until(() => status().startsWith("reloaded:"), 10_000, "the reload status");
    assertEquals(status(), "reloaded: 0 stopped, 1 loaded (1 ready)");
    const seen = () => t.app.screen.notes.notes.map((n) => n.text);
    // The open session is joined, not replayed (as after any reload).
    assert(!seen().some((n) => n.includes("session_start")), seen().join("\n"));
    t.terminal.type("hi");
    t.terminal.key("\r");
    // The agent reaches the new host: before_agent_start rebuilt the prompt, events arrive.
    const request = await llm.request(0);
    assert(JSON.stringify(request.body).includes("LATE SUFFIX"), JSON.stringify(request.body));
    await until(() => seen().some((n) => n.includes("user_prompt_submit")), 5_000, "an event");
    const event = JSON.parse(seen().find((n) => n.includes("user_prompt_submit"))!);
    assertEquals(event.session_id, t.app.ctx.setup.agent.session.id);
    await t.app.controller.idle();
  } finally {
    await t.close();
  }
});

Deno.test("app: /help lists extension commands by name ignoring case, without shadowed ones", async () => {
  await using z = await tempZot();
  const dir = `${z.root}/cmds`;
  await Deno.mkdir(dir);
  const script = new URL("../../fixtures/host/ext.py", import.meta.url).pathname;
  const config = { name: "cmds", commands: ["zeta", "Beta", "alpha", "QUIT"] };
  await Deno.writeTextFile(
    `${dir}/extension.json`,
    JSON.stringify({ name: "cmds", exec: "python3", args: [script, JSON.stringify(config)] }),
  );
  await using llm = await startFakeLlm();
  const t = await openApp(llm.url, z, false, [dir]);
  try {
    t.terminal.type("/help");
    t.terminal.key("\r");
    await until(() => t.transcript().includes("Extension commands:"), 5_000, "the help");
    const listed = t.transcript().split("Extension commands:")[1].split("\n")
      .filter((l) => l.includes("[cmds]")).map((l) => l.trim().split(" ")[0]);
    assertEquals(listed, ["/alpha", "/Beta", "/zeta"]);
  } finally {
    await t.close();
  }
});

Deno.test("app: Enter on the slash menu's divider keeps the line; the typed prefix picks its command", async () => {
  await using z = await tempZot();
  const dir = `${z.root}/cmds`;
  await Deno.mkdir(dir);
  const script = new URL("../../fixtures/host/ext.py", import.meta.url).pathname;
  const config = { name: "cmds", commands: ["demo"] };
  await Deno.writeTextFile(
    `${dir}/extension.json`,
    JSON.stringify({ name: "cmds", exec: "python3", args: [script, JSON.stringify(config)] }),
  );
  await using llm = await startFakeLlm();
  const t = await openApp(llm.url, z, false, [dir]);
  try {
    const { editor, status, notes } = t.app.screen;
    // "/de": /model (matches inside), the divider, /demo; /demo starts selected.
    t.terminal.type("/de");
    await until(() => editor.isShowingAutocomplete(), 5_000, "the menu");
    t.terminal.key("\x1b[A");
    t.terminal.key("\r");
    assertEquals(editor.getText(), "/de");
    assertEquals(status.message, "");
    assertEquals(llm.requests.length, 0);
    // The menu comes back with the next key; Enter now runs the preselected /demo.
    t.terminal.type("m");
    await until(() => editor.isShowingAutocomplete(), 5_000, "the menu again");
    t.terminal.key("\r");
    await until(
      () => t.transcript().includes("[demo] pong from demo: "),
      5_000,
      "the command's display, in the transcript",
    );
    assertEquals(notes.notes.length, 0);
    assertEquals(editor.getText(), "");
  } finally {
    await t.close();
  }
});

Deno.test("app: an extension's submit during a turn is queued and runs after it", async () => {
  await using z = await tempZot();
  const dir = `${z.root}/tuiext`;
  await Deno.mkdir(dir);
  const fixture = new URL("./fixtures/tuiext/", import.meta.url).pathname;
  for (const f of ["extension.json", "tuiext.py"]) {
    await Deno.copyFile(`${fixture}${f}`, `${dir}/${f}`);
  }
  // The first turn's tool blocks on a FIFO until the test writes it: a turn that runs on.
  const fifo = `${z.root}/gate`;
  assert((await new Deno.Command("mkfifo", { args: [fifo] }).output()).success);
  await using llm = await startFakeLlm({
    script: (_request, i) =>
      i === 0
        ? { toolCalls: [{ name: "bash", args: { command: `timeout 20 cat ${fifo}` } }] }
        : { text: i === 1 ? "first done" : "second done" },
  });
  const t = await openApp(llm.url, z, false, [dir]);
  try {
    t.terminal.type("first");
    t.terminal.key("\r");
    await until(() => t.transcript().includes("bash("), 10_000, "the running tool");
    t.terminal.type("/demo submit");
    t.terminal.key("\r");
    await until(() => t.app.controller.queued === 1, 5_000, "the submit queued");
    assertEquals(t.app.screen.status.info.queued, 1);
    assertEquals(llm.requests.length, 1);
    await Deno.writeTextFile(fifo, "go\n");
    await until(() => llm.requests.length === 3 && !t.app.controller.running, 10_000, "both runs");
    const text = t.transcript();
    assert(text.indexOf("first done") < text.indexOf("› submitted by extension"), text);
    assert(text.indexOf("› submitted by extension") < text.indexOf("second done"), text);
    assert(JSON.stringify(llm.requests[2].body).includes("submitted by extension"));
  } finally {
    await t.close();
  }
});

Deno.test("app: the scope an --ext sandboxed extension runs with is in the transcript, not a note", async () => {
  await using z = await tempZot();
  const hello = new URL("../../../examples/extensions/hello", import.meta.url).pathname;
  await using llm = await startFakeLlm();
  const t = await openApp(llm.url, z, false, [hello]);
  try {
    const text = t.transcript();
    assert(text.includes(`extension "hello" runs sandboxed and may:`), text);
    // The listing is one block: its lines follow one another.
    assert(/runs sandboxed and may:\n {2}\S/.test(text), text);
    assertEquals(t.app.screen.notes.notes, []);
  } finally {
    await t.close();
  }
});

Deno.test("app: /compact typed during a turn waits in the queue and says compacting only when it runs", async () => {
  await using z = await tempZot();
  await using llm = await startFakeLlm({ script: [{ hang: true, text: "thinking" }] });
  const t = await openApp(llm.url, z);
  try {
    t.terminal.type("first");
    t.terminal.key("\r");
    await llm.request(0);
    t.terminal.type("/compact");
    t.terminal.key("\r");
    await until(() => t.app.controller.queued === 1, 5_000, "the queued /compact");
    assertEquals(t.app.screen.queue.items, ["/compact"]);
    assert(t.app.screen.status.message !== "compacting…", t.app.screen.status.message);
    t.terminal.key("\x1b");
    await t.app.controller.idle();
    assertEquals(t.app.screen.queue.items, []);
  } finally {
    await t.close();
  }
});

Deno.test("app: /help and /tools are aligned lists; /tools says what each tool does", async () => {
  await using z = await tempZot();
  await using llm = await startFakeLlm();
  const t = await openApp(llm.url, z);
  try {
    t.terminal.type("/help");
    t.terminal.key("\r");
    await until(() => t.transcript().includes("Keys:"), 5_000, "the help");
    const rows = t.transcript().split("\n").filter((l) => /^ {2}\/\S/.test(l));
    const column = (row: string) => row.search(/\S\s{2,}\S/) + row.match(/\S\s{2,}/)![0].length;
    assert(rows.length >= 10, t.transcript());
    assertEquals(new Set(rows.map(column)).size, 1, rows.join("\n"));
    t.terminal.type("/tools");
    t.terminal.key("\r");
    await until(() => t.transcript().includes("Tools:"), 5_000, "the tools");
    const read = t.transcript().split("\n").find((l) => l.startsWith("  read "));
    assert(read && read.trim().length > "read".length + 10, t.transcript());
  } finally {
    await t.close();
  }
});
