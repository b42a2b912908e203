import { assert, assertEquals, assertStringIncludes } from "../helpers/assert.ts";
import { tempZot } from "../helpers/tmp.ts";
import { startFakeLlm } from "../helpers/fake_llm.ts";
import { type Frame, rpcProcess } from "./rpc_client.ts";
import { RPC_MAX_LINE_BYTES } from "../../src/modes/rpc/mod.ts";

Deno.test("RPC mode: commands, events, malformed lines; stdout is JSON only", async () => {
  await using z = await tempZot();
  await using llm = await startFakeLlm({ script: [{ text: "Hello over RPC." }] });
  const rpc = rpcProcess(["--base-url", llm.url], z);
  await rpc.send({ type: "hello", id: "1" });
  const hello = await rpc.next();
  assertEquals([hello.type, hello.id, hello.command, hello.success], [
    "response",
    "1",
    "hello",
    true,
  ]);
  assertEquals((hello.data as Frame).protocol_version, 1);

  await rpc.send("{not json");
  const bad = await rpc.next();
  assertEquals([bad.type, bad.success], ["response", false]);
  assertStringIncludes(String(bad.error), "malformed json");

  // A numeric id comes back as a number, for clients that match responses with ===.
  await rpc.send({ type: "ping", id: 2 });
  const pong = await rpc.next();
  assertEquals([pong.id, pong.data], [2, { pong: true }]);
  await rpc.send({ type: "nope", id: 3 });
  assertEquals((await rpc.next()).id, 3);

  await rpc.send({ type: "prompt", id: "p", message: "hi" });
  const started = await rpc.next();
  assertEquals([started.command, started.data], ["prompt", { started: true }]);
  const events = await rpc.until((f) => f.type === "done");
  const types = events.map((e) => e.type);
  for (
    const t of [
      "user_message",
      "turn_start",
      "text_delta",
      "assistant_message",
      "usage",
      "turn_end",
    ]
  ) {
    assert(types.includes(t), `missing ${t}: ${types.join(",")}`);
  }

  await rpc.send({ type: "get_state", id: "s" });
  const state = (await rpc.next()).data as Frame;
  assertEquals([state.message_count, state.busy, state.model], [2, false, "claude-opus-4-7"]);
  await rpc.send({ type: "get_messages", id: "m" });
  const messages = ((await rpc.next()).data as { messages: Frame[] }).messages;
  assertEquals(messages.map((m) => m.role), ["user", "assistant"]);
  await rpc.send({ type: "compact", id: "c" });
  assertEquals((await rpc.next()).data, { started: true });
  assertEquals((await rpc.next()).type, "compact_done");
  await rpc.send({ type: "set_model", id: "sm", model: "claude-haiku-4-5" });
  assertEquals((await rpc.next()).success, true);
  await rpc.send({ type: "set_model", id: "other", model: "gpt-4o" });
  const refused = await rpc.next();
  assertEquals([refused.id, refused.success], ["other", false]);
  assertStringIncludes(String(refused.error), "start another zot rpc with --provider openai");
  await rpc.send({ type: "get_models", id: "gm" });
  const models = ((await rpc.next()).data as { models: Frame[] }).models;
  assert(models.some((m) => m.id === "claude-haiku-4-5" && m.provider === "anthropic"));
  await rpc.send({ type: "clear", id: "cl" });
  assertEquals((await rpc.next()).success, true);
  await rpc.send({ type: "get_state", id: "s2" });
  const after = (await rpc.next()).data as Frame;
  assertEquals([after.message_count, after.model], [0, "claude-haiku-4-5"]);
  await rpc.send({ type: "nope", id: "n" });
  assertStringIncludes(String((await rpc.next()).error), `unknown command "nope"`);

  const end = await rpc.close();
  assertEquals(end.code, 0, end.stderr);
  assertEquals(end.rest, []);
  for (const line of rpc.seen) JSON.parse(line);
  // Sessions are off by default in RPC mode.
  assertEquals([...Deno.readDirSync(z.home)].some((e) => e.name === "sessions"), false);
});

Deno.test("RPC mode: ZOTCORE_RPC_TOKEN requires a matching hello first", async () => {
  await using z = await tempZot();
  await using llm = await startFakeLlm({ script: [] });
  const env = { ZOTCORE_RPC_TOKEN: "s3cret" };
  const wrong = rpcProcess(["--base-url", llm.url], { ...z, env });
  await wrong.send({ type: "ping", id: "1" });
  const refused = await wrong.next();
  assertEquals([refused.success, refused.id], [false, "1"]);
  assertStringIncludes(String(refused.error), "unauthorized");
  assertEquals((await wrong.close()).code, 1);

  const right = rpcProcess(["--base-url", llm.url], { ...z, env });
  await right.send({ type: "hello", token: "s3cret" });
  assertEquals((await right.next()).success, true);
  await right.send({ type: "ping" });
  assertEquals((await right.next()).data, { pong: true });
  assertEquals((await right.close()).code, 0);
});

