import { assert, assertEquals, assertStringIncludes } from "../../helpers/assert.ts";
import { runZot } from "../run_zot.ts";
import { tempZot } from "../../helpers/tmp.ts";
import { startFakeLlm } from "../../helpers/fake_llm.ts";
import { until } from "../../helpers/wait.ts";
import { startZotTui } from "./zot_tmux.ts";

Deno.test("tui: a prompt streams markdown, runs a tool, and ctrl+c twice exits", async () => {
  await using z = await tempZot();
  await using llm = await startFakeLlm({
    script: [
      { toolCalls: [{ name: "bash", args: { command: "echo tool-says-hi" } }] },
      { text: "All **done**.\n\n```ts\nconst answer = 42;\n```\n" },
    ],
  });
  await using tui = await startZotTui({
    cwd: z.cwd,
    home: z.home,
    args: ["--base-url", llm.url, "--no-ext"],
  });
  await tui.waitFor("unjailed · yolo", "the status line");
  await tui.type("run it");
  await tui.keys("Enter");
  const screen = await tui.waitFor("const answer = 42;", "the streamed answer");
  assertStringIncludes(screen, "› run it");
  assertStringIncludes(screen, "bash(command=echo tool-says-hi)");
  assertStringIncludes(screen, "tool-says-hi");
  assertStringIncludes(screen, "All done.");
  await tui.keys("C-c");
  await tui.waitFor("press ctrl+c again to exit");
  await tui.keys("C-c");
  await until(() => tui.dead(), 10_000, "zot to exit");
  assert(llm.requests.length === 2);
});

Deno.test("tui: esc during a turn gives the queued prompts back to the editor; enter sends them", async () => {
  await using z = await tempZot();
  await using llm = await startFakeLlm({
    script: [{ hang: true, text: "thinking slowly" }, { text: "got both" }],
  });
  await using tui = await startZotTui({
    cwd: z.cwd,
    home: z.home,
    args: ["--base-url", llm.url, "--no-ext"],
  });
  await tui.waitFor("unjailed · yolo", "the status line");
  await tui.type("first");
  await tui.keys("Enter");
  await tui.waitFor("thinking slowly", "the streaming answer");
  await tui.type("second");
  await tui.keys("Enter");
  await tui.type("third");
  await tui.keys("Enter");
  const queued = await tui.waitFor("2 queued", "the queue count");
  assert(queued.indexOf("⏵ queued: second") < queued.indexOf("⏵ queued: third"), queued);
  await tui.keys("Escape");
  const back = await tui.waitFor("2 queued prompts are back in the editor", "the abort status");
  assert(back.includes(" second\n third"), back);
  assert(!back.includes("⏵ queued"), back);
  await tui.keys("Enter");
  await tui.waitFor("got both", "the answer to the restored prompts");
  const sent = JSON.stringify(llm.requests[1].body);
  assert(sent.includes("second\\nthird"), sent);
  await tui.type("/exit");
  await tui.keys("Enter");
  await until(() => tui.dead(), 10_000, "zot to exit");
});

Deno.test("tui: a 30-column terminal shows collapsed tool output and the model dialog without crashing", async () => {
  await using z = await tempZot();
  await using llm = await startFakeLlm({
    script: [{ toolCalls: [{ name: "bash", args: { command: "seq 1 20" } }] }, { text: "ok" }],
  });
  await using tui = await startZotTui({
    cwd: z.cwd,
    home: z.home,
    args: ["--base-url", llm.url, "--no-ext"],
    width: 30,
    height: 30,
  });
  await tui.waitFor("anthropic/", "the status line");
  await tui.type("count");
  await tui.keys("Enter");
  await tui.waitFor("… 12 more lines", "the collapsed result");
  await tui.type("/model");
  await tui.keys("Enter");
  const dialog = await tui.waitFor("enter to choose", "the model dialog");
  assert(!(await tui.dead()), dialog);
  await tui.keys("Escape");
  await tui.waitFor((s) => !s.includes("enter to choose"), "the dialog closed");
  await tui.type("/exit");
  await tui.keys("Enter");
  await until(() => tui.dead(), 10_000, "zot to exit");
});

Deno.test("tui: opens without an API key and says how to set one", async () => {
  await using z = await tempZot();
  await using tui = await startZotTui({
    cwd: z.cwd,
    home: z.home,
    args: ["--no-ext"],
    env: { ANTHROPIC_API_KEY: "", OPENAI_API_KEY: "" },
  });
  await tui.waitFor("unjailed · yolo", "the status line");
  await tui.type("hello");
  await tui.keys("Enter");
  await tui.waitFor("ANTHROPIC_API_KEY", "the key remedy");
  await tui.type("/exit");
  await tui.keys("Enter");
  await until(() => tui.dead(), 10_000, "zot to exit");
});

