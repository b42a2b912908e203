/**
 * RPC queueing seen by a client: a prompt accepted while work runs answers `queued: true`,
 * `abort` with `drop_queued` drops the prompts and compactions that have not started (a plain
 * `abort` lets them run), and an unknown command's error lists the valid ones.
 */

import { assert, assertEquals, assertStringIncludes } from "../helpers/assert.ts";
import { tempZot } from "../helpers/tmp.ts";
import { startFakeLlm } from "../helpers/fake_llm.ts";
import { type Frame, rpcProcess } from "./rpc_client.ts";
import { RPC_COMMAND_TYPES } from "../../src/modes/rpc/commands.ts";

const responseTo = (id: string) => (f: Frame) => f.type === "response" && f.id === id;

Deno.test("RPC mode: abort with drop_queued drops the waiting prompts and compaction, then the server takes new ones", async () => {
  await using z = await tempZot();
  await using llm = await startFakeLlm({ script: [{ hang: true }, { text: "fresh answer" }] });
  const rpc = rpcProcess(["--base-url", llm.url, "--no-ext"], z);
  await rpc.send({ type: "prompt", id: "1", message: "first" });
  assertEquals((await rpc.until(responseTo("1"))).at(-1)!.data, { started: true });
  await llm.nextRequest(10_000);
  await rpc.send({ type: "prompt", id: "2", message: "second" });
  assertEquals((await rpc.until(responseTo("2"))).at(-1)!.data, { started: true, queued: true });
  await rpc.send({ type: "compact", id: "c" });
  assertEquals((await rpc.until(responseTo("c"))).at(-1)!.data, { started: true, queued: true });
  await rpc.send({ type: "prompt", id: "3", message: "third" });
  assertEquals((await rpc.until(responseTo("3"))).at(-1)!.data, { started: true, queued: true });

  await rpc.send({ type: "abort", id: "a", drop_queued: true });
  assertEquals((await rpc.until(responseTo("a"))).at(-1)!.data, { dropped: 2 + 1 });
  const ended = await rpc.until((f) => f.type === "done");
  assertEquals(ended.find((f) => f.type === "turn_end")?.stop, "aborted");

  await rpc.send({ type: "prompt", id: "4", message: "fresh" });
  const started = await rpc.until(responseTo("4"));
  // Nothing waits any more: the new prompt starts at once.
  assertEquals(started.at(-1)!.data, { started: true });
  const run = await rpc.until((f) => f.type === "done");
  assertStringIncludes(JSON.stringify(run), "fresh answer");
  await rpc.send({ type: "get_messages", id: "m" });
  const messages = JSON.stringify((await rpc.until(responseTo("m"))).at(-1)!.data);
  assert(!messages.includes("second") && !messages.includes("third"), messages);
  const end = await rpc.close();
  assertEquals(end.code, 0, end.stderr);
  // The dropped work never reached the model: the hung request and the fresh one only.
  assertEquals(llm.requests.length, 2);
  assert(!rpc.seen.some((l) => l.includes("compact_done")), rpc.seen.join("\n"));
});

Deno.test("RPC mode: a plain abort stops the running prompt only; the queued one runs after it", async () => {
  await using z = await tempZot();
  await using llm = await startFakeLlm({ script: [{ hang: true }, { text: "second answer" }] });
  const rpc = rpcProcess(["--base-url", llm.url, "--no-ext"], z);
  await rpc.send({ type: "prompt", id: "1", message: "first" });
  await rpc.until(responseTo("1"));
  await llm.nextRequest(10_000);
  await rpc.send({ type: "prompt", id: "2", message: "second" });
  await rpc.until(responseTo("2"));
  await rpc.send({ type: "abort", id: "a" });
  assertEquals((await rpc.until(responseTo("a"))).at(-1)!.data, {});
  await rpc.until((f) => f.type === "done");
  const second = await rpc.until((f) => f.type === "done");
  assertStringIncludes(JSON.stringify(second), "second answer");
  assertEquals((await rpc.close()).code, 0);
});

Deno.test("RPC mode: abort with a drop_queued that is not a boolean is refused, naming the field", async () => {
  await using z = await tempZot();
  await using llm = await startFakeLlm({ script: [{ text: "kept" }] });
  const rpc = rpcProcess(["--base-url", llm.url, "--no-ext"], z);
  await rpc.send({ type: "abort", id: "a", drop_queued: "yes" });
  const refused = (await rpc.until(responseTo("a"))).at(-1)!;
  assertEquals([refused.command, refused.success], ["abort", false]);
  assertStringIncludes(String(refused.error), `"drop_queued" must be true or false`);
  assertEquals((await rpc.close()).code, 0);
});

Deno.test("RPC mode: an unknown command or a missing type lists every valid command", async () => {
  await using z = await tempZot();
  const rpc = rpcProcess(["--no-ext", "--api-key", "x"], z);
  await rpc.send({ type: "promt", id: "u", message: "typo" });
  const unknown = await rpc.next();
  await rpc.send({ id: "t" });
  const missing = await rpc.next();
  assertEquals([unknown.success, missing.success], [false, false]);
  assertStringIncludes(String(unknown.error), `unknown command "promt" (valid: hello, prompt,`);
  assertStringIncludes(String(missing.error), `missing "type" (valid:`);
  for (const type of RPC_COMMAND_TYPES) {
    assertStringIncludes(String(unknown.error), ` ${type}`);
  }
  assertEquals((await rpc.close()).code, 0);
});
