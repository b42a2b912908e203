/**
 * The reaper on its own, with a stand-in for zot
 * (tests/fixtures/lifetime/reaper_host.ts): its sentinel ignores the
 * terminal's signals, kills exactly the listed groups once zot is gone, lives
 * only while a group does; and exitNow (a second signal) kills every group in
 * process, even without a sentinel.
 */

import { assert, assertEquals } from "../helpers/assert.ts";
import { readLines } from "../../src/protocol/framing.ts";
import {
  GroupReaper,
  MAX_RESTARTS,
  REAPER_NAME,
  SENTINEL_SCRIPT,
} from "../../src/process_reaper.ts";
import { until, withTimeout } from "../helpers/wait.ts";
import { alive } from "./_stubborn.ts";

const HOST = new URL("../fixtures/lifetime/reaper_host.ts", import.meta.url).pathname;

async function startHost(
  mode: "wait" | "exit-now" | "replace" | "ready" | "helpers",
  count: number,
  unlisted = 0,
) {
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", HOST, mode, String(count), String(unlisted)],
    stdout: "piped",
    stderr: "inherit",
  }).spawn();
  const lines = readLines(child.stdout);
  const first = await withTimeout(lines.next(), 20_000, "the host's pids");
  if (first.done || first.value.kind !== "line") throw new Error("the host printed nothing");
  const info = JSON.parse(first.value.line) as HostInfo;
  return {
    child,
    info,
    drain: (async () => {
      for await (const _ of lines);
    })(),
  };
}

/** What the stand-in reports: its sentinel, the groups it listed, the helpers it adopted. */
interface HostInfo {
  sentinel: number;
  pids: number[];
  helpers: number[];
}

/** [pgid, sid] of `pid`. */
function session(pid: number): number[] {
  const stat = Deno.readTextFileSync(`/proc/${pid}/stat`);
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return [Number(fields[2]), Number(fields[3])];
}

/** The argv of `pid` (empty while it is being exec'd). */
function argv(pid: number): string[] {
  return Deno.readTextFileSync(`/proc/${pid}/cmdline`).split("\0");
}

/**
 * A host in `mode`; `before` runs on its report, then the host is SIGKILLed (zot gone) and its
 * listed groups and its sentinel must end.
 */
async function reapedAfterKill(
  mode: "wait" | "replace" | "ready" | "helpers",
  before: (info: HostInfo) => void,
) {
  const { child, info, drain } = await startHost(mode, 2);
  try {
    before(info);
    child.kill("SIGKILL");
    await child.status;
    await drain;
    await until(() => info.pids.every((p) => !alive(p)), 10_000, "the listed groups to die");
    await until(() => info.helpers.every((p) => !alive(p)), 10_000, "the helpers to end");
    await until(() => !alive(info.sentinel), 10_000, "the sentinel to exit");
  } finally {
    cleanup(info.pids);
    for (const pid of info.helpers) killQuietly(pid);
  }
}

function killQuietly(pid: number): void {
  try {
    Deno.kill(pid, "SIGKILL");
  } catch {
    // Gone already.
  }
}

/** Kill what a failed test would leave, by pid. */
function cleanup(pids: number[]): void {
  for (const pid of pids) {
    try {
      Deno.kill(-pid, "SIGKILL");
    } catch {
      // Gone already.
    }
  }
}

Deno.test("reaper: the sentinel ignores SIGHUP, SIGINT and SIGTERM, and kills the groups once zot is gone", async () => {
  await reapedAfterKill("wait", (info) => {
    for (const signal of ["SIGHUP", "SIGINT", "SIGTERM"] as const) {
      Deno.kill(-info.sentinel, signal);
    }
  });
});

Deno.test("reaper: a group taken off the list is left alone", async () => {
  const { child, info, drain } = await startHost("wait", 2, 1);
  try {
    child.kill("SIGKILL");
    await child.status;
    await drain;
    await until(() => !alive(info.pids[1]), 10_000, "the listed group to die");
    await until(() => !alive(info.sentinel), 10_000, "the sentinel to exit");
    assert(alive(info.pids[0]), "the unlisted group was killed");
  } finally {
    cleanup(info.pids);
  }
});

Deno.test("reaper: exitNow kills every group in process, with no sentinel left to do it", async () => {
  const { child, info, drain } = await startHost("exit-now", 2);
  try {
    assertEquals((await child.status).code, 143);
    await drain;
    await until(() => info.pids.every((p) => !alive(p)), 5_000, "the groups to die");
  } finally {
    cleanup(info.pids);
  }
});

