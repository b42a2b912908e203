/**
 * Supervised restart over real Python processes: a crashed extension comes back with its
 * registrations, calls during the restart wait for it, a crashed guard keeps refusing until it
 * is back (fail closed), a crash loop stops with the log's last lines, and an extension that
 * finished or opted out is left alone.
 */

import { join } from "node:path";
import { assert, assertEquals, assertStringIncludes } from "../../helpers/assert.ts";
import { deferred, until, withTimeout } from "../../helpers/wait.ts";
import { PYTHON } from "../../helpers/python.ts";
import type { ToolContext } from "../../../src/model/types.ts";
import type { ExtensionSource } from "../../../src/extensions/types.ts";
import type { RestartPolicy } from "../../../src/extensions/host/restart.ts";
import { HOST_FIXTURES, realHost } from "./e2e_helpers.ts";
import { RecordingUi } from "./fake_channel.ts";
import { tempZot } from "../../helpers/tmp.ts";
import { checkPinned, trustProject } from "../../../src/extensions/trust.ts";
import { ExtensionHost } from "../../../src/extensions/host/mod.ts";
import { spawnExtension } from "../../../src/extensions/process/mod.ts";

const QUICK: RestartPolicy = { delaysMs: [200, 200, 200], windowMs: 60_000 };

function restartable(config: Record<string, unknown>, raw: Record<string, unknown> = {}) {
  const name = String(config.name);
  const source: ExtensionSource = {
    manifest: {
      name,
      exec: PYTHON,
      args: [join(HOST_FIXTURES, "restartable.py"), JSON.stringify(config)],
      enabled: true,
      raw,
      ...(raw.restart === "never" ? { restart: "never" as const } : {}),
    },
    dir: HOST_FIXTURES,
    manifestPath: join(HOST_FIXTURES, "extension.json"),
    kind: "global",
  };
  return source;
}

function ctx(signal = new AbortController().signal): ToolContext {
  return { cwd: "/work", signal, callId: "c1", chain: [], interactive: false };
}

const warnings = (ui: RecordingUi) =>
  ui.calls.filter((c) => c[0] === "warn").map((c) => String(c[2]));

Deno.test("restart: a crashed extension comes back with its tools; a call meanwhile waits for it", async () => {
  const marker = join(await Deno.makeTempDir(), "crashed");
  const joined = deferred();
  await using h = await realHost([restartable({ name: "flaky", crash: "tool", marker })], {
    restartPolicy: QUICK,
    onLateJoin: (j) => j.name === "flaky" && joined.resolve(),
  });
  const tool = () => h.host.tools().find((t) => t.name === "flaky_do")!;
  const first = await tool().execute({}, ctx());
  assert(first.isError, "the call in flight when it crashed fails");
  // Asked while it is down: the call waits for the restart instead of failing at once.
  const second = await tool().execute({}, ctx());
  assertEquals([second.isError, second.content], [false, [{ type: "text", text: "done" }]]);
  await withTimeout(joined.promise, 10_000, "the restarted extension to join");
  assertEquals(h.host.status().find((s) => s.name === "flaky")?.state, "ready");
  const told = warnings(h.ui).filter((w) => w.includes("restarting it"));
  assertEquals(told.length, 1, warnings(h.ui).join("\n"));
  assertStringIncludes(told[0], "exited with status 3");
});

Deno.test("restart: a crashed tool_call guard refuses calls until it is back, then checks again", async () => {
  const marker = join(await Deno.makeTempDir(), "crashed");
  const joined = deferred();
  await using h = await realHost([
    restartable({ name: "guard", crash: "intercept", marker, slow_restart: 0.6 }),
  ], {
    restartPolicy: { delaysMs: [300], windowMs: 60_000 },
    onLateJoin: (j) => j.name === "guard" && joined.resolve(),
  });
  const call = (id: string) =>
    h.host.interceptToolCall(
      { toolId: id, toolName: "bash", args: { command: "ls" } },
      new AbortController().signal,
    );
  const crashed = await call("1");
  assert(crashed.block, "the call the guard crashed on is refused");
  // Down, restarting, and started again but not yet subscribed (it waits before it does): every
  // call in that time is refused, never let through unchecked.
  let back = false;
  joined.promise.then(() => back = true);
  const through: string[] = [];
  let n = 1;
  await until(
    async () => {
      const d = await call(String(++n));
      if (!back && !d.block) through.push(String(n));
      return back;
    },
    15_000,
    "the guard to come back",
  );
  assertEquals(through, []);
  assert(n > 3, "calls were made while it was down");
  await withTimeout(joined.promise, 10_000, "the guard to come back");
  assertEquals(await call("3"), { block: false, args: { command: "ls" } });
  assert(warnings(h.ui).some((w) => w.includes("zot is restarting it")), warnings(h.ui).join("\n"));
});

Deno.test("restart: a crash loop stops after the last restart, with the log's last lines", async () => {
  const ui = new RecordingUi();
  await using h = await realHost([restartable({ name: "loop", crash: "after_ready" })], {
    ui,
    restartPolicy: { delaysMs: [50, 50], windowMs: 60_000 },
  });
  await ui.waitFor(
    () => warnings(ui).some((w) => w.includes("left stopped")),
    20_000,
    "the crash-loop message",
  );
  const final = warnings(ui).find((w) => w.includes("left stopped"))!;
  assertStringIncludes(final, "after 2 restarts");
  assertStringIncludes(final, "loop: boom");
  assertEquals(warnings(ui).filter((w) => w.includes("restarting it")).length, 1);
  assertEquals(h.host.tools().find((t) => t.name === "loop_do"), undefined);
});

