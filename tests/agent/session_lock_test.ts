import { assert, assertEquals, assertRejects, assertStringIncludes } from "../helpers/assert.ts";
import { tempZot } from "../helpers/tmp.ts";
import { lockPathOf, lockSession } from "../../src/agent/session_lock.ts";
import { Session } from "../../src/agent/session.ts";
import { latestFreeSession } from "../../src/agent/session_store.ts";

Deno.test("session lock: held once; the second attempt names the holder; release frees it", async () => {
  await using z = await tempZot();
  const path = `${z.cwd}/s.jsonl`;
  const first = await lockSession(path);
  assert(first.ok);
  const second = await lockSession(path);
  assert(!second.ok);
  assertEquals(second.holder?.pid, Deno.pid);
  first.lock.release();
  assertEquals(await Deno.stat(lockPathOf(path)).then(() => true, () => false), false);
  const third = await lockSession(path);
  assert(third.ok);
  third.lock.release();
});

Deno.test("session lock: Session.open of a session in use throws the in-use error; close releases", async () => {
  await using z = await tempZot();
  const path = `${z.cwd}/s.jsonl`;
  const a = await Session.create({ cwd: z.cwd, provider: "p", model: "m", path });
  await a.append({ role: "user", content: [{ type: "text", text: "hi" }] });
  const error = await assertRejects(() => Session.open(path));
  assertStringIncludes(error.message, `is in use by zot process ${Deno.pid}`);
  await a.close();
  const b = await Session.open(path);
  assertEquals(b.initialMessages.length, 1);
  await b.close();
});

Deno.test("session lock: a new session takes its lock at the first write; -c skips it while held", async () => {
  await using z = await tempZot();
  const old = await Session.create({
    cwd: z.cwd,
    provider: "p",
    model: "m",
    sessionsRoot: z.paths.sessions,
  });
  await old.append({ role: "user", content: [{ type: "text", text: "old" }] });
  await old.close();
  const live = await Session.create({
    cwd: z.cwd,
    provider: "p",
    model: "m",
    sessionsRoot: z.paths.sessions,
  });
  await live.append({ role: "user", content: [{ type: "text", text: "live" }] });
  const free = await latestFreeSession(z.paths.sessions, z.cwd);
  assertEquals(free.path, old.path);
  assertEquals(free.busy.map((b) => [b.path, b.holder?.pid]), [[live.path, Deno.pid]]);
  free.lock?.release();
  await live.close();
});

Deno.test("session lock: two names of one file (a symlink) take one lock", async () => {
  await using z = await tempZot();
  const path = `${z.cwd}/real.jsonl`;
  const a = await Session.create({ cwd: z.cwd, provider: "p", model: "m", path });
  await a.append({ role: "user", content: [{ type: "text", text: "hi" }] });
  await Deno.symlink(path, `${z.cwd}/alias.jsonl`);
  const error = await assertRejects(() => Session.open(`${z.cwd}/alias.jsonl`));
  assertStringIncludes(error.message, "is in use by zot process");
  await a.close();
  const b = await Session.open(`${z.cwd}/alias.jsonl`);
  await b.close();
});