Deno.test("tui: -c shows the continued conversation; a broken extension shows ✖ until /clear", async () => {
  await using z = await tempZot();
  await using llm = await startFakeLlm({ script: [{ text: "earlier answer" }, { text: "later" }] });
  const first = await runZot(["-p", "earlier question", "--base-url", llm.url, "--no-ext"], z);
  assertEquals(first.code, 0, first.stderr);
  const broken = `${z.root}/broken`;
  await Deno.mkdir(broken);
  await Deno.writeTextFile(`${broken}/extension.json`, `{"name": "broken", "exec": "./missing"}`);
  await using tui = await startZotTui({
    cwd: z.cwd,
    home: z.home,
    args: ["-c", "--base-url", llm.url, "--no-ext", "--ext", broken],
  });
  const screen = await tui.waitFor("earlier answer", "the replayed reply");
  assertStringIncludes(screen, "› earlier question");
  assertStringIncludes(screen, "✖ ");
  await tui.type("/clear");
  await tui.keys("Enter");
  await tui.waitFor((s) => !s.includes("✖") && !s.includes("earlier answer"), "cleared");
  await tui.type("/exit");
  await tui.keys("Enter");
  await until(() => tui.dead(), 10_000, "zot to exit");
});

Deno.test('tui: zot "text" opens with the prompt filled in; Enter sends it', async () => {
  await using z = await tempZot();
  await using llm = await startFakeLlm({ script: [{ text: "answer to the first prompt" }] });
  await using tui = await startZotTui({
    cwd: z.cwd,
    home: z.home,
    args: ["--base-url", llm.url, "--no-ext", "explain", "this"],
  });
  await tui.waitFor("explain this", "the prompt in the editor");
  assertEquals(llm.requests.length, 0, "nothing is sent before Enter");
  await tui.keys("Enter");
  const screen = await tui.waitFor("answer to the first prompt", "the reply");
  assertStringIncludes(screen, "› explain this");
  await tui.type("/exit");
  await tui.keys("Enter");
  await until(() => tui.dead(), 10_000, "zot to exit");
});

Deno.test("tui: /model behind --base-url lists the server's models, the one in use selected", async () => {
  await using z = await tempZot();
  await using llm = await startFakeLlm({ models: ["local-small", "local-large"] });
  await using tui = await startZotTui({
    cwd: z.cwd,
    home: z.home,
    args: ["--provider", "openai", "--base-url", llm.openaiBaseUrl, "--model", "local-large"],
    env: { OPENAI_API_KEY: "test-key" },
  });
  await tui.waitFor("openai/local-large", "the status line");
  await tui.type("/model");
  await tui.keys("Enter");
  const dialog = await tui.waitFor("Model (openai)", "the model picker");
  assert(dialog.includes("local-small"), dialog);
  assert(dialog.includes("→ local-large"), dialog);
  assert(!dialog.includes("gpt-"), dialog);
  await tui.keys("Up", "Enter");
  await tui.waitFor("openai/local-small", "the chosen model");
  await tui.type("/exit");
  await tui.keys("Enter");
  await until(() => tui.dead(), 10_000, "zot to exit");
});

Deno.test("tui: /sessions shows when each session started, its size, model and first prompt", async () => {
  await using z = await tempZot();
  await using llm = await startFakeLlm({ script: [{ text: "meow" }, { text: "woof" }] });
  const runs = [["tell me about cats", "claude-haiku-4-5"], [
    "and now\nabout dogs",
    "claude-opus-4-1",
  ]];
  for (const [prompt, model] of runs) {
    const run = await runZot(
      ["-p", prompt, "--base-url", llm.url, "--no-ext", "--model", model],
      z,
    );
    assertEquals(run.code, 0, run.stderr);
  }
  await using tui = await startZotTui({
    cwd: z.cwd,
    home: z.home,
    args: ["--base-url", llm.url, "--no-ext"],
  });
  await tui.waitFor("unjailed · yolo", "the status line");
  await tui.type("/sessions");
  await tui.keys("Enter");
  const picker = await tui.waitFor("Resume which session?", "the session picker");
  assert(picker.includes("2 messages · claude-haiku-4-5 · tell me about cats"), picker);
  assert(picker.includes("2 messages · claude-opus-4-1 · and now about dogs"), picker);
  assert(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}/.test(picker), picker);
  await tui.keys("Escape");
  await tui.waitFor((s) => !s.includes("Resume which session?"), "the picker closed");
  await tui.type("/exit");
  await tui.keys("Enter");
  await until(() => tui.dead(), 10_000, "zot to exit");
});

Deno.test("tui: a rate-limited request says it is retrying, then the answer comes and the note goes", async () => {
  await using z = await tempZot();
  await using llm = await startFakeLlm({
    script: [{ error: { status: 429, message: "slow down", retryAfter: "2" } }, {
      text: "patience paid",
    }],
  });
  await using tui = await startZotTui({
    cwd: z.cwd,
    home: z.home,
    args: ["--base-url", llm.url, "--no-ext"],
  });
  await tui.waitFor("unjailed · yolo", "the status line");
  await tui.type("hello");
  await tui.keys("Enter");
  await tui.waitFor("retrying in 2 s (attempt 2)", "the retry on the status line");
  const screen = await tui.waitFor("patience paid", "the answer after the retry");
  assert(!screen.includes("retrying in"), screen);
  assertEquals(llm.requests.length, 2);
});
