import { assertEquals, assertStringIncludes } from "../helpers/assert.ts";
import { tempZot } from "../helpers/tmp.ts";
import { startFakeLlm } from "../helpers/fake_llm.ts";
import { jsonLinesOf, runZot, zotCommand } from "./run_zot.ts";
import { PYTHON } from "../helpers/python.ts";

Deno.test("print mode prints only the final assistant text", async () => {
  await using z = await tempZot();
  await using llm = await startFakeLlm({
    script: [
      {
        text: "Let me look.",
        toolCalls: [{ name: "bash", args: { command: "echo tool-output" } }],
      },
      { text: "The answer is 42." },
    ],
  });
  const r = await runZot(["-p", "what is it?", "--base-url", llm.url, "--no-ext"], z);
  assertEquals([r.code, r.stdout], [0, "The answer is 42.\n"], r.stderr);
  assertEquals(llm.requests.length, 2);
  // The session was saved under $ZOT_HOME/sessions.
  const dirs = [...Deno.readDirSync(`${z.home}/sessions`)];
  assertEquals(dirs.length, 1);
});

Deno.test("print mode reads the prompt from stdin and -c continues the session", async () => {
  await using z = await tempZot();
  await using llm = await startFakeLlm({ script: [{ text: "first" }, { text: "second" }] });
  const a = await runZot(["-p", "--base-url", llm.url], z, "from stdin\n");
  assertEquals([a.code, a.stdout], [0, "first\n"], a.stderr);
  const b = await runZot(["-p", "-c", "again", "--base-url", llm.url], z);
  assertEquals([b.code, b.stdout], [0, "second\n"], b.stderr);
  const body = llm.requests[1].body as { messages: { role: string }[] };
  assertEquals(body.messages.map((m) => m.role), ["user", "assistant", "user"]);
});

Deno.test("print mode: a model error exits 1, a usage error exits 2", async () => {
  await using z = await tempZot();
  await using llm = await startFakeLlm({
    script: [{ error: { status: 400, message: "bad request here" } }],
  });
  const r = await runZot(["-p", "hi", "--base-url", llm.url], z);
  assertEquals([r.code, r.stdout], [1, ""]);
  assertStringIncludes(r.stderr, "bad request here");
  const u = await runZot(["-p", "hi", "--max-steps", "x"], z);
  assertEquals(u.code, 2);
  const p = await runZot(["-p", "hi", "--provider", "nope"], z);
  assertEquals(p.code, 2);
  assertStringIncludes(p.stderr, `Unknown provider "nope"`);
});

Deno.test("--system-prompt replaces the prompt the provider receives", async () => {
  await using z = await tempZot();
  await using llm = await startFakeLlm({ script: [{ text: "ok" }] });
  await Deno.writeTextFile(`${z.cwd}/sys.txt`, "You are a test.");
  const r = await runZot(
    [
      "-p",
      "hi",
      "--base-url",
      llm.url,
      "--system-prompt",
      "@sys.txt",
      "--append-system-prompt",
      "Tail.",
      "--no-tools",
    ],
    z,
  );
  assertEquals(r.code, 0, r.stderr);
  const body = llm.requests[0].body as { system: { text: string }[]; tools?: unknown[] };
  assertEquals(body.system.map((b) => b.text).join(""), "You are a test.\n\nTail.");
  assertEquals(body.tools ?? [], []);
});

Deno.test("skills are listed in the system prompt only when the skill tool is offered", async () => {
  await using z = await tempZot();
  await using llm = await startFakeLlm({ script: [{ text: "a" }, { text: "b" }, { text: "c" }] });
  const runs = [[], ["--tools", "read,bash"], ["--no-tools"]];
  for (const flags of runs) {
    const r = await runZot(["-p", "hi", "--base-url", llm.url, "--no-ext", ...flags], z);
    assertEquals(r.code, 0, r.stderr);
  }
  const prompts = llm.requests.map((req) => {
    const body = req.body as { system: { text: string }[]; tools?: { name: string }[] };
    return { system: body.system.map((b) => b.text).join(""), tools: body.tools ?? [] };
  });
  // The built-in zot-extension skill is always there to list.
  assertStringIncludes(prompts[0].system, "- zot-extension:");
  assertEquals(prompts[0].tools.some((t) => t.name === "skill"), true);
  for (const { system } of prompts.slice(1)) {
    assertEquals(system.includes("zot-extension"), false, system);
    assertEquals(system.includes("skill tool"), false, system);
  }
});

