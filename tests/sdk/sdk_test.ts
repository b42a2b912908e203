import { assert, assertEquals, assertStringIncludes } from "../helpers/assert.ts";
import type { ExtToHostFrame } from "../../src/protocol/frames.ts";
import { findPython39, pythonExe } from "./python.ts";
import { ScriptedHost } from "./scripted_host.ts";

const ROOT = new URL("../../", import.meta.url).pathname;

/** The TS fixture under the sandbox's constraints: read-only, no env, net or run. */
function spawnTs(): ScriptedHost {
  return new ScriptedHost(Deno.execPath(), [
    "run",
    "--no-prompt",
    `--allow-read=${ROOT}src,${ROOT}tests/fixtures/sdk`,
    `${ROOT}tests/fixtures/sdk/full.ts`,
  ]);
}

const PYTHON = await pythonExe();

function spawnPy(): ScriptedHost {
  return new ScriptedHost(PYTHON, [`${ROOT}tests/fixtures/sdk/full.py`]);
}

/** The same script runs against both SDKs: they must behave the same on the wire. */
function suite(lang: string, spawnFull: () => ScriptedHost) {
  async function started(ack: Record<string, unknown> = {}) {
    const host = spawnFull();
    const regs = await host.handshake(ack);
    return { host, regs };
  }

  let nextId = 0;
  async function invoke(host: ScriptedHost, name: string, args?: string) {
    const id = `c${++nextId}`;
    await host.send({ type: "command_invoked", id, name, args });
    const r = await host.expect("command_response");
    assertEquals(r.id, id);
    return r;
  }

  Deno.test(`${lang} sdk: canonical start-up order with onHello registrations and default capabilities`, async () => {
    await using host = spawnFull();
    const hello = await host.expect("hello");
    assertEquals(hello.name, "full");
    assertEquals(hello.version, "1.2.3");
    assert(hello.capabilities?.includes("tool_cancel"));
    assert(hello.capabilities?.includes("call_tool"));
    await host.send({
      type: "hello_ack",
      protocol_version: 1,
      zot_version: "t",
      provider: "",
      model: "",
      cwd: "/p",
    });
    const frames: ExtToHostFrame[] = [];
    for (let f = await host.next(); f && f.type !== "ready"; f = await host.next()) frames.push(f);
    const types = frames.map((f) => f.type);
    assertEquals(types.indexOf("register_tool") > types.lastIndexOf("register_command"), true);
    assertEquals(types.at(-1), "subscribe");
    const commands = frames.flatMap((f) => f.type === "register_command" ? [f.name] : []);
    assert(commands.includes("cwd"), "onHello registers before ready");
    const tools = frames.flatMap((f) => f.type === "register_tool" ? [f] : []);
    assertEquals(tools.map((t) => t.name), [
      "upper",
      "crash",
      "forgot",
      "number",
      "loader",
      "hidden",
      "wait",
      "nested",
    ]);
    assertEquals(tools.find((t) => t.name === "hidden")?.deferred, true);
    assertEquals(tools.find((t) => t.name === "wait")?.interactive, true);
    assertEquals(frames.at(-1), {
      type: "subscribe",
      events: ["turn_start", "tool_result"],
      intercept: ["before_agent_start", "tool_call", "turn_start", "assistant_message"],
    });
    assertEquals(host.badLines, []);
  });

  Deno.test(`${lang} sdk: every command response action, errors and case-insensitive lookup`, async () => {
    const { host } = await started();
    await using _ = host;
    assertEquals((await invoke(host, "echo", "hi there")).display, "hi there");
    assertEquals((await invoke(host, "ECHO", "x")).display, "x");
    assertEquals((await invoke(host, "ask", "why")).prompt, "ask why");
    const tp = await invoke(host, "tp");
    assertEquals([tp.action, tp.tool_name, tp.tool_args, tp.prompt], ["tool_prompt", "skill", {
      name: "x",
    }, "go"]);
    const err = await invoke(host, "err");
    assertEquals([err.action, err.error], ["noop", "bad input"]);
    assertEquals((await invoke(host, "boom")).error, "panic: kaboom");
    assertEquals((await invoke(host, "nope")).error, "no handler for /nope");
    assertEquals((await invoke(host, "cwd")).display, "/project|/data");
  });

  Deno.test(`${lang} sdk: a command returning nothing is noop, one returning a non-response an error naming the fix`, async () => {
    const { host } = await started();
    await using _ = host;
    await host.send({ type: "command_invoked", id: "q1", name: "quiet" });
    assertEquals(await host.next(), { type: "notify", level: "info", message: "quiet ran" });
    assertEquals(await host.next(), { type: "command_response", id: "q1", action: "noop" });
    const wrong = await invoke(host, "wrong");
    assertEquals(wrong.action, "noop");
    assertStringIncludes(wrong.error ?? "", "/wrong returned a string instead of a response");
    assertStringIncludes(wrong.error ?? "", "display(text)");
    // The extension is still serving.
    assertEquals((await invoke(host, "echo", "alive")).display, "alive");
  });

  Deno.test(`${lang} sdk: a tool returning nothing answers empty, one returning a non-result an error result naming the fix`, async () => {
    const { host } = await started();
    await using _ = host;
    await host.send({ type: "tool_call", id: "f1", name: "forgot", args: {} });
    assertEquals(await host.next(), {
      type: "tool_result",
      id: "f1",
      content: [{ type: "text", text: "" }],
    });
    await host.send({ type: "tool_call", id: "f2", name: "number", args: {} });
    const r = await host.expect("tool_result");
    assertEquals(r.is_error, true);
    const said = (r.content as Array<{ text?: string }>).map((b) => b.text ?? "").join("");
    assertStringIncludes(said, 'tool "number" returned a number instead of a result');
    assertStringIncludes(said, "return a string");
    assertEquals((await invoke(host, "echo", "alive")).display, "alive");
  });

  Deno.test(`${lang} sdk: console.log goes to stderr, stdout carries frames only`, async () => {
    const { host } = await started();
    assertEquals((await invoke(host, "log")).action, "noop");
    await host.closeStdin();
    const stderr = await host.stderr();
    assertStringIncludes(stderr, "this goes to stderr");
    assertStringIncludes(stderr, "so does this");
    assertStringIncludes(stderr, "top-level log");
    assertEquals(host.badLines, []);
    await host[Symbol.asyncDispose]();
  });

  Deno.test(`${lang} sdk: notify, clear_notes and submit frames`, async () => {
    const { host } = await started();
    await using _ = host;
    await host.send({ type: "command_invoked", id: "n1", name: "notes" });
    assertEquals(await host.next(), { type: "notify", level: "warn", message: "careful" });
    assertEquals(await host.next(), { type: "clear_notes" });
    assertEquals(await host.next(), { type: "submit", text: "do it" });
    assertEquals((await host.expect("command_response")).action, "noop");
  });

  Deno.test(`${lang} sdk: tools, errors as results, activate_tools and unknown tools`, async () => {
    const { host } = await started();
    await using _ = host;
    await host.send({ type: "tool_call", id: "t1", name: "upper", args: { text: "abc" } });
    assertEquals(await host.next(), {
      type: "tool_result",
      id: "t1",
      content: [{ type: "text", text: "ABC" }],
    });
    await host.send({ type: "tool_call", id: "t2", name: "crash", args: {} });
    const crash = await host.expect("tool_result");
    assertEquals([crash.is_error, crash.content], [true, [{
      type: "text",
      text: "panic: tool broke",
    }]]);
    await host.send({ type: "tool_call", id: "t3", name: "loader", args: {} });
    assertEquals((await host.expect("tool_result")).activate_tools, ["hidden"]);
    await host.send({ type: "tool_call", id: "t4", name: "ghost", args: {} });
    const ghost = await host.expect("tool_result");
    assertEquals(ghost.content, [{ type: "text", text: 'no handler for tool "ghost"' }]);
  });

  Deno.test(`${lang} sdk: tool_cancel in the same chunk as the call aborts it and suppresses the result`, async () => {
    const { host } = await started();
    await using _ = host;
    await host.sendBatch([
      { type: "tool_call", id: "w1", name: "wait", args: {} },
      { type: "tool_cancel", id: "w1" },
      { type: "tool_cancel", id: "unknown" },
    ]);
    assertEquals(await host.next(), {
      type: "notify",
      level: "info",
      message: "wait w1 aborted: true",
    });
    // The next frame answers the next request: no late tool_result for w1.
    assertEquals((await invoke(host, "echo", "after")).display, "after");
  });

  Deno.test(`${lang} sdk: shutdown aborts running handlers, acks and returns from run`, async () => {
    const { host } = await started();
    await host.send({ type: "tool_call", id: "w2", name: "wait", args: {} });
    await host.send({ type: "shutdown" });
    const got = [await host.next(), await host.next()];
    assertEquals(got.map((f) => f?.type).sort(), ["notify", "shutdown_ack"]);
    assertEquals(await host.next(), undefined);
    assertEquals((await host.exit()).code, 0);
    assertStringIncludes(await host.stderr(), "run returned");
    await host[Symbol.asyncDispose]();
  });

  Deno.test(`${lang} sdk: end of input aborts handlers and fails pending callTool with host disconnected`, async () => {
    const { host } = await started();
    await host.send({ type: "tool_call", id: "w3", name: "wait", args: {} });
    await host.send({ type: "command_invoked", id: "k1", name: "call", args: "a.txt" });
    await host.expect("call_tool");
    await host.closeStdin();
    assertEquals((await host.expect("notify")).message, "wait w3 aborted: true");
    assertEquals(await host.next(), undefined);
    assertEquals((await host.exit()).code, 0);
    const stderr = await host.stderr();
    assertStringIncludes(stderr, "rejected:host disconnected");
    assertStringIncludes(stderr, "run returned");
    await host[Symbol.asyncDispose]();
  });

  Deno.test(`${lang} sdk: callTool round trip, truncation note, and parent_id inside a tool handler`, async () => {
    const { host } = await started();
    await using _ = host;
    await host.send({ type: "command_invoked", id: "k2", name: "call", args: "x.md" });
    const call = await host.expect("call_tool");
    assertEquals([call.name, call.args, call.parent_id], ["read", { path: "x.md" }, undefined]);
    await host.send({
      type: "tool_result",
      id: call.id,
      name: "read",
      content: [{ type: "text", text: "body" }],
      is_error: false,
      truncated: true,
    });
    assertEquals(
      (await host.expect("command_response")).display,
      "ok:body|[tool result truncated by host]",
    );

    await host.send({ type: "tool_call", id: "parent-7", name: "nested", args: {} });
    const nested = await host.expect("call_tool");
    assertEquals(nested.parent_id, "parent-7");
    await host.send({
      type: "tool_result",
      id: nested.id,
      name: "read",
      content: [{ type: "text", text: "x" }],
      is_error: false,
    });
    assertEquals(await host.next(), {
      type: "tool_result",
      id: "parent-7",
      content: [{ type: "text", text: "nested got 1 block(s)" }],
    });
  });

  Deno.test(`${lang} sdk: aborting callTool sends call_tool_cancel and rejects`, async () => {
    const { host } = await started();
    await using _ = host;
    await host.send({ type: "command_invoked", id: "k3", name: "call", args: "y" });
    const call = await host.expect("call_tool");
    await host.send({ type: "command_invoked", id: "k4", name: "abort" });
    const frames = [await host.next(), await host.next(), await host.next()];
    assertEquals(frames[0], { type: "call_tool_cancel", id: call.id });
    const displays = frames.flatMap((f) =>
      f?.type === "command_response" ? [f.display ?? f.action] : []
    );
    assertEquals(displays.sort(), ["noop", "rejected:user aborted"]);
    // A late reply for the cancelled call is ignored.
    await host.send({
      type: "tool_result",
      id: call.id,
      name: "read",
      content: [],
      is_error: true,
    });
    assertEquals((await invoke(host, "echo", "still alive")).display, "still alive");
  });

  Deno.test(`${lang} sdk: callTool refuses when the host lacks call_tool`, async () => {
    const { host } = await started({ capabilities: [] });
    await using _ = host;
    assertEquals(
      (await invoke(host, "call", "z")).display,
      "rejected:host does not support call_tool",
    );
  });

  Deno.test(`${lang} sdk: interceptors block, rewrite, replace, and fail closed`, async () => {
    const { host } = await started();
    await using _ = host;
    const ask = async (frame: Record<string, unknown>) => {
      const id = `i${++nextId}`;
      await host.send({ type: "event_intercept", id, ...frame });
      const r = await host.expect("event_intercept_response");
      assertEquals(r.id, id);
      const { type: _t, id: _i, system_prompt_bytes: _b, ...rest } = r;
      return rest;
    };
    const bash = (command: string) => ({
      event: "tool_call",
      tool_id: "t",
      tool_name: "bash",
      tool_args: { command },
    });
    assertEquals(await ask(bash("rm -rf /")), { block: true, reason: "refused: rm -rf" });
    assertEquals(await ask(bash("ls")), { modified_args: { command: "echo GUARDED: ls" } });
    assertEquals(
      await ask({ event: "tool_call", tool_id: "t", tool_name: "read", tool_args: {} }),
      {},
    );
    assertEquals(
      await ask({ event: "tool_call", tool_id: "t", tool_name: "explode", tool_args: {} }),
      {
        block: true,
        reason: "intercept panic: guard bug",
      },
    );
    assertEquals(
      await ask({ event: "tool_call", tool_id: "t", tool_name: "gostyle", tool_args: {} }),
      {
        block: true,
        reason: "intercept panic: the tool_call interceptor returned an array; return " +
          (lang === "ts"
            ? "nothing to allow, or an object such as { block: true, reason }"
            : 'None to allow, or a dict such as {"block": True, "reason": ...}'),
      },
    );
    assertEquals(await ask({ event: "turn_start", step: 99 }), { block: true, reason: "too many" });
    assertEquals(await ask({ event: "turn_start", step: 1 }), {});
    assertEquals(await ask({ event: "assistant_message", text: "a SECRET b" }), {
      replace_text: "a [redacted] b",
    });
    assertEquals(await ask({ event: "assistant_message", text: "clean" }), {});
    assertEquals(await ask({ event: "before_agent_start", system_prompt: "base" }), {
      system_prompt: "base+full",
    });
    assertEquals(await ask({ event: "before_agent_start", system_prompt: "keep" }), {});
    assertEquals(await ask({ event: "session_start" }), {});
  });

  Deno.test(`${lang} sdk: typed lifecycle events; unknown events and garbage are tolerated`, async () => {
    const { host } = await started();
    await using _ = host;
    await host.send({ type: "event", event: "future_event", x: 1 });
    await host.send({
      type: "event",
      event: "turn_start",
      step: 3,
      sequence: 7,
      session_id: "s",
      cwd: "/p",
    });
    assertEquals((await host.expect("notify")).message, "turn 3 seq 7");
    await host.sendBatch([
      { type: "nonsense" },
      {
        type: "event",
        event: "tool_result",
        tool_id: "1",
        tool_name: "read",
        status: "completed",
        executed: true,
        result: { content: [{ type: "text", text: "x" }], is_error: false },
      },
    ]);
    assertEquals((await host.expect("notify")).message, "read completed 1");
    assertEquals((await invoke(host, "echo", "ok")).display, "ok");
  });

  Deno.test(`${lang} sdk: panels open, render on keys, close, and report host close`, async () => {
    const { host } = await started();
    await using _ = host;
    const open = await invoke(host, "panel");
    assertEquals(open.open_panel, { id: "p1", title: "P", lines: ["hi"], footer: "esc" });
    await host.send({ type: "panel_key", panel_id: "p1", key: "rune", text: "x" });
    assertEquals(await host.next(), {
      type: "panel_render",
      panel_id: "p1",
      title: "P",
      lines: ["rune:x"],
    });
    await host.send({ type: "panel_key", panel_id: "p1", key: "enter" });
    assertEquals((await host.expect("panel_render")).lines, ["enter:"]);
    assertEquals(await host.next(), { type: "panel_close", panel_id: "p1" });
    await host.send({ type: "panel_close", panel_id: "p1" });
    assertEquals((await host.expect("notify")).message, "panel closed");
    await host.send({ type: "command_invoked", id: "pp", name: "popup" });
    assertEquals(await host.next(), { type: "open_panel", panel: { id: "p1", title: "Pop" } });
    await host.expect("command_response");
  });

  Deno.test(`${lang} sdk: a disposed panel closes and no longer receives keys`, async () => {
    const { host } = await started();
    await using _ = host;
    assertEquals((await invoke(host, "ephemeral")).open_panel, { id: "e1", title: "E" });
    await host.send({ type: "panel_key", panel_id: "e1", key: "rune", text: "a" });
    assertEquals(await host.next(), { type: "panel_render", panel_id: "e1", lines: ["rune:a"] });
    await host.send({ type: "panel_key", panel_id: "e1", key: "rune", text: "x" });
    assertEquals(await host.next(), { type: "panel_close", panel_id: "e1" });
    await host.send({ type: "panel_key", panel_id: "e1", key: "rune", text: "b" });
    // No render for the disposed panel: the next frame answers the next command.
    assertEquals((await invoke(host, "echo", "after")).display, "after");
  });

  Deno.test(`${lang} sdk: a first host frame other than hello_ack ends the extension with an error`, async () => {
    await using host = spawnFull();
    await host.expect("hello");
    await host.send({ type: "shutdown" });
    assertEquals(await host.next(), undefined);
    assert((await host.exit()).code !== 0);
    assertStringIncludes(
      await host.stderr(),
      'First host frame must be hello_ack (got "shutdown")',
    );
  });
}

