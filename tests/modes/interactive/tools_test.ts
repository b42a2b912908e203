import { assert, assertEquals } from "../../helpers/assert.ts";
import { tempZot } from "../../helpers/tmp.ts";
import { startFakeLlm } from "../../helpers/fake_llm.ts";
import { until } from "../../helpers/wait.ts";
import { startZotTui } from "./zot_tmux.ts";

const FIXTURE = new URL("./fixtures/tuiext/", import.meta.url).pathname;

async function copyFixture(to: string): Promise<string> {
  const dir = `${to}/tuiext`;
  await Deno.mkdir(dir, { recursive: true });
  for (const f of ["extension.json", "tuiext.py"]) {
    await Deno.copyFile(`${FIXTURE}${f}`, `${dir}/${f}`);
  }
  return dir;
}

type Body = { messages: { role: string; content: unknown }[] };

Deno.test("tui: --no-yolo asks before each tool call; no refuses, always-this-tool remembers", async () => {
  await using z = await tempZot();
  await using llm = await startFakeLlm({
    script: [
      { toolCalls: [{ name: "bash", args: { command: "echo first-call" } }] },
      { text: "refused, ok" },
      { toolCalls: [{ name: "bash", args: { command: "echo second-call" } }] },
      { toolCalls: [{ name: "bash", args: { command: "echo third-call" } }] },
      { text: "all done" },
    ],
  });
  await using tui = await startZotTui({
    cwd: z.cwd,
    home: z.home,
    args: ["--base-url", llm.url, "--no-ext", "--no-yolo"],
  });
  await tui.waitFor("unjailed · confirm", "the status line");
  await tui.type("go");
  await tui.keys("Enter");
  const dialog = await tui.waitFor("Run bash?", "the confirmation");
  assert(dialog.includes("echo first-call"), dialog);
  assert(dialog.includes("yes, always this tool"), dialog);
  // The fourth choice: no.
  await tui.keys("Down", "Down", "Down", "Enter");
  await tui.waitFor("refused, ok", "the model after the refusal");
  const refused = JSON.stringify((llm.requests[1].body as Body).messages.at(-1));
  assert(refused.includes("user declined"), refused);

  await tui.type("again");
  await tui.keys("Enter");
  await tui.waitFor("echo second-call", "the second confirmation");
  await tui.keys("Down", "Enter");
  // "always this tool": the third call runs without a dialog.
  await tui.waitFor("all done", "the end of the run");
  const screen = await tui.screen();
  assert(screen.includes("third-call"), screen);
  assert(!screen.includes("Run bash?"), screen);
  assertEquals(llm.requests.length, 5);

  await tui.type("/yolo");
  await tui.keys("Enter");
  await tui.waitFor("unjailed · yolo", "yolo on");
  await tui.type("/exit");
  await tui.keys("Enter");
  await until(() => tui.dead(), 10_000, "zot to exit");
});

Deno.test('tui: --no-yolo "yes, always" turns yolo on; /yolo back to confirm asks again', async () => {
  await using z = await tempZot();
  await using llm = await startFakeLlm({
    script: [
      { toolCalls: [{ name: "bash", args: { command: "echo first-call" } }] },
      { text: "first done" },
      { toolCalls: [{ name: "bash", args: { command: "echo second-call" } }] },
      { text: "second done" },
    ],
  });
  await using tui = await startZotTui({
    cwd: z.cwd,
    home: z.home,
    args: ["--base-url", llm.url, "--no-ext", "--no-yolo"],
  });
  await tui.waitFor("unjailed · confirm", "the status line");
  await tui.type("go");
  await tui.keys("Enter");
  await tui.waitFor("Run bash?", "the confirmation");
  // The third choice: yes, always.
  await tui.keys("Down", "Down", "Enter");
  await tui.waitFor("first done", "the model after the call");
  // Once the turn is over (the spinner no longer crowds the status line out).
  await tui.waitFor("unjailed · yolo", "yolo on the status line");

  // Confirming again means every call asks, the one approved for good too.
  await tui.type("/yolo");
  await tui.keys("Enter");
  await tui.waitFor("unjailed · confirm", "confirm again");
  await tui.type("again");
  await tui.keys("Enter");
  const dialog = await tui.waitFor("Run bash?", "the second confirmation");
  assert(dialog.includes("echo second-call"), dialog);
  await tui.keys("Enter");
  await tui.waitFor("second done", "the second run");
  await tui.type("/exit");
  await tui.keys("Enter");
  await until(() => tui.dead(), 10_000, "zot to exit");
});