Deno.test("a reply cut off at the output token limit prints what came, says so and exits 1", async () => {
  await using z = await tempZot();
  const cut = { text: "The first half of", stop: "length" as const };
  const write = { name: "write", args: '{"path":"big.txt","content":"abc' };
  await using llm = await startFakeLlm({
    script: [cut, { ...cut, toolCalls: [write] }],
  });
  const printed = await runZot(["-p", "hi", "--base-url", llm.url, "--no-ext"], z);
  assertEquals([printed.code, printed.stdout], [1, "The first half of\n"], printed.stderr);
  assertStringIncludes(printed.stderr, "cut off at the model's output token limit");
  // A write cut off mid-arguments is never run.
  const json = await runZot(["--json", "hi", "--base-url", llm.url, "--no-ext"], z);
  assertEquals(json.code, 1, json.stderr);
  assertStringIncludes(json.stderr, "cut off at the model's output token limit");
  const events = jsonLinesOf(json.stdout);
  assertEquals(events.find((e) => e.type === "turn_end")?.stop, "length");
  assertEquals(events.some((e) => e.type === "tool_result"), false);
  assertEquals(await Deno.stat(`${z.cwd}/big.txt`).catch(() => "absent"), "absent");
});

Deno.test("SIGINT aborts a print run: the stream stops and zot exits 1", async () => {
  await using z = await tempZot();
  await using llm = await startFakeLlm({ script: [{ hang: true, text: "partial" }] });
  const child = zotCommand(["-p", "wait forever", "--base-url", llm.url, "--no-ext"], z).spawn();
  await llm.nextRequest(20_000);
  child.kill("SIGINT");
  const out = await child.output();
  const stderr = new TextDecoder().decode(out.stderr);
  assertEquals(out.code, 1, stderr);
  assertStringIncludes(stderr, "interrupted");
});

Deno.test("print mode with a real extension: notes on stderr, only the answer on stdout", async () => {
  await using z = await tempZot();
  await using llm = await startFakeLlm({
    script: [{ toolCalls: [{ name: "ext_echo", args: { a: 1 } }] }, { text: "Final." }],
  });
  const py = PYTHON;
  const dir = `${z.root}/rec`;
  await Deno.mkdir(dir);
  const fixture = new URL("../agent/fixtures/recorder.py", import.meta.url).pathname;
  const config = { name: "rec", record: "/dev/null", tools: [{ name: "ext_echo" }] };
  await Deno.writeTextFile(
    `${dir}/extension.json`,
    JSON.stringify({ name: "rec", exec: py, args: [fixture, JSON.stringify(config)] }),
  );
  // --no-ext before --ext must keep the explicit extension.
  const r = await runZot(["-p", "go", "--base-url", llm.url, "--no-ext", "--ext", dir], z);
  assertEquals([r.code, r.stdout], [0, "Final.\n"], r.stderr);
  assertStringIncludes(r.stderr, "[rec] info: tool started");
  const second = llm.requests[1].body as { messages: unknown[] };
  assertStringIncludes(JSON.stringify(second.messages.at(-1)), `received {\\"a\\": 1}`);
});

Deno.test("a run reports an extension command or tool named like a built-in in the extension's log", async () => {
  await using z = await tempZot();
  await using llm = await startFakeLlm({ script: [{ text: "Final." }] });
  const fixture = new URL("../fixtures/manage/shadow-py/", import.meta.url).pathname;
  const dir = `${z.root}/shadow-py`;
  await Deno.mkdir(dir);
  for (const f of ["extension.json", "shadow.py"]) {
    await Deno.copyFile(`${fixture}${f}`, `${dir}/${f}`);
  }
  const r = await runZot(["-p", "go", "--base-url", llm.url, "--ext", dir], z);
  assertEquals([r.code, r.stdout], [0, "Final.\n"], r.stderr);
  const log = await Deno.readTextFile(`${z.home}/logs/ext-shadow-py.log`);
  assertStringIncludes(log, "[zot] command /Help is shadowed by the built-in /help");
  assertStringIncludes(log, "[zot] tool bash is shadowed by the built-in tool of that name");
  // The model saw zot's bash and the extension's other tool, not the shadowed one twice.
  const tools = (llm.requests[0].body as { tools: { name: string }[] }).tools.map((t) => t.name);
  assertEquals(tools.filter((n) => n === "bash").length, 1);
  assertEquals(tools.includes("shadow_tool"), true);
});

