/**
 * The OS sandbox runtime starts helper processes of its own (a `socat`
 * bridge per proxy, listening on a socket file in the temp dir). However zot
 * ends (the end of `-p`, a signal, a second signal during the shutdown),
 * none of them is left running and no socket file is left behind. The temp
 * dir is one of the test's own, so what the runtime made is easy to find:
 * its path is in the bridge's command line and the socket lives in it.
 */

import { join } from "../../src/path.ts";
import { assert, assertEquals } from "../helpers/assert.ts";
import { processesMatching } from "../helpers/procs.ts";
import { tempZot } from "../helpers/tmp.ts";
import { until, withTimeout } from "../helpers/wait.ts";
import { zotCommand } from "../modes/run_zot.ts";

const HELLO_SH = new URL("../fixtures/extensions/hello-sh/hello.sh", import.meta.url).pathname;

/** A plain shell extension with a scope, so it starts inside the OS sandbox. */
async function confinedExtension(root: string): Promise<string> {
  const dir = join(root, "hello-sh");
  await Deno.mkdir(dir);
  await Deno.copyFile(HELLO_SH, join(dir, "hello.sh"));
  await Deno.chmod(join(dir, "hello.sh"), 0o755);
  await Deno.writeTextFile(
    join(dir, "extension.json"),
    JSON.stringify({ name: "hello-sh", version: "1.0.0", exec: "./hello.sh", scope: {} }),
  );
  return dir;
}

/** The runtime's sockets in `tmp` (its proxy's, then the bridge's, named `claude-…`). */
function runtimeFiles(tmp: string, bridge = false): string[] {
  const names = [...Deno.readDirSync(tmp)].map((e) => e.name);
  return names.filter((n) => bridge ? n.startsWith("claude-") : /^(claude|srt)-/.test(n));
}

/**
 * A model endpoint that holds every request until `open()`, then refuses it: zot's one turn
 * cannot end (and zot with it) before the test has seen the bridge.
 */
function gatedModel() {
  const gate = Promise.withResolvers<void>();
  const requested = Promise.withResolvers<void>();
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, async () => {
    requested.resolve();
    await gate.promise;
    return Response.json({ type: "error", error: { type: "invalid_request_error" } }, {
      status: 400,
    });
  });
  return {
    url: `http://127.0.0.1:${server.addr.port}`,
    open: () => gate.resolve(),
    /** Resolves when zot's first request arrives (its extensions are ready by then). */
    requested: requested.promise,
    async [Symbol.asyncDispose]() {
      gate.resolve();
      await server.shutdown();
    },
  };
}

/** A module preloaded into zot that throws when told by a signal: a bug nothing catches. */
const BUG = new URL("../fixtures/lifetime/crash_on_signal.ts", import.meta.url).pathname;

/**
 * zot in `mode` with the extension and its own temp dir; once the runtime's bridge runs, the
 * model answers and `signals` are sent (or, with `crash`, that signal makes zot throw before the
 * model answers). Resolves after zot exited and every helper the runtime started is
 * gone (bounded), or throws naming what is left.
 */
async function run(mode: "-p" | "--rpc", signals: Deno.Signal[], crash?: Deno.Signal) {
  await using z = await tempZot();
  await using llm = gatedModel();
  const tmp = join(z.root, "tmp");
  await Deno.mkdir(tmp);
  const ext = await confinedExtension(z.root);
  const args = mode === "-p" ? ["-p", "hi"] : ["--rpc"];
  const child = zotCommand([...args, "--base-url", llm.url, "--ext", ext], {
    ...z,
    env: { TMPDIR: tmp },
    denoFlags: crash ? ["--preload", BUG] : [],
  }, mode === "--rpc" ? "piped" : "null").spawn();
  const stderr = new Response(child.stderr).text();
  const stdout = new Response(child.stdout).text();
  let exited = false;
  child.status.then(() => exited = true);
  await until(
    () => exited || runtimeFiles(tmp, true).length > 0,
    60_000,
    "the runtime's bridge socket",
  );
  if (runtimeFiles(tmp, true).length === 0) {
    throw new Error(`the OS sandbox never started:\n${await stderr}`);
  }
  const bridges = processesMatching(tmp);
  assert(bridges.some((p) => p.cmdline.includes("socat")), "no bridge process was found");
  // A kill -9 comes once the extension is ready (zot has listed it with its reaper by then).
  if (signals.includes("SIGKILL")) await withTimeout(llm.requested, 60_000, "zot's request");
  // A crash comes before the model answers: the answer cannot end the run first.
  if (crash) child.kill(crash);
  else if (!signals.includes("SIGKILL")) llm.open();
  for (const signal of signals) child.kill(signal);
  if (mode === "--rpc" && signals.length === 0) await child.stdin.close();
  const status = await withTimeout(child.status, 60_000, "zot to exit");
  if (mode === "--rpc") await child.stdin.close().catch(() => {});
  const err = await stderr;
  await stdout;
  await until(() => processesMatching(tmp).length === 0, 5_000, "the runtime's helpers to end")
    .catch(() => {
      const left = processesMatching(tmp).map((p) => `${p.pid} ${p.cmdline}`).join("\n  ");
      throw new Error(`left running after zot exited:\n  ${left}\n${err}`);
    });
  // After a kill -9 the runtime's own listener (in zot's process) leaves its socket file.
  const bridgeOnly = signals.includes("SIGKILL");
  assertEquals(runtimeFiles(tmp, bridgeOnly), [], "socket files left in the temp dir");
  return { status, stderr: err };
}

Deno.test("the OS sandbox's helpers end with zot -p, and their sockets are removed", async () => {
  const r = await run("-p", []);
  // The model refused the turn: zot ends with an error, the way a finished run ends too.
  assertEquals([r.status.code, r.status.signal], [1, null], r.stderr);
});

Deno.test("the OS sandbox's helpers end when zot --rpc reaches end of input", async () => {
  const r = await run("--rpc", []);
  assertEquals(r.status.code, 0, r.stderr);
});

Deno.test("the OS sandbox's helpers end when zot is stopped by SIGTERM", async () => {
  const r = await run("--rpc", ["SIGTERM"]);
  assertEquals(r.status.signal, null, r.stderr);
});

Deno.test("the OS sandbox's helpers end when a second signal exits zot at once", async () => {
  const r = await run("--rpc", ["SIGTERM", "SIGTERM"]);
  assertEquals(r.status.signal, null, r.stderr);
});

Deno.test("the OS sandbox's helpers end when an uncaught error ends zot -p", async () => {
  const r = await run("-p", [], "SIGALRM");
  assertEquals([r.status.code, r.status.signal], [1, null], r.stderr);
  assert(r.stderr.includes("zot: internal error: Error: a bug in a callback (test)"), r.stderr);
});

Deno.test("the OS sandbox's helpers end when an unhandled rejection ends zot --rpc", async () => {
  const r = await run("--rpc", [], "SIGUSR2");
  assertEquals([r.status.code, r.status.signal], [1, null], r.stderr);
  assert(r.stderr.includes("zot: internal error: Error: a bug in a listener (test)"), r.stderr);
  // The message is a stand-in for text an extension or a server sent: it cannot act on the terminal.
  assert(!r.stderr.includes("\x1b"), JSON.stringify(r.stderr));
});

Deno.test("the OS sandbox's helpers end when zot is killed by SIGKILL, which runs none of its code", async () => {
  const r = await run("-p", ["SIGKILL"]);
  assertEquals(r.status.signal, "SIGKILL", r.stderr);
});
