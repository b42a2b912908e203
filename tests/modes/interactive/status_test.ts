import { assertEquals } from "../../helpers/assert.ts";
import { StatusLine, type Timers } from "../../../src/modes/interactive/status.ts";
import { previewLines } from "../../../src/modes/interactive/confirm.ts";
import { firstPrompt, sessionStarted } from "../../../src/modes/interactive/session_list.ts";
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