Deno.test("print mode does not wait the whole hello timeout for a silent sandboxed extension that may not intercept", async () => {
  await using z = await tempZot();
  await using llm = await startFakeLlm({ script: [{ text: "Final." }] });
  const dir = `${z.root}/silent-ts`;
  await Deno.mkdir(dir);
  await Deno.writeTextFile(`${dir}/extension.json`, `{"name":"silent-ts","exec":"./main.ts"}`);
  await Deno.writeTextFile(
    `${dir}/main.ts`,
    "for await (const _ of Deno.stdin.readable) { /* never hello */ }\n",
  );
  const r = await runZot(["-p", "go", "--base-url", llm.url, "--ext", dir], z);
  assertEquals([r.code, r.stdout], [0, "Final.\n"], r.stderr);
  // The run ended before the extension's 10 s hello timeout could fail it: the
  // stop cancelled the handshake, and the user is told it never said hello.
  assertStringIncludes(r.stderr, "Extension silent-ts failed to start.");
  assertStringIncludes(r.stderr, "start cancelled before hello");
});

Deno.test("print mode: a silent plain extension holds the first turn until its hello timeout (it may be a guard)", async () => {
  await using z = await tempZot();
  await using llm = await startFakeLlm({ script: [{ text: "Final." }] });
  const fixture = new URL("../fixtures/extensions/never-hello/", import.meta.url).pathname;
  const r = await runZot(["-p", "go", "--base-url", llm.url, "--ext", fixture], z);
  assertEquals([r.code, r.stdout], [0, "Final.\n"], r.stderr);
  assertStringIncludes(r.stderr, "Extension never-hello failed to start.");
  assertStringIncludes(r.stderr, "no hello frame within 10000 ms");
});

Deno.test("print mode answers an extension's own call_tool still running at shutdown before shutdown", async () => {
  await using z = await tempZot();
  await using llm = await startFakeLlm({ script: [{ text: "Final." }] });
  const fixture = new URL("../fixtures/host/spontaneous.py", import.meta.url).pathname;
  const dir = `${z.root}/spontaneous`;
  const record = `${z.root}/frames.jsonl`;
  await Deno.mkdir(dir);
  const args = [fixture, record, "bash", JSON.stringify({ command: "sleep 30" })];
  await Deno.writeTextFile(
    `${dir}/extension.json`,
    JSON.stringify({ name: "spontaneous", exec: PYTHON, args }),
  );
  const r = await runZot(["-p", "go", "--base-url", llm.url, "--ext", dir], z);
  assertEquals([r.code, r.stdout], [0, "Final.\n"], r.stderr);
  const frames = (await Deno.readTextFile(record)).split("\n").filter((l) => l).map((l) =>
    JSON.parse(l)
  );
  const types = frames.map((f) => f.type === "tool_result" ? `tool_result ${f.id}` : f.type);
  const answer = types.indexOf("tool_result own-1");
  assertEquals(answer !== -1 && answer < types.indexOf("shutdown"), true, types.join(", "));
  assertEquals(frames[answer].is_error, true);
});

Deno.test("print mode says once that an extension's log lines were lost when its log cannot be written", async () => {
  await using z = await tempZot();
  await using llm = await startFakeLlm({ script: [{ text: "Final." }] });
  const dir = `${z.root}/noisy`;
  await Deno.mkdir(dir);
  await Deno.writeTextFile(
    `${dir}/run.sh`,
    `#!/bin/sh\necho "to the log" >&2\necho '{"type":"hello","name":"noisy"}'\necho '{"type":"ready"}'\nwhile read -r l; do echo "more for the log" >&2; done\n`,
  );
  await Deno.chmod(`${dir}/run.sh`, 0o755);
  await Deno.writeTextFile(`${dir}/extension.json`, `{"name":"noisy","exec":"./run.sh"}`);
  // A full disk, as the log sees it: every write fails with ENOSPC.
  await Deno.mkdir(`${z.home}/logs`, { recursive: true });
  await Deno.symlink("/dev/full", `${z.home}/logs/ext-noisy.log`);
  const r = await runZot(["-p", "go", "--base-url", llm.url, "--ext", dir], z);
  assertEquals([r.code, r.stdout], [0, "Final.\n"], r.stderr);
  const lost = r.stderr.split("\n").filter((l) =>
    l.includes(`lines of extension "noisy" were lost`)
  );
  assertEquals(lost.length, 1, r.stderr);
  assertStringIncludes(lost[0], `its log ${z.home}/logs/ext-noisy.log could not be written (`);
  assertStringIncludes(lost[0], "free some disk space");
});