suite("ts", spawnTs);

Deno.test("ts sdk: a permission the sandbox denies names scope in extension.json, not Deno's --allow flag", async () => {
  await using host = spawnTs();
  await host.handshake();
  await host.send({ type: "command_invoked", id: "d1", name: "denied-env" });
  const env = (await host.expect("command_response")).error ?? "";
  assertEquals(
    env,
    'panic: Requires env access to "HOME", which this extension\'s scope does not grant ' +
      '(add "HOME" to scope.env in extension.json)',
  );
  await host.send({ type: "command_invoked", id: "d2", name: "denied-net" });
  const net = (await host.expect("command_response")).error ?? "";
  assertStringIncludes(net, 'add "127.0.0.1:9" to scope.net in extension.json');
  assert(!net.includes("--allow-net"), net);
});
suite("python", spawnPy);

Deno.test("ts sdk: callTool in onHello fails at once instead of stalling start-up", async () => {
  await using host = new ScriptedHost(Deno.execPath(), [
    "run",
    "--no-prompt",
    `--allow-read=${ROOT}src,${ROOT}tests/fixtures/sdk`,
    `${ROOT}tests/fixtures/sdk/hello_call.ts`,
  ]);
  await host.handshake();
  const note = await host.expect("notify");
  assertEquals(note.level, "error");
  assertStringIncludes(note.message, "callTool cannot wait in onHello");
});

