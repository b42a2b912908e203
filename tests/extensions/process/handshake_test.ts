import { join } from "node:path";
import { assert, assertEquals, assertStringIncludes } from "../../helpers/assert.ts";
import { within, withTimeout } from "../../helpers/wait.ts";
import { collect, fixtureSource, harness, IDENTITY } from "./_helpers.ts";

const HELLO_LANGUAGES: [string, string, string][] = [
  ["hello-py", "hello-py", "hellopy"],
  ["hello-node", "hello-node", "hellonode"],
  ["hello-deno", "hello-deno", "hellodeno"],
  ["hello-sh", "hello-sh", "hellosh"],
];

for (const [dir, name, command] of HELLO_LANGUAGES) {
  Deno.test(`handshake: ${dir} says hello, registers /${command} and sends ready`, async () => {
    await using h = await harness();
    const channel = await h.start(dir);
    const frames = collect(channel);
    assertEquals(channel.name, name);
    assertEquals(channel.hello.type, "hello");
    assertEquals(channel.sandboxed, false);
    assertEquals(channel.dataDir, channel.source.dir);
    await withTimeout(channel.ready, 10_000, "ready");
    assertEquals(channel.readyState, "ready");
    const registered = await withTimeout(
      frames.next((f) => f.type === "register_command"),
      10_000,
      "register_command",
    );
    assertEquals(registered.type === "register_command" && registered.name, command);
    await channel.stop(Date.now() + 2_000);
    assert(channel.isClosed);
    const info = await channel.closed;
    assertStringIncludes(info.reason, "stopped");
    assertEquals(info.code, 0);
  });
}

Deno.test("handshake: hello_ack is the first host frame and carries the host identity", async () => {
  await using h = await harness();
  const channel = await h.start("ack-echo");
  const frames = collect(channel);
  const note = await withTimeout(frames.next((f) => f.type === "notify"), 10_000, "ack echo");
  assert(note.type === "notify");
  const dir = fixtureSource("ack-echo").dir;
  assertEquals(JSON.parse(note.message), {
    type: "hello_ack",
    protocol_version: 1,
    capabilities: ["call_tool"],
    zot_version: IDENTITY.zotVersion,
    provider: IDENTITY.provider,
    model: IDENTITY.model,
    cwd: IDENTITY.cwd,
    extension_dir: dir,
    data_dir: dir,
  });
});

Deno.test("handshake: spawns do not wait on each other", async () => {
  await using h = await harness();
  // The silent starts end only when aborted, after the quick one is done:
  // no race between the quick start and a hello timeout on a slow machine.
  const abort = new AbortController();
  const silent = [1, 2, 3].map(() =>
    h.spawn(fixtureSource("never-hello"), { helloTimeoutMs: 120_000, signal: abort.signal })
  );
  let silentDone = false;
  const allSilent = Promise.all(silent).then((r) => {
    silentDone = true;
    return r;
  });
  const quick = await within(30_000, h.spawn(fixtureSource("hello-sh")), "the quick start");
  assert(quick.ok);
  assert(!silentDone, "a quick extension must not wait behind silent ones");
  abort.abort();
  const results = await within(10_000, allSilent, "the aborted silent starts should end");
  for (const result of results) {
    assert(!result.ok);
    assertStringIncludes(result.error, "start cancelled before hello");
  }
});

Deno.test("handshake: the log gets a header per start and the extension's stderr", async () => {
  await using h = await harness();
  const first = await h.spawn(fixtureSource("exit-before-hello"));
  const second = await h.spawn(fixtureSource("exit-before-hello"));
  assert(!first.ok && !second.ok);
  const log = h.logText("broken");
  const headers = log.match(/\n\[zot\] starting broken\/ at \d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ\n/g) ??
    [];
  assertEquals(headers.length, 2);
  assertStringIncludes(log, "broken: cannot start\n");
});

Deno.test("handshake: exit before hello reports the exit status, the log path and its last stderr", async () => {
  await using h = await harness();
  const result = await h.spawn(fixtureSource("exit-before-hello"));
  assert(!result.ok);
  const logPath = join(h.zot.paths.logs, "ext-broken.log");
  assertEquals(result.logPath, logPath);
  assertEquals(
    result.error,
    [
      "Extension broken failed to start.",
      'exec: "./run.sh" (declared language: "sh")',
      `error: extension exited before hello: exit status 23 (stderr log: ${logPath})`,
      `extension directory: ${fixtureSource("exit-before-hello").dir}`,
      `stderr log: ${logPath}`,
      // Beyond the reference's text: the cause, without opening the log.
      "last stderr lines:",
      "  broken: cannot start",
    ].join("\n"),
  );
  assert(!result.error.includes("%!w"));
  // Said as a field too: the doctor shows them once without searching the text.
  assertEquals(result.stderrQuoted, true);
});

