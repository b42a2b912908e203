import { assertEquals } from "../../helpers/assert.ts";
import { StatusLine, type Timers } from "../../../src/modes/interactive/status.ts";
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