Deno.test("tui: a running bash shows the tail of its output, not every line", async () => {
  await using z = await tempZot();
  const command = "seq 1 3000; while [ ! -e go ]; do sleep 0.05; done; echo finished";
  await using llm = await startFakeLlm({
    script: [{ toolCalls: [{ name: "bash", args: { command } }] }, { text: "all done" }],
  });
  await using tui = await startZotTui({
    cwd: z.cwd,
    home: z.home,
    args: ["--base-url", llm.url, "--no-ext"],
  });
  await tui.waitFor("unjailed · yolo", "the status line");
  await tui.type("count");
  await tui.keys("Enter");
  const running = await tui.waitFor("    3000", "the output's last line while it runs");
  assert(running.includes("⎿ 2996"), running);
  assert(!running.includes("2995"), running);
  await Deno.writeTextFile(`${z.cwd}/go`, "");
  const done = await tui.waitFor("all done", "the model after the call");
  assert(done.includes("⎿ 1\n"), done);
  assert(done.includes("more lines (ctrl+o to expand)"), done);
  await tui.type("/exit");
  await tui.keys("Enter");
  await until(() => tui.dead(), 10_000, "zot to exit");
});

Deno.test("tui: esc during a running bash cancels it and marks the turn (aborted), as during streaming", async () => {
  await using z = await tempZot();
  const command = "echo started; while true; do sleep 0.05; done";
  await using llm = await startFakeLlm({
    script: [{ toolCalls: [{ name: "bash", args: { command } }] }, { text: "next answer" }],
  });
  await using tui = await startZotTui({
    cwd: z.cwd,
    home: z.home,
    args: ["--base-url", llm.url, "--no-ext"],
  });
  await tui.waitFor("unjailed · yolo", "the status line");
  await tui.type("loop");
  await tui.keys("Enter");
  await tui.waitFor("⎿ started", "the running command");
  await tui.keys("Escape");
  const aborted = await tui.waitFor("(aborted)", "the abort marker");
  assert(aborted.indexOf("process group was killed") < aborted.indexOf("(aborted)"), aborted);
  assert(!aborted.includes("working…"), aborted);
  await tui.type("/exit");
  await tui.keys("Enter");
  await until(() => tui.dead(), 10_000, "zot to exit");
});

Deno.test("tui: an interactive tool waits on its panel; tool_prompt records a synthetic call", async () => {
  await using z = await tempZot();
  const ext = await copyFixture(z.root);
  await using llm = await startFakeLlm({
    script: [
      { toolCalls: [{ name: "ask", args: { question: "Deploy now?" } }] },
      { text: "the user agreed" },
      { text: "saw the synthetic output" },
    ],
  });
  await using tui = await startZotTui({
    cwd: z.cwd,
    home: z.home,
    args: ["--base-url", llm.url, "--no-ext", "--ext", ext],
  });
  await tui.waitFor("unjailed · yolo", "the status line");
  await tui.type("ask me");
  await tui.keys("Enter");
  await tui.waitFor("Deploy now?", "the question panel");
  await tui.keys("Enter");
  await tui.waitFor("the user agreed", "the model after the answer");
  const answered = JSON.stringify((llm.requests[1].body as Body).messages.at(-1));
  assert(answered.includes("user said yes"), answered);

  await tui.type("/demo toolp");
  await tui.keys("Enter");
  await tui.waitFor("saw the synthetic output", "the model after tool_prompt");
  const messages = (llm.requests[2].body as Body).messages;
  const tail = JSON.stringify(messages.slice(-3));
  assert(tail.indexOf("use the result") < tail.indexOf("synthetic-output"), tail);
  const file = [...Deno.readDirSync(`${z.home}/sessions`)][0].name;
  // The running session's lock file lies beside it.
  const lines = [...Deno.readDirSync(`${z.home}/sessions/${file}`)].filter((e) =>
    e.name.endsWith(".jsonl")
  );
  const saved = await Deno.readTextFile(`${z.home}/sessions/${file}/${lines[0].name}`);
  assert(saved.includes(`"synthetic_tool_call":"true"`), saved);
  assert(saved.includes(`"origin_extension":"tuiext"`), saved);
  await tui.type("/exit");
  await tui.keys("Enter");
  await until(() => tui.dead(), 10_000, "zot to exit");
});