Deno.test("handshake: a signal before hello is reported as the signal", async () => {
  await using h = await harness();
  const result = await h.spawn(fixtureSource("sigterm-before-hello"));
  assert(!result.ok);
  assertStringIncludes(result.error, "extension exited before hello: signal: SIGTERM");
  assertStringIncludes(result.error, "ext-signaled.log");
});

Deno.test("handshake: stdout closed before hello without exiting is reported and killed", async () => {
  await using h = await harness();
  const result = await h.spawn(fixtureSource("close-stdout"));
  assert(!result.ok);
  assertStringIncludes(
    result.error,
    "error: extension closed stdout before hello without exiting (stderr log: ",
  );
});

Deno.test("handshake: a non-JSON first line fails with parse hello and the process is reaped", async () => {
  await using h = await harness();
  const result = await h.spawn(fixtureSource("not-json"));
  assert(!result.ok);
  assertStringIncludes(result.error, "error: parse hello (stderr log: ");
  assertStringIncludes(h.logText("not-json"), "[zot] failed to start: parse hello");
});

Deno.test("handshake: a frame before hello fails with first frame must be hello", async () => {
  await using h = await harness();
  const result = await h.spawn(fixtureSource("notify-first"));
  assert(!result.ok);
  const logPath = join(h.zot.paths.logs, "ext-notify-first.log");
  assertStringIncludes(
    result.error,
    `error: first frame must be hello (got "notify"; stderr log: ${logPath})`,
  );
});

Deno.test("handshake: a silent extension is killed at the hello timeout", async () => {
  await using h = await harness();
  const result = await within(
    10_000,
    h.spawn(fixtureSource("never-hello"), { helloTimeoutMs: 200 }),
    "the start should fail at the 200 ms hello timeout",
  );
  assert(!result.ok);
  assertStringIncludes(result.error, "error: no hello frame within 200 ms");
});

Deno.test("handshake: an aborted start kills the extension", async () => {
  await using h = await harness();
  const abort = new AbortController();
  const pending = h.spawn(fixtureSource("never-hello"), { signal: abort.signal });
  abort.abort();
  const result = await within(10_000, pending, "the aborted start should fail at once");
  assert(!result.ok);
  assertStringIncludes(result.error, "start cancelled before hello");
});

Deno.test("handshake: a missing runtime names the exec, language and remedy-free cause", async () => {
  await using h = await harness();
  const source = fixtureSource("hello-py", {
    exec: "no-such-runtime-zot",
    name: "missing-runtime",
  });
  const result = await h.spawn(source);
  assert(!result.ok);
  assertStringIncludes(result.error, "Extension missing-runtime failed to start.");
  assertStringIncludes(result.error, 'exec: "no-such-runtime-zot" (declared language: "python")');
  assertStringIncludes(result.error, "executable file not found");
  assertEquals(result.error.split(source.dir).length - 1, 1);
});

Deno.test("handshake: a log path that cannot be opened is an open log error", async () => {
  await using h = await harness();
  await Deno.writeTextFile(h.zot.paths.logs, "a file where the logs dir should be");
  const result = await h.spawn(fixtureSource("hello-py"));
  assert(!result.ok);
  assertStringIncludes(result.error, "error: open log: ");
  assertStringIncludes(result.error, fixtureSource("hello-py").dir);
});

Deno.test("handshake: the manifest name wins over hello.name", async () => {
  await using h = await harness();
  const channel = await h.start("hello-sh", { name: "renamed" });
  assertEquals(channel.name, "renamed");
  assertEquals(channel.hello.name, "hello-sh");
  assertStringIncludes(h.logText("renamed"), 'hello name "hello-sh" differs');
});

Deno.test("handshake: each extension leads its own process group", async () => {
  await using h = await harness();
  const channel = await h.start("hello-sh");
  const pid = channel.pid;
  assert(pid !== undefined);
  const stat = await Deno.readTextFile(`/proc/${pid}/stat`);
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  assertEquals(Number(fields[2]), pid);
});

for (
  const [field, text] of [
    ["capabilities", `field "capabilities" must be an array of strings`],
    ["version", `field "version" must be a string`],
    ["name", `field "name" must be a string`],
  ]
) {
  Deno.test(`handshake: a hello with a wrong-typed ${field} names the field`, async () => {
    await using h = await harness();
    const result = await h.spawn(fixtureSource("hello-bad-field", { args: [field] }));
    assert(!result.ok);
    const logPath = join(h.zot.paths.logs, "ext-hello-bad-field.log");
    assertStringIncludes(
      result.error,
      `error: invalid "hello" frame: ${text} (stderr log: ${logPath})`,
    );
  });
}