Deno.test("python sdk: call_tool in an event handler fails at once, naming where to call it", async () => {
  await using host = new ScriptedHost(PYTHON, [`${ROOT}tests/fixtures/sdk/reader_call.py`]);
  await host.handshake();
  await host.send({ type: "event", event: "turn_start", step: 1, sequence: 1 });
  // No call_tool frame and no 60 s stall: the refusal comes first, and frames still flow.
  const note = await host.expect("notify");
  assertEquals(note.level, "error");
  assertStringIncludes(note.message, "call_tool cannot wait in an event or on_hello handler");
  await host.send({ type: "command_invoked", id: "e1", name: "echo", args: "still reading" });
  assertEquals((await host.expect("command_response")).display, "still reading");
});

// The SDK promises Python 3.9+: run the same script under 3.9 where it is installed, and say
// so where it is not (python_compat_test.ts still checks the 3.9 grammar everywhere).
const PY39 = await findPython39();
if (PY39) suite("python3.9", () => new ScriptedHost(PY39, [`${ROOT}tests/fixtures/sdk/full.py`]));
else {
  Deno.test({
    name:
      "sdk python3.9: the SDK suite under Python 3.9 (skipped: no python3.9 on PATH or in pyenv)",
    ignore: true,
    fn() {},
  });
}
