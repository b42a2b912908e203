/** Auto-compaction: a prompt after a request near the context window compacts first. */

import { assert, assertEquals } from "../helpers/assert.ts";
import { reply } from "./fakes.ts";
import { testAgent } from "./helpers.ts";
import { AUTO_COMPACT_AT, autoCompact, autoCompactDue } from "../../src/agent/compaction.ts";
import type { StreamEvent } from "../../src/providers/types.ts";

const WINDOW = 1_000;

/** A reply whose request held `tokens` tokens. */
function replyUsing(text: string, tokens: number): StreamEvent[] {
  const usage = { input: tokens - 10, output: 10, cache_read: 0, cache_write: 0, cost_usd: 0 };
  return [{ type: "usage", usage }, ...reply(text)];
}

function texts(messages: { content: { type: string; text?: string }[] }[]): string[] {
  return messages.map((m) => m.content.map((b) => b.text ?? b.type).join(""));
}

Deno.test("auto-compaction: due past the share of a known window, never for an unknown one", () => {
  assert(!autoCompactDue(WINDOW * AUTO_COMPACT_AT, WINDOW));
  assert(autoCompactDue(WINDOW * AUTO_COMPACT_AT + 1, WINDOW));
  assert(!autoCompactDue(1_000_000, undefined));
  assert(!autoCompactDue(1_000_000, 0));
});

Deno.test("auto-compaction: the prompt after a full request is sent on top of a summary", async () => {
  const t = await testAgent([
    () => replyUsing("a1", 300),
    () => replyUsing("a2", 900),
    (req) => {
      // The summarizing request: no tools, the older part of the transcript as one text.
      assertEquals(req.tools, []);
      return reply("they said u1");
    },
    () => replyUsing("a3", 200),
  ], {
    autoCompact: async (signal) => {
      // Called during a prompt, long after `t` is set.
      await autoCompact(t.agent, signal, WINDOW, { keepTail: 2 });
    },
  });
  await t.agent.prompt("u1");
  await t.agent.prompt("u2");
  assertEquals(t.hooks.names().filter((n) => n.endsWith("_compact")), []);
  await t.agent.prompt("u3");

  const sent = t.provider.requests[3].messages;
  assertEquals(texts(sent), [
    "Summary of the earlier conversation:\n\nthey said u1",
    "u2",
    "a2",
    "u3",
  ]);
  // In the third prompt: submitted, compacted, then its turn.
  const names = t.hooks.names();
  const third = names.lastIndexOf("user_prompt_submit");
  assertEquals(names.slice(third, third + 4), [
    "user_prompt_submit",
    "pre_compact",
    "post_compact",
    "turn_start",
  ]);
  assert(t.events.some((e) => e.type === "compact_done" && e.summary === "they said u1"));
  // The summary reset what is known of the context until the next request says.
  assertEquals(t.agent.contextTokens, 200);
});

Deno.test("auto-compaction: a failed summary leaves the transcript and the prompt still runs", async () => {
  const t = await testAgent([
    () => replyUsing("a1", 300),
    () => replyUsing("a2", 900),
    () => [{ type: "error", message: "overloaded" }],
    () => replyUsing("a3", 950),
  ], {
    autoCompact: async (signal) => {
      // Called during a prompt, long after `t` is set.
      await autoCompact(t.agent, signal, WINDOW, { keepTail: 2 });
    },
  });
  await t.agent.prompt("u1");
  await t.agent.prompt("u2");
  const result = await t.agent.prompt("u3");
  assertEquals(result.text, "a3");
  assertEquals(texts(t.provider.requests[3].messages), ["u1", "a1", "u2", "a2", "u3"]);
  const post = t.hooks.events.find((e) => e.event === "post_compact");
  assert(post && post.event === "post_compact");
  assertEquals(post.status, "failed");
  assert(!t.events.some((e) => e.type === "compact_done"));
});
