/**
 * SIGINT and SIGTERM during a turn in the headless modes: the run is
 * aborted (a running bash command's process group killed), then zot shuts
 * down as after any run: the session holds the call's result, extensions
 * get `session_end` and `shutdown`, a JSON or RPC client gets `done`, and
 * the exit code is 1.
 */

import { join } from "../../src/path.ts";
import { assert, assertEquals, assertStringIncludes } from "../helpers/assert.ts";
import { startFakeLlm } from "../helpers/fake_llm.ts";
import { PYTHON } from "../helpers/python.ts";
import { tempZot } from "../helpers/tmp.ts";
import { until, withTimeout } from "../helpers/wait.ts";
import { readLines } from "../../src/protocol/framing.ts";
import { rpcProcess } from "./rpc_client.ts";
import { zotCommand } from "./run_zot.ts";

type Frame = Record<string, unknown>;

const RECORDER = new URL("../agent/fixtures/recorder.py", import.meta.url).pathname;

/** An extension that appends every frame zot sends it to `record`. */
async function recorderExtension(root: string, record: string): Promise<string> {
  const dir = join(root, "rec");
  await Deno.mkdir(dir);
  const config = { name: "rec", record, events: ["session_end"] };
  await Deno.writeTextFile(
    join(dir, "extension.json"),
    JSON.stringify({ name: "rec", exec: PYTHON, args: [RECORDER, JSON.stringify(config)] }),
  );
  return dir;
}

async function sessionLines(home: string): Promise<Frame[]> {
  const root = join(home, "sessions");
  for await (const dir of Deno.readDir(root)) {
    for await (const file of Deno.readDir(join(root, dir.name))) {
      const text = await Deno.readTextFile(join(root, dir.name, file.name));
      return text.trimEnd().split("\n").map((l) => JSON.parse(l));
    }
  }
  throw new Error("no session file");
}

function alive(pid: number): boolean {
  try {
    Deno.statSync(`/proc/${pid}`);
    return true;
  } catch {
    return false;
  }
}

// The command reports its background job's pid, then waits on it: only a group kill ends both.
const SLOW_COMMAND = "sleep 60 & echo $! > sleep.pid; echo started; wait";

Deno.test("SIGTERM during a bash call in --json: cancelled and recorded, extensions shut down, exit 1", async () => {
  await using z = await tempZot();
  await using llm = await startFakeLlm({
    script: [{ toolCalls: [{ name: "bash", args: { command: SLOW_COMMAND } }] }],
  });
  const record = join(z.root, "record.jsonl");
  const ext = await recorderExtension(z.root, record);
  const child = zotCommand(["--json", "go", "--base-url", llm.url, "--ext", ext], z).spawn();
  const stderr = new Response(child.stderr).text();
  const lines = readLines(child.stdout);
  const frames: Frame[] = [];
  const next = async () => {
    const item = await withTimeout(lines.next(), 20_000, "a JSON line");
    if (item.done || item.value.kind !== "line") return undefined;
    const frame = JSON.parse(item.value.line);
    frames.push(frame);
    return frame;
  };
  while (!String((await next())?.text ?? "").includes("started"));
  const sleeper = Number((await Deno.readTextFile(join(z.cwd, "sleep.pid"))).trim());
  child.kill("SIGTERM");
  while (await next());
  const status = await child.status;
  assertEquals(status.code, 1, await stderr);

  const result = frames.find((f) => f.type === "tool_result");
  assertEquals(result?.is_error, true);
  assertStringIncludes(JSON.stringify(result?.content), "Command cancelled");
  assertEquals(frames.at(-1), { type: "done" });
  await until(() => !alive(sleeper), 5_000, "the background sleep to be killed");

  const session = await sessionLines(z.home);
  const last = session.at(-1) as { role: string; content: { call_id: string }[] };
  assertEquals(last.role, "tool");
  assertEquals(last.content[0].call_id, result?.id);

  const sent = (await Deno.readTextFile(record)).trimEnd().split("\n").map((l) => JSON.parse(l));
  const sessionEnd = sent.find((f) => f.type === "event" && f.event === "session_end");
  assertEquals(sessionEnd?.reason, "shutdown");
  assert(sent.some((f) => f.type === "shutdown"), "the extension got no shutdown frame");
});

Deno.test("SIGTERM during a print run says so and exits 1 with the prompt saved", async () => {
  await using z = await tempZot();
  await using llm = await startFakeLlm({ script: [{ hang: true, text: "partial" }] });
  const child = zotCommand(["-p", "go", "--base-url", llm.url, "--no-ext"], z).spawn();
  await llm.nextRequest(20_000);
  child.kill("SIGTERM");
  const out = await child.output();
  const text = new TextDecoder();
  assertEquals([out.code, out.signal], [1, null], text.decode(out.stderr));
  assertStringIncludes(text.decode(out.stderr), "terminated (SIGTERM)");
  const session = await sessionLines(z.home);
  assertStringIncludes(JSON.stringify(session[1]), '"text":"go"');
});

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  Deno.test(`${signal} in RPC mode aborts the running prompt, drops the queued one, exits 1`, async () => {
    await using z = await tempZot();
    await using llm = await startFakeLlm({
      script: [{ hang: true, text: "partial" }, { text: "no" }],
    });
    const rpc = rpcProcess(["--base-url", llm.url, "--no-ext"], z);
    await rpc.send({ type: "prompt", id: "1", message: "first" });
    await rpc.send({ type: "prompt", id: "2", message: "queued" });
    await rpc.until((f) => f.type === "text_delta");
    rpc.child.kill(signal);
    const events = await rpc.until((f) => f.type === "done");
    assertEquals(events.find((f) => f.type === "turn_end")?.stop, "aborted");
    // stdin is still open: the signal alone ends the process.
    const status = await withTimeout(rpc.child.status, 20_000, "zot to exit");
    const end = await rpc.close();
    assertEquals(status.code, 1, end.stderr);
    assertEquals(end.rest, []);
    assertStringIncludes(end.stderr, signal === "SIGINT" ? "interrupted" : "terminated");
    assertEquals(llm.requests.length, 1);
  });
}

Deno.test("SIGTERM to an idle RPC server is a clean stop: exit 0, extensions shut down", async () => {
  await using z = await tempZot();
  await using llm = await startFakeLlm({ script: [{ text: "one" }] });
  const record = join(z.root, "record.jsonl");
  const ext = await recorderExtension(z.root, record);
  const rpc = rpcProcess(["--base-url", llm.url, "--ext", ext], z);
  await rpc.send({ type: "prompt", id: "1", message: "hi" });
  await rpc.until((f) => f.type === "done");
  rpc.child.kill("SIGTERM");
  const status = await withTimeout(rpc.child.status, 20_000, "zot to exit");
  const end = await rpc.close();
  assertEquals([status.code, end.rest], [0, []], end.stderr);
  const sent = (await Deno.readTextFile(record)).trimEnd().split("\n").map((l) => JSON.parse(l));
  assert(sent.some((f) => f.type === "shutdown"), "the extension got no shutdown frame");
});