Deno.test("RPC mode: a run that cannot start says why on stdout too, with the exit code and the error's code", async () => {
  await using z = await tempZot();
  const cases: {
    args: string[];
    env: Record<string, string>;
    code: number;
    error: string;
    errorCode: string;
  }[] = [
    {
      args: ["--system-prompt", "@missing.txt"],
      env: {},
      code: 2,
      error: "missing.txt",
      errorCode: "usage",
    },
    {
      args: [],
      env: { ANTHROPIC_API_KEY: "" },
      code: 1,
      error: "No API key",
      errorCode: "no-api-key",
    },
  ];
  for (const c of cases) {
    const rpc = rpcProcess(["--no-ext", ...c.args], { ...z, env: c.env });
    const end = await rpc.close();
    assertEquals(end.code, c.code, end.stderr);
    assertEquals(end.rest.length, 1);
    const frame = JSON.parse(end.rest[0]);
    assertEquals(frame.type, "error");
    assertStringIncludes(frame.message, c.error);
    // Programs switch on the code, not on the wording.
    assertEquals(frame.code, c.errorCode);
  }
});

Deno.test("RPC mode: the summary request of a compact counts in get_state's usage and cost", async () => {
  await using z = await tempZot();
  const usage = { input: 100, output: 10, cacheRead: 0, cacheWrite: 0 };
  await using llm = await startFakeLlm({
    script: [
      { text: "a1", usage },
      { text: "a2", usage },
      { text: "a3", usage },
      { text: "the summary", usage: { input: 2_000, output: 50 } },
    ],
  });
  const rpc = rpcProcess(["--base-url", llm.url, "--no-ext"], z);
  for (const message of ["q1", "q2", "q3"]) {
    await rpc.send({ type: "prompt", message });
    await rpc.until((f) => f.type === "done");
  }
  await rpc.send({ type: "compact", id: "c" });
  await rpc.until((f) => f.type === "compact_done");
  await rpc.send({ type: "get_state", id: "s" });
  const state = (await rpc.next()).data as { usage: Frame; message_count: number };
  assertEquals([state.usage.input, state.usage.output], [2_300, 80]);
  assert(Number(state.usage.cost_usd) > 0);
  assertEquals((await rpc.close()).code, 0);
});

Deno.test("RPC mode: compacting after a huge write sends the summary request a clipped call", async () => {
  await using z = await tempZot();
  const content = "x".repeat(300_000);
  await using llm = await startFakeLlm({
    script: [
      { toolCalls: [{ name: "write", args: { path: "big.txt", content } }] },
      { text: "wrote it" },
      { text: "a2" },
      { text: "a3" },
      { text: "the summary" },
    ],
  });
  const rpc = rpcProcess(["--base-url", llm.url, "--no-ext"], z);
  for (const message of ["write big.txt", "q2", "q3"]) {
    await rpc.send({ type: "prompt", message });
    await rpc.until((f) => f.type === "done");
  }
  assertEquals((await Deno.stat(`${z.cwd}/big.txt`)).size, content.length);
  await rpc.send({ type: "compact", id: "c" });
  await rpc.until((f) => f.type === "compact_done");
  assertEquals((await rpc.close()).code, 0);
  const summary = JSON.stringify((await llm.request(4)).body);
  assertStringIncludes(summary, "[tool call write]");
  assertStringIncludes(summary, "more characters)");
  assert(summary.length < 20_000, `summary request of ${summary.length} characters`);
});

Deno.test("RPC mode: a line over the limit gets an error response and ends the session with exit 1", async () => {
  await using z = await tempZot();
  const rpc = rpcProcess(["--no-ext", "--api-key", "x"], z);
  await rpc.send({ type: "ping", id: "before" });
  assertEquals((await rpc.next()).id, "before");
  await rpc.send(`{"type":"prompt","message":"${"x".repeat(RPC_MAX_LINE_BYTES)}"}`);
  const refused = await rpc.next();
  assertEquals(refused.success, false);
  assertStringIncludes(String(refused.error), "no further commands are read");
  const end = await rpc.close();
  assertEquals([end.code, end.rest], [1, []], end.stderr);
});
