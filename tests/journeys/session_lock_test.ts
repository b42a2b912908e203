/**
 * Journeys: one session has one writer. Two real zot processes on one
 * session file: the second is refused with the holder's pid and start time;
 * the lock goes when the holder ends (also by a signal, also SIGKILL: a
 * stale lock file is taken over); `-c` continues the latest session not in
 * use, or says why it starts a new one.
 */

import { join } from "node:path";
import { assert, assertEquals, assertMatch, assertStringIncludes } from "../helpers/assert.ts";
import { type FakeLlm, type FakeRequest, startFakeLlm } from "../helpers/fake_llm.ts";
import { withTimeout } from "../helpers/wait.ts";
import { type Journey, journey } from "./zot.ts";

function userTexts(request: FakeRequest): string {
  const body = request.body as { messages: { role: string; content: unknown }[] };
  return body.messages.filter((m) => m.role === "user").map((m) => JSON.stringify(m.content))
    .join(" ");
}

/** A zot run whose model request hangs: it holds its session until stopped. */
async function holder(j: Journey, llm: FakeLlm, ...args: string[]) {
  const seen = llm.requests.length;
  const child = j.command("-p", "--base-url", llm.anthropicBaseUrl, "--api-key", "x", ...args)
    .spawn();
  await child.stdin.close();
  const status = child.status;
  const out = Promise.all([
    new Response(child.stdout).text(),
    new Response(child.stderr).text(),
  ]);
  // Its model request arrived: the session is chosen, locked, and the prompt saved.
  await llm.request(seen, 30_000);
  return {
    pid: child.pid,
    async stop(signal: Deno.Signal = "SIGTERM") {
      child.kill(signal);
      const [code] = await Promise.all([status, out]);
      return code;
    },
  };
}

Deno.test("session lock: a second run on a session in use is refused with the holder's pid and since when", async () => {
  await using j = await journey();
  await using llm = await startFakeLlm({ script: [{ hang: true }, { text: "after" }] });
  const common = ["--base-url", llm.anthropicBaseUrl, "--api-key", "x"];
  const first = await holder(j, llm, "--session", "work.jsonl", "first");
  const second = await j.zot("-p", "--session", "work.jsonl", ...common, "second");
  assertEquals(second.code, 1, second.stderr);
  assertStringIncludes(second.stderr, `is in use by zot process ${first.pid} (since 20`);
  assertStringIncludes(second.stderr, "without -c/--session");
  assertEquals(llm.requests.length, 1, "the second run never reached the model");
  // Released on a signal: the holder's SIGTERM path closes the session.
  assertEquals((await first.stop("SIGTERM")).code, 1);
  const lock = join(j.cwd, "work.jsonl.lock");
  assertEquals(await Deno.stat(lock).then(() => true, () => false), false, "lock file removed");
  const third = await j.zot("-p", "--session", "work.jsonl", ...common, "third");
  assertEquals([third.code, third.stdout], [0, "after\n"], third.stderr);
  assertStringIncludes(userTexts(llm.requests[1]), "first");
});

Deno.test("session lock: a lock left by a SIGKILLed run, or a stale file naming a dead pid, is taken over", async () => {
  await using j = await journey();
  await using llm = await startFakeLlm({
    script: [{ hang: true }, { text: "one" }, { text: "two" }],
  });
  const common = ["--base-url", llm.anthropicBaseUrl, "--api-key", "x"];
  const killed = await holder(j, llm, "--session", "work.jsonl", "first");
  await killed.stop("SIGKILL");
  const lock = join(j.cwd, "work.jsonl.lock");
  assertMatch(await Deno.readTextFile(lock), new RegExp(`"pid":${killed.pid}`));
  const after = await j.zot("-p", "--session", "work.jsonl", ...common, "second");
  assertEquals([after.code, after.stdout], [0, "one\n"], after.stderr);

  // A lock file from another machine state: a pid that is not running, no OS lock.
  await Deno.writeTextFile(
    lock,
    JSON.stringify({ pid: 999_999_999, since: "2020-01-01T00:00:00Z" }),
  );
  const stale = await j.zot("-p", "--session", "work.jsonl", ...common, "third");
  assertEquals([stale.code, stale.stdout], [0, "two\n"], stale.stderr);
  assertEquals(await Deno.stat(lock).then(() => true, () => false), false);
});

Deno.test("session lock: -c continues the latest session not in use, or says why it starts a new one", async () => {
  await using j = await journey();
  await using llm = await startFakeLlm({
    script: [{ text: "a" }, { text: "b" }, { hang: true }, { text: "c" }, { hang: true }, {
      text: "d",
    }],
  });
  const common = ["--base-url", llm.anthropicBaseUrl, "--api-key", "x"];
  assertEquals((await j.zot("-p", ...common, "older topic")).code, 0);
  assertEquals((await j.zot("-p", ...common, "newer topic")).code, 0);
  // Holds the newest session.
  const busy = await holder(j, llm, "-c", "still going");
  assertStringIncludes(userTexts(llm.requests[2]), "newer topic");
  const r = await j.zot("-p", "-c", ...common, "continue something");
  assertEquals(r.code, 0, r.stderr);
  assertMatch(r.stderr, new RegExp(`is in use by zot process ${busy.pid} .*continuing ".*"`));
  const continued = userTexts(llm.requests[3]);
  assertStringIncludes(continued, "older topic");
  assert(!continued.includes("newer topic"), "the busy session was not touched");

  // Both taken now (the older by a second holder): -c says so and starts a new session.
  const busy2 = await holder(j, llm, "-c", "also going");
  const last = await j.zot("-p", "-c", ...common, "fresh");
  assertEquals(last.code, 0, last.stderr);
  assertStringIncludes(last.stderr, "is in use");
  assertStringIncludes(last.stderr, "starting a new one");
  assertEquals(userTexts(llm.requests[5]).includes("topic"), false);
  await withTimeout(Promise.all([busy.stop(), busy2.stop()]), 30_000, "the holders to stop");
});