Deno.test("reaper: the sentinel runs only while a group is listed, with an empty environment", async () => {
  const reaper = new GroupReaper({ label: "reaper-test" });
  const child = new Deno.Command("sleep", { args: ["60"], detached: true }).spawn();
  try {
    assertEquals(reaper.sentinelPid, undefined);
    reaper.add(child.pid);
    const sentinel = reaper.sentinelPid!;
    assert(alive(sentinel));
    // Its own group and session from the spawn on, out of reach of the signals to zot's group.
    assertEquals(session(sentinel), [sentinel, sentinel]);
    // The shell itself (not a moment of the spawn before it) has an empty environment.
    await until(() => argv(sentinel).includes(REAPER_NAME), 10_000, "the sentinel's own argv");
    assertEquals(Deno.readTextFileSync(`/proc/${sentinel}/environ`), "");
    child.kill("SIGKILL");
    await child.status;
    await reaper.remove(child.pid);
    assertEquals(reaper.sentinelPid, undefined);
    assert(!alive(sentinel), "the sentinel outlived its last group");
  } finally {
    cleanup([child.pid]);
  }
});

Deno.test("reaper: a sentinel that ends while groups are listed is replaced, and the new one reaps", async () => {
  await reapedAfterKill("replace", (info) => assert(alive(info.sentinel)));
});

Deno.test("reaper: a replacement sentinel lists every group, and replacements are bounded", async () => {
  const reaper = new GroupReaper({ label: "reaper-test" });
  const children = [0, 1].map(() =>
    new Deno.Command("sleep", { args: ["60"], detached: true }).spawn()
  );
  try {
    for (const c of children) reaper.add(c.pid);
    const seen: number[] = [];
    for (let i = 0; i <= MAX_RESTARTS; i++) {
      const sentinel = reaper.sentinelPid!;
      seen.push(sentinel);
      if (i > 0) {
        // Read once the shell runs: in the moment of the spawn its argv is not there yet.
        const listsAll = () => children.every((c) => argv(sentinel).includes(String(c.pid)));
        await until(listsAll, 10_000, `every group in the argv of ${sentinel}`);
      }
      Deno.kill(sentinel, "SIGKILL");
      await until(
        () => reaper.sentinelPid !== sentinel,
        10_000,
        "the sentinel's end to be noticed",
      );
    }
    assertEquals(new Set(seen).size, MAX_RESTARTS + 1);
    // The last one ended for good: no loop of restarts.
    assertEquals(reaper.sentinelPid, undefined);
    assert(children.every((c) => alive(c.pid)), "a group was killed while zot lives");
  } finally {
    for (const c of children) {
      c.kill("SIGKILL");
      await c.status;
      await reaper.remove(c.pid);
    }
  }
});

Deno.test("reaper: ready has a sentinel in its own session before any group, then lists groups by pipe", async () => {
  const reaper = new GroupReaper({ label: "reaper-test" });
  const child = new Deno.Command("sleep", { args: ["60"], detached: true }).spawn();
  try {
    await reaper.ready();
    const sentinel = reaper.sentinelPid!;
    assert(sentinel !== undefined, "ready started no sentinel");
    // Resolved only once no signal to zot's group can reach it.
    assertEquals(session(sentinel), [sentinel, sentinel]);
    // The session comes from a program that runs a moment after the spawn: once can be lucky.
    for (let i = 0; i < 20; i++) {
      const another = new GroupReaper({ label: "reaper-test" });
      await another.ready();
      const pid = another.sentinelPid!;
      assertEquals(session(pid), [pid, pid], `ready ${i + 2} resolved before setsid`);
      await another.unready();
    }
    // Ready again: the same one.
    await reaper.ready();
    assertEquals(reaper.sentinelPid, sentinel);
    reaper.add(child.pid);
    await reaper.written;
    assertEquals(reaper.sentinelPid, sentinel);
    child.kill("SIGKILL");
    await child.status;
    await reaper.remove(child.pid);
    assert(!alive(sentinel), "the sentinel outlived its last group");
  } finally {
    cleanup([child.pid]);
  }
});

Deno.test("reaper: groups listed after ready, through the pipe, die once zot is gone", async () => {
  await reapedAfterKill("ready", (info) => {
    assertEquals(session(info.sentinel), [info.sentinel, info.sentinel]);
  });
});

