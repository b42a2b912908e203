import { assert, assertEquals } from "../helpers/assert.ts";
import { tempZot } from "../helpers/tmp.ts";
import { startFakeLlm } from "../helpers/fake_llm.ts";
import { jsonLinesOf, runZot } from "./run_zot.ts";
import {
  PROGRESS_BUDGET_CHARS,
  PROGRESS_CUT_NOTE,
} from "../../src/modes/common/progress_budget.ts";

Deno.test("JSON mode writes only JSON events on stdout", async () => {
  await using z = await tempZot();
  await using llm = await startFakeLlm({
    script: [
      { toolCalls: [{ name: "bash", args: { command: "echo from-tool" } }] },
      { text: "Done." },
    ],
  });
  const r = await runZot(["--json", "run it", "--base-url", llm.url], z);
  assertEquals(r.code, 0, r.stderr);
  const events = jsonLinesOf(r.stdout);
  const types = events.map((e) => e.type);
  for (
    const t of [
      "user_message",
      "turn_start",
      "assistant_start",
      "tool_call",
      "tool_result",
      "text_delta",
      "usage",
      "turn_end",
      "done",
    ]
  ) {
    assert(types.includes(t), `missing ${t} in ${types.join(",")}`);
  }
  assertEquals(types.at(-1), "done");
  const result = events.find((e) => e.type === "tool_result");
  assertEquals(result?.is_error, false);
  const message = events.findLast((e) => e.type === "assistant_message");
  assertEquals(message?.content, [{ type: "text", text: "Done." }]);
});

Deno.test("JSON mode reports a model error as an error event", async () => {
  await using z = await tempZot();
  await using llm = await startFakeLlm({ script: [{ error: { status: 400, message: "nope" } }] });
  const r = await runZot(["--json", "x", "--base-url", llm.url], z);
  assertEquals(r.code, 1);
  const events = jsonLinesOf(r.stdout);
  assert(events.some((e) => e.type === "error"));
  assertEquals(events.at(-1)?.type, "done");
});

Deno.test("JSON mode: a run that cannot start writes one error event with the failure's code", async () => {
  await using z = await tempZot();
  const cases: { args: string[]; env: Record<string, string>; exit: number; code: string }[] = [
    { args: ["--system-prompt", "@missing.txt"], env: {}, exit: 2, code: "usage" },
    { args: [], env: { ANTHROPIC_API_KEY: "" }, exit: 1, code: "no-api-key" },
  ];
  for (const c of cases) {
    const r = await runZot(["--json", "x", "--no-ext", ...c.args], { ...z, env: c.env });
    assertEquals(r.code, c.exit, r.stderr);
    const events = jsonLinesOf(r.stdout);
    assertEquals(events.map((e) => [e.type, e.code]), [["error", c.code]]);
    // The human-readable line is on stderr as before.
    assert(r.stderr.startsWith("zot: "), r.stderr);
  }
});

Deno.test("a call to a misspelt tool tells the model the tools it has", async () => {
  await using z = await tempZot();
  await using llm = await startFakeLlm({
    script: [
      { toolCalls: [{ name: "Read", args: { path: "a" } }, { name: "grep", args: {} }] },
      { text: "ok" },
    ],
  });
  const r = await runZot(["--json", "x", "--base-url", llm.url, "--tools", "read,bash"], z);
  assertEquals(r.code, 0, r.stderr);
  const texts = jsonLinesOf(r.stdout).filter((e) => e.type === "tool_result")
    .map((e) => (e.content as { text: string }[])[0].text);
  assertEquals(texts, [
    'unknown tool "Read" (did you mean "read"? the tools are: bash, read)',
    'unknown tool "grep" (the tools are: bash, read)',
  ]);
});

Deno.test("JSON mode streams at most 1 MiB of a call's live output, then says the rest is not", async () => {
  await using z = await tempZot();
  await using llm = await startFakeLlm({
    script: [
      {
        toolCalls: [
          { name: "bash", args: { command: "yes abcdefgh | head -c 3000000" } },
          { name: "bash", args: { command: "echo small" } },
        ],
      },
      { text: "ok" },
    ],
  });
  const r = await runZot(["--json", "x", "--base-url", llm.url, "--no-ext"], z);
  assertEquals(r.code, 0, r.stderr);
  const events = jsonLinesOf(r.stdout);
  const [big, small] = events.filter((e) => e.type === "tool_call").map((e) => e.id);
  const progress = (id: unknown) =>
    events.filter((e) => e.type === "tool_progress" && e.id === id).map((e) => String(e.text))
      .join("");
  const streamed = progress(big);
  assert(streamed.endsWith(PROGRESS_CUT_NOTE), streamed.slice(-200));
  assertEquals(streamed.length, PROGRESS_BUDGET_CHARS + PROGRESS_CUT_NOTE.length);
  assertEquals(progress(small), "small\n");
  const result = events.find((e) => e.type === "tool_result" && e.id === big);
  assertEquals(result?.is_error, false);
});

Deno.test("JSON mode keeps to the documented events across a retried request", async () => {
  await using z = await tempZot();
  await using llm = await startFakeLlm({
    script: [{ error: { status: 429, message: "slow down" } }, { text: "fine" }],
  });
  const r = await runZot(["--json", "hi", "--base-url", llm.url, "--no-ext"], z);
  assertEquals(r.code, 0, r.stderr);
  const types = new Set(jsonLinesOf(r.stdout).map((e) => e.type));
  // The TUI shows retries on its status line; §5.9's event set has no such event.
  assert(!types.has("retry"), [...types].join(","));
  assertEquals(llm.requests.length, 2);
});

Deno.test("JSON mode writes tool_use_start / tool_use_args / tool_use_end before the message, as the reference does", async () => {
  await using z = await tempZot();
  await using llm = await startFakeLlm({
    script: [
      {
        toolCalls: [
          { name: "bash", args: { command: "echo one" } },
          { name: "read", args: { path: "x.txt" } },
        ],
      },
      { text: "Done." },
    ],
  });
  const r = await runZot(["--json", "run it", "--base-url", llm.url], z);
  assertEquals(r.code, 0, r.stderr);
  const events = jsonLinesOf(r.stdout);
  const start = events.findIndex((e) => e.type === "assistant_start");
  const message = events.findIndex((e) => e.type === "assistant_message");
  const calls = events[message].content as { id: string; name: string; args: unknown }[];
  const [a, b] = calls;
  // The wire form, pinned: ids and names as in the message, args as one JSON delta each.
  assertEquals(events.slice(start + 1, message), [
    { type: "tool_use_start", id: a.id, name: "bash" },
    { type: "tool_use_args", id: a.id, delta: JSON.stringify({ command: "echo one" }) },
    { type: "tool_use_end", id: a.id },
    { type: "tool_use_start", id: b.id, name: "read" },
    { type: "tool_use_args", id: b.id, delta: JSON.stringify({ path: "x.txt" }) },
    { type: "tool_use_end", id: b.id },
    events[message - 1],
  ]);
  assertEquals(events[message - 1].type, "usage");
  // A reply without tool calls has none.
  const second = events.slice(message + 1);
  assert(!second.some((e) => String(e.type).startsWith("tool_use_")));
});