Deno.test('restart: an extension that opted out ("restart": "never") is not started again', async () => {
  const ui = new RecordingUi();
  await using h = await realHost(
    [restartable({ name: "never", crash: "tool" }, { restart: "never" })],
    { ui, restartPolicy: QUICK },
  );
  const never = h.host.tools().find((t) => t.name === "never_do")!;
  assert((await never.execute({}, ctx())).isError);
  // Nothing comes back: a later call fails at once, naming no owner.
  const again = await never.execute({}, ctx());
  assertStringIncludes(JSON.stringify(again.content), "no extension registered");
  assertEquals(warnings(ui).filter((w) => w.includes("restarting")), []);
});

Deno.test("restart: an extension that finished on its own (status 0) is not started again", async () => {
  const ui = new RecordingUi();
  await using h = await realHost([restartable({ name: "done", crash: "finish" })], {
    ui,
    restartPolicy: QUICK,
  });
  // Its end is reported (a disconnect diagnostic), and nothing else happens.
  await until(() => h.host.diagnostics().some((d) => d.code === "disconnected"), 10_000, "end");
  assert(h.host.status().find((s) => s.name === "done")?.state !== "ready");
  assertEquals(warnings(ui).filter((w) => w.includes("restarting")), []);
});

Deno.test("restart: a guard without ready (auto-ready) slow to subscribe lets nothing through meanwhile", async () => {
  const marker = join(await Deno.makeTempDir(), "crashed");
  const joined = deferred();
  let back = false;
  await using h = await realHost(
    [restartable({ name: "oldguard", crash: "intercept", marker, slow_restart: 1, no_ready: 1 })],
    {
      restartPolicy: { delaysMs: [100], windowMs: 60_000 },
      onLateJoin: (j) => j.name === "oldguard" && (back = true, joined.resolve()),
    },
  );
  const call = (id: string) =>
    h.host.interceptToolCall(
      { toolId: id, toolName: "bash", args: { command: "ls" } },
      new AbortController().signal,
    );
  assert((await call("0")).block, "the call it crashed on is refused");
  const through: string[] = [];
  let n = 0;
  await until(
    async () => {
      const d = await call(String(++n));
      if (!back && !d.block) through.push(String(n));
      return back;
    },
    20_000,
    "the guard to come back",
  );
  assertEquals(through, [], "no call passed unchecked");
  assertEquals((await call("after")).block, false, "checked (and allowed) again once back");
});

Deno.test("restart: a guard that no longer intercepts once restarted is not put back", async () => {
  const marker = join(await Deno.makeTempDir(), "crashed");
  const ui = new RecordingUi();
  await using h = await realHost(
    [restartable({ name: "fickle", crash: "intercept", marker, forget: 1 })],
    { ui, restartPolicy: { delaysMs: [100], windowMs: 60_000 } },
  );
  const call = (id: string) =>
    h.host.interceptToolCall(
      { toolId: id, toolName: "bash", args: { command: "ls" } },
      new AbortController().signal,
    );
  assert((await call("0")).block);
  await ui.waitFor(
    () => warnings(ui).some((w) => w.includes("no longer intercepts tool_call")),
    20_000,
    "the restart to be given up",
  );
  assert((await call("1")).block, "what it checked stays refused");
});

Deno.test("restart: a project extension whose code changed since zot trust is not restarted", async () => {
  await using z = await tempZot();
  const dir = join(z.cwd, ".zot", "extensions", "flaky");
  await Deno.mkdir(dir, { recursive: true });
  const marker = join(z.root, "crashed");
  const ran = join(z.root, "UNREVIEWED-CODE-RAN");
  const code = await Deno.readTextFile(join(HOST_FIXTURES, "restartable.py"));
  const config = JSON.stringify({ name: "flaky", crash: "tool", marker });
  await Deno.writeTextFile(join(dir, "main.py"), code);
  await Deno.writeTextFile(
    join(dir, "extension.json"),
    JSON.stringify({ name: "flaky", exec: PYTHON, args: ["main.py", config] }),
  );
  const source: ExtensionSource = {
    manifest: {
      name: "flaky",
      exec: PYTHON,
      args: [join(dir, "main.py"), config],
      enabled: true,
      raw: {},
    },
    dir,
    manifestPath: join(dir, "extension.json"),
    kind: "project",
  };
  await trustProject(z.paths.trust, z.cwd);
  assertEquals((await checkPinned(z.paths.trust, z.cwd, [source])).run.length, 1);
  const ui = new RecordingUi();
  const host = new ExtensionHost({
    spawn: spawnExtension,
    paths: z.paths,
    identity: { zotVersion: "0.1.0-test", provider: "fake", model: "m", cwd: z.cwd },
    ui,
    restartPolicy: { delaysMs: [100], windowMs: 60_000 },
  });
  try {
    await host.load([source]);
    await host.waitForReady();
    // While zot runs, the code changes on disk (a pull, an edit), then the extension crashes.
    await Deno.writeTextFile(join(dir, "main.py"), `open(${JSON.stringify(ran)}, "w")\n` + code);
    const tool = host.tools().find((t) => t.name === "flaky_do")!;
    assert((await tool.execute({}, ctx())).isError);
    await ui.waitFor(
      () => warnings(ui).some((w) => w.includes("changed since you trusted")),
      15_000,
      "the refused restart",
    );
    assertEquals(await Deno.stat(ran).then(() => true, () => false), false);
  } finally {
    await host.stop(1000);
  }
});
