import { assertEquals } from "../../helpers/assert.ts";
import { StatusLine, type Timers } from "../../../src/modes/interactive/status.ts";
import { previewLines } from "../../../src/modes/interactive/confirm.ts";
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
