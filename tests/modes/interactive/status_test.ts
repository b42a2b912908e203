import { assertEquals } from "../../helpers/assert.ts";
import { StatusLine, type Timers } from "../../../src/modes/interactive/status.ts";
import { previewLines } from "../../../src/modes/interactive/confirm.ts";
import {
  firstPrompt,
  sessionStarted,
  sessionSummary,
  summaryText,
} from "../../../src/modes/interactive/session_list.ts";
import { DEFAULT_THEME, paintOf, StatusBar } from "../../../src/tui/mod.ts";

/** Timers fired by hand, in any order (an old timer may fire late). */
class ManualTimers implements Timers {
  pending: (() => void)[] = [];
  after(fn: () => void): () => void {
    this.pending.push(fn);
    return () => {};
  }
}

Deno.test("status: a newer message is never cleared by an older timer", () => {
  const bar = new StatusBar(paintOf(DEFAULT_THEME), {
    model: "m",
    cwd: "/",
    costUsd: 0,
    jailed: false,
    yolo: true,
    activity: "",
    queued: 0,
  });
  const timers = new ManualTimers();
  const status = new StatusLine({ status: bar, render() {} }, timers);
  status.show("reloaded: 1 stopped, 1 loaded (1 ready)", "success", 5000);
  status.show("newer", "info", 5000);
  timers.pending[0]();
  assertEquals(bar.message, "newer");
  timers.pending[1]();
  assertEquals(bar.message, "");
  status.show("sticky");
  assertEquals(bar.message, "sticky");
});

Deno.test("confirmation preview: edit calls show a bounded diff", () => {
  const lines = previewLines({
    toolId: "1",
    toolName: "edit",
    args: {
      path: "a.ts",
      edits: [{ oldText: "let a = 1;", newText: "const a = 1;\nconst b = 2;" }, 7],
    },
    preview: "a.ts",
  });
  assertEquals(lines, ["a.ts", "- let a = 1;", "+ const a = 1;", "+ const b = 2;"]);
  const long = previewLines({
    toolId: "2",
    toolName: "edit",
    args: { path: "b", edits: [{ oldText: "x\n".repeat(20), newText: "" }] },
    preview: "b",
  });
  assertEquals(long.length, 1 + 12 + 1);
  assertEquals(previewLines({ toolId: "3", toolName: "bash", args: {}, preview: "ls" }), ["ls"]);
});

Deno.test("session list: the first prompt since the last clear; start time from the file name", () => {
  const line = (v: unknown) => JSON.stringify(v);
  const user = (text: string) => line({ role: "user", content: [{ type: "text", text }] });
  const file = [
    line({ type: "session", version: 1, id: "x", cwd: "/p" }),
    user("before the clear"),
    line({ role: "assistant", content: [{ type: "text", text: `"role":"user"` }] }),
    line({ type: "clear" }),
    line({
      role: "user",
      content: [{ type: "text", text: "summary" }],
      meta: { compaction: "true" },
    }),
    user("after\n  the   clear"),
    user("later"),
  ].join("\n");
  assertEquals(firstPrompt(file), "after the clear");
  assertEquals(firstPrompt([file, line({ type: "clear" })].join("\n")), undefined);
  assertEquals(sessionStarted("not-a-stamp"), "not-a-stamp");
  assertEquals(sessionStarted("20260102-030405-ab12cd34").length, "2026-01-02 03:04".length);
});

Deno.test("session rows: message count as a resume sees it, the last reply's model, the prompt", () => {
  const line = (v: unknown) => JSON.stringify(v);
  const user = (text: string) => line({ role: "user", content: [{ type: "text", text }] });
  const reply = (model?: string) =>
    line({ role: "assistant", content: [{ type: "text", text: `"model":"fake"` }], model });
  const header = line({ type: "session", version: 1, id: "x", cwd: "/p", model: "start-model" });
  // Before any reply: the header's model.
  assertEquals(sessionSummary([header, user("hi")].join("\n")), {
    messages: 1,
    model: "start-model",
    prompt: "hi",
  });
  // The last reply's model wins; a clear drops the count; a compaction replaces `dropped`.
  const file = [
    header,
    user("old"),
    reply("m1"),
    line({ type: "clear" }),
    user("one"),
    reply("m2"),
    user("two"),
    reply("m3"),
    line({ type: "compaction", dropped: 2, summary: { role: "user", content: [] } }),
    "",
  ].join("\n");
  const s = sessionSummary(file);
  assertEquals(s, { messages: 3, model: "m3", prompt: "one" });
  assertEquals(summaryText(s), "3 messages · m3 · one");
  assertEquals(summaryText({ messages: 1 }), "1 message · (no prompt)");
});
