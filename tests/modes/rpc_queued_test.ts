import { assert, assertEquals } from "../helpers/assert.ts";
import { tempZot } from "../helpers/tmp.ts";
import { startFakeLlm } from "../helpers/fake_llm.ts";
import { PYTHON } from "../helpers/python.ts";
import { type Frame, rpcProcess } from "./rpc_client.ts";

const RECORDER = new URL("../agent/fixtures/recorder.py", import.meta.url).pathname;

// A prompt that arrives while another runs is announced to extensions once,
// when it is accepted, with `queued: true` (as in the TUI), not when it starts.

Deno.test("RPC mode: a queued prompt emits user_prompt_submit at acceptance with queued: true, once", async () => {
  await using z = await tempZot();
  await using llm = await startFakeLlm({ script: [{ hang: true }, { text: "second answer" }] });
  const record = `${z.root}/frames.jsonl`;
  const dir = `${z.root}/rec`;
  await Deno.mkdir(dir);
  const config = { name: "rec", record, events: ["user_prompt_submit", "turn_start", "turn_end"] };
  await Deno.writeTextFile(
    `${dir}/extension.json`,
    JSON.stringify({ name: "rec", exec: PYTHON, args: [RECORDER, JSON.stringify(config)] }),
  );
  const rpc = rpcProcess(["--base-url", llm.url, "--ext", dir], z);
  await rpc.send({ type: "prompt", id: "1", message: "first" });
  assertEquals((await rpc.next()).data, { started: true });
  // The first prompt is running (its model request hangs) when the second arrives.
  await llm.nextRequest(10_000);
  await rpc.send({ type: "prompt", id: "2", message: "second" });
  const accepted = await rpc.until((f: Frame) => f.type === "response" && f.id === "2");
  // The response says it waits: the client knows it did not start yet.
  assertEquals(accepted.at(-1)!.data, { started: true, queued: true });
  await rpc.send({ type: "abort", id: "a" });
  await rpc.until((f: Frame) =>
    f.type === "assistant_message" && JSON.stringify(f).includes("second answer")
  );
  const end = await rpc.close();
  assertEquals(end.code, 0, end.stderr);

  const events = (await Deno.readTextFile(record)).split("\n").filter((l) => l)
    .map((l) => JSON.parse(l)).filter((f) => f.type === "event");
  const named = events.map((e) =>
    e.event === "user_prompt_submit" ? `submit ${e.text}${e.queued ? " queued" : ""}` : e.event
  );
  const submits = named.filter((n) => n.startsWith("submit"));
  assertEquals(submits, ["submit first", "submit second queued"]);
  // Announced while the first prompt still ran: before the first turn ended.
  assert(named.indexOf("submit second queued") < named.indexOf("turn_end"), named.join(", "));
});
