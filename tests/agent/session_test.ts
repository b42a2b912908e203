import { assert, assertEquals, assertMatch, assertStringIncludes } from "../helpers/assert.ts";
import { tempZot } from "../helpers/tmp.ts";
import { reply } from "./fakes.ts";
import { testAgent } from "./helpers.ts";
import { Session } from "../../src/agent/session.ts";
import { latestSession, loadSession, sessionDir } from "../../src/agent/session_store.ts";
import { compact } from "../../src/agent/compaction.ts";
import type { Message } from "../../src/model/types.ts";

Deno.test("a session is written as header + one line per message, and continues", async () => {
  await using z = await tempZot();
  const session = await Session.create({
    cwd: z.cwd,
    provider: "anthropic",
    model: "m",
    sessionsRoot: z.paths.sessions,
  });
  assertEquals(await latestSession(z.paths.sessions, z.cwd), undefined);
  const t = await testAgent([() => reply("first answer")], { session });
  await t.agent.prompt("hello");
  await session.close();
  const path = session.path!;
  assertMatch(path, /\/[0-9a-f]{16}\/\d{8}-\d{6}-[0-9a-f]{8}\.jsonl$/);
  assertEquals(path.startsWith(await sessionDir(z.paths.sessions, z.cwd)), true);
  const lines = (await Deno.readTextFile(path)).trimEnd().split("\n").map((l) => JSON.parse(l));
  assertEquals(lines.map((l) => l.type ?? l.role), ["session", "user", "assistant"]);
  assertEquals([lines[0].id, lines[0].cwd, lines[0].provider, lines[0].model], [
    session.id,
    z.cwd,
    "anthropic",
    "m",
  ]);
  assertEquals((await Deno.stat(path)).mode! & 0o777, 0o600);

  assertEquals(await latestSession(z.paths.sessions, z.cwd), path);
  const again = await Session.open(path);
  assertEquals(again.id, session.id);
  const t2 = await testAgent([() => reply("second answer")], { session: again });
  await t2.agent.prompt("more");
  await again.close();
  assertEquals(t2.provider.requests[0].messages.map((m) => m.role), ["user", "assistant", "user"]);
  assertEquals((await loadSession(path)).messages.length, 4);
});

Deno.test("a torn last line is skipped with a warning", async () => {
  await using z = await tempZot();
  const path = `${z.root}/s.jsonl`;
  const header = {
    type: "session",
    version: 1,
    id: "abc",
    cwd: z.cwd,
    created: "x",
    provider: "p",
    model: "m",
  };
  const msg = { role: "user", content: [{ type: "text", text: "hi" }] };
  await Deno.writeTextFile(
    path,
    `${JSON.stringify(header)}\n${JSON.stringify(msg)}\n{"role":"assis`,
  );
  const warnings: string[] = [];
  const s = await Session.open(path, (d) => warnings.push(d.message));
  assertEquals(s.initialMessages, [msg]);
  assertEquals(warnings.length, 1);
  assertStringIncludes(warnings[0], "torn last line");
});

Deno.test("appending after a torn last line keeps every new message", async () => {
  await using z = await tempZot();
  const path = `${z.root}/s.jsonl`;
  const header = { type: "session", version: 1, id: "t", cwd: z.cwd, created: "x" };
  const msg = (text: string): Message => ({ role: "user", content: [{ type: "text", text }] });
  await Deno.writeTextFile(path, `${JSON.stringify(header)}\n${JSON.stringify(msg("one"))}\n{"ro`);
  const s = await Session.open(path);
  await s.append(msg("two"));
  await s.append(msg("three"));
  await s.close();
  const warnings: string[] = [];
  const again = await Session.open(path, (d) => warnings.push(d.message));
  assertEquals(again.initialMessages, [msg("one"), msg("two"), msg("three")]);
  assertEquals(warnings.length, 1);
  assertStringIncludes(warnings[0], "unreadable line 3");
});

Deno.test("a clear is recorded: the resumed session starts after it", async () => {
  await using z = await tempZot();
  const session = await Session.create({
    cwd: z.cwd,
    provider: "anthropic",
    model: "m",
    sessionsRoot: z.paths.sessions,
  });
  const t = await testAgent([() => reply("before"), () => reply("after")], { session });
  await t.agent.prompt("first");
  t.agent.clear();
  await t.agent.prompt("second");
  await session.close();
  const resumed = await Session.open(session.path!);
  assertEquals(
    resumed.initialMessages.map((m) => m.content[0].type === "text" && m.content[0].text),
    ["second", "after"],
  );
});

Deno.test("compaction summarizes older messages, keeps the tail, emits pre/post", async () => {
  await using z = await tempZot();
  const session = await Session.create({
    cwd: z.cwd,
    provider: "anthropic",
    model: "m",
    sessionsRoot: z.paths.sessions,
  });
  const t = await testAgent([
    () => reply("a1"),
    () => reply("a2"),
    () => reply("a3"),
    (req) => {
      assertEquals(req.tools, []);
      const text = req.messages[0].content[0];
      assert(text.type === "text");
      assertStringIncludes(text.text, "[user] q1");
      return reply("SUMMARY");
    },
  ], { session });
  for (const q of ["q1", "q2", "q3"]) await t.agent.prompt(q);
  const result = await compact(t.agent, "manual", { keepTail: 2 });
  assertEquals([result.status, result.dropped, result.summary], ["completed", 4, "SUMMARY"]);
  const msgs = t.agent.messages;
  assertEquals(msgs.length, 3);
  assertEquals(msgs[0].role === "user" && msgs[0].meta, { compaction: "true" });
  const pre = t.hooks.events.find((e) => e.event === "pre_compact");
  const post = t.hooks.events.find((e) => e.event === "post_compact");
  assert(pre?.event === "pre_compact" && post?.event === "post_compact");
  assertEquals([pre.message_count, post.message_count, post.status], [6, 3, "completed"]);
  assertEquals(pre.compaction_id, post.compaction_id);
  assert(pre.token_estimate > post.token_estimate - 100);
  await session.close();
  assertEquals((await loadSession(session.path!)).messages, msgs);
});

Deno.test("a failed compaction still emits post_compact and keeps the transcript", async () => {
  const t = await testAgent([
    () => reply("a1"),
    () => reply("a2"),
    () => [{ type: "error", message: "boom" }],
  ]);
  await t.agent.prompt("q1");
  await t.agent.prompt("q2");
  const result = await compact(t.agent, "manual", { keepTail: 1 });
  assertEquals([result.status, result.error], ["failed", "boom"]);
  assertEquals(t.agent.messages.length, 4);
  const post = t.hooks.events.find((e) => e.event === "post_compact");
  assertEquals(post?.event === "post_compact" && [post.status, post.error], ["failed", "boom"]);
  const empty = await compact(t.agent, "manual", { keepTail: 10 });
  assertEquals([empty.status, empty.dropped], ["completed", 0]);
  assertEquals(t.hooks.names().filter((n) => n === "post_compact").length, 2);
});