Deno.test("reaper: helpers adopted before and after the groups are sent SIGTERM once zot is gone", async () => {
  await reapedAfterKill("helpers", (info) => {
    assertEquals(info.helpers.length, 2);
    // In zot's own group, not one of their own: only the sentinel's SIGTERM reaches them.
    for (const pid of info.helpers) assert(session(pid)[0] !== pid, `helper ${pid} leads a group`);
  });
});

/** `/proc/<pid>/stat` field 22, the process's start time. */
function startTime(pid: number): string {
  const stat = Deno.readTextFileSync(`/proc/${pid}/stat`);
  return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19];
}

/**
 * A process that blocks SIGTERM, started and ready: a SIGTERM sent to it stays pending, so
 * {@linkcode termSent} tells exactly whether one was sent (no moment where it is on its way).
 */
async function termBlocker(): Promise<Deno.ChildProcess> {
  const child = new Deno.Command("python3", {
    args: [
      "-c",
      "import signal,sys,time\n" +
      "signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGTERM})\n" +
      "print('ready', flush=True)\ntime.sleep(3600)",
    ],
    stdin: "null",
    stdout: "piped",
    stderr: "null",
  }).spawn();
  const first = await withTimeout(readLines(child.stdout).next(), 10_000, "the blocker's start");
  if (first.done) throw new Error("the SIGTERM blocker did not start");
  return child;
}

/** Whether a SIGTERM was sent to `pid` (a {@linkcode termBlocker}): bit 15 of its pending set. */
function termSent(pid: number): boolean {
  const line = Deno.readTextFileSync(`/proc/${pid}/status`).split("\n")
    .find((l) => l.startsWith("ShdPnd:"));
  if (!line) throw new Error(`no ShdPnd in /proc/${pid}/status`);
  return (BigInt(`0x${line.split(/\s+/)[1]}`) & (1n << 14n)) !== 0n;
}

Deno.test("reaper: the sentinel spares a helper's pid whose start time is not the one listed", async () => {
  const listed = new Deno.Command("sleep", { args: ["60"] }).spawn();
  const reused = await termBlocker();
  try {
    // `reused` stands for a process that got a listed helper's pid after that helper ended.
    const wrong = String(Number(startTime(reused.pid)) + 1);
    const sentinel = new Deno.Command("/bin/sh", {
      args: ["-c", SENTINEL_SCRIPT, REAPER_NAME, "-", `=${listed.pid}:${startTime(listed.pid)}`],
      stdin: "piped",
      stdout: "null",
      stderr: "null",
    }).spawn();
    const w = sentinel.stdin.getWriter();
    await w.write(new TextEncoder().encode(`=${reused.pid}:${wrong}\n`));
    await w.close();
    await withTimeout(sentinel.status, 10_000, "the sentinel to exit");
    assertEquals(
      (await withTimeout(listed.status, 10_000, "the listed helper to end")).signal,
      "SIGTERM",
    );
    assert(!termSent(reused.pid), "a process with another start time was sent SIGTERM");
  } finally {
    for (const c of [listed, reused]) {
      killQuietly(c.pid);
      await c.status;
    }
  }
});

Deno.test("reaper: an adopted helper keeps the sentinel running, and releasing it ends the sentinel", async () => {
  const reaper = new GroupReaper({ label: "reaper-test" });
  const group = new Deno.Command("sleep", { args: ["60"], detached: true }).spawn();
  const helper = await termBlocker();
  try {
    reaper.add(group.pid);
    reaper.adopt(helper.pid);
    assertEquals(reaper.helpers, [helper.pid]);
    const sentinel = reaper.sentinelPid!;
    group.kill("SIGKILL");
    await group.status;
    await reaper.remove(group.pid);
    assertEquals(reaper.sentinelPid, sentinel, "the sentinel ended with a helper still watched");
    // A replacement (the sentinel was killed) lists the helper in its argv.
    Deno.kill(sentinel, "SIGKILL");
    await until(() => (reaper.sentinelPid ?? sentinel) !== sentinel, 10_000, "a new sentinel");
    const next = reaper.sentinelPid!;
    const entry = `=${helper.pid}:${startTime(helper.pid)}`;
    await until(() => argv(next).includes(entry), 10_000, `${entry} in the argv of ${next}`);
    await reaper.release(helper.pid);
    assertEquals(reaper.sentinelPid, undefined);
    assert(!alive(next), "the sentinel outlived the last thing it watched");
    // It exited (release awaited it): a SIGTERM it sent would be pending by now.
    assert(!termSent(helper.pid), "a released helper was sent SIGTERM while zot lives");
  } finally {
    cleanup([group.pid]);
    killQuietly(helper.pid);
    await helper.status;
  }
});
