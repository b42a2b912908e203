/**
 * An extension's process leads a session and process group of its own,
 * started without forking zot (through the system's `setsid` program): the
 * pid zot holds is the program's own, it leads its group and session, so a
 * group signal reaches everything it starts; and a signal sent at once after
 * the spawn, before the new session exists, still reaches it.
 */

import { assert, assertEquals } from "../helpers/assert.ts";
import { readLines } from "../../src/protocol/framing.ts";
import { inOwnSession } from "../../src/own_session.ts";
import { ExtensionProcess } from "../../src/extensions/process/child.ts";
import { ExtensionLog } from "../../src/extensions/process/log.ts";
import { tempZot } from "../helpers/tmp.ts";
import { withTimeout } from "../helpers/wait.ts";
import { harness } from "../extensions/process/_helpers.ts";

/** ppid, pgrp and session of `pid`, from /proc. */
function ids(pid: number): { ppid: number; pgrp: number; session: number } {
  const stat = Deno.readTextFileSync(`/proc/${pid}/stat`);
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return { ppid: Number(fields[1]), pgrp: Number(fields[2]), session: Number(fields[3]) };
}

function cmdline(pid: number): string[] {
  return Deno.readTextFileSync(`/proc/${pid}/cmdline`).split("\0").filter((s) => s !== "");
}

/** Whether the system has util-linux's `setsid` (else every start keeps Deno's `detached`). */
const HAS_SETSID = ["/usr/bin/setsid", "/bin/setsid"].some((p) => {
  try {
    return Deno.statSync(p).isFile;
  } catch {
    return false;
  }
});

Deno.test({
  name: "own session: the program leads its session and group under the pid zot holds",
  ignore: !HAS_SETSID,
  fn: testOwnSession,
});

async function testOwnSession() {
  const session = inOwnSession("/bin/sh", ["-c", "echo up; while :; do sleep 1; done"]);
  assertEquals(session.detached, false, "this machine has setsid: the cheap way is taken");
  const child = new Deno.Command(session.command, {
    args: session.args,
    stdin: "null",
    stdout: "piped",
    stderr: "inherit",
    detached: session.detached,
  }).spawn();
  try {
    const lines = readLines(child.stdout);
    const first = await withTimeout(lines.next(), 10_000, "the program's first line");
    assert(!first.done && first.value.kind === "line" && first.value.line === "up");
    // No fork in between: zot's child is the program itself, not a wrapper's child.
    assertEquals(ids(child.pid), { ppid: Deno.pid, pgrp: child.pid, session: child.pid });
    assertEquals(cmdline(child.pid)[0], "/bin/sh");
  } finally {
    Deno.kill(-child.pid, "SIGKILL");
    await child.status;
  }
}

Deno.test("own session: a command not given as an executable file by absolute path keeps detached", () => {
  for (const command of ["sh", "./run.sh", "/nonexistent/program", "/etc/passwd"]) {
    assertEquals(inOwnSession(command, ["a"]), { command, args: ["a"], detached: true }, command);
  }
});

Deno.test("own session: an extension's process is the program, leading its own group", async () => {
  await using h = await harness();
  const channel = await h.start("hello-sh");
  await withTimeout(channel.ready, 10_000, "ready");
  const pid = channel.pid!;
  assertEquals(ids(pid), { ppid: Deno.pid, pgrp: pid, session: pid });
  assert(cmdline(pid).some((a) => a.endsWith("hello.sh")), cmdline(pid).join(" "));
});

Deno.test("own session: a kill sent right after the spawn reaches the process", async () => {
  await using zot = await tempZot();
  for (let i = 0; i < 5; i++) {
    const opened = await ExtensionLog.open(`${zot.paths.logs}/early-${i}.log`);
    assert(opened.ok);
    const started = ExtensionProcess.spawn({
      command: "/bin/sh",
      args: ["-c", "exec sleep 60"],
      cwd: zot.cwd,
      env: {},
      sandboxed: false,
      dataDir: zot.cwd,
    }, opened.log);
    assert(started.ok);
    const process = started.process;
    // Whether or not the new session exists yet (the moment before it is too short to aim at
    // from here), the signal reaches the process.
    assert(process.signalGroup("SIGKILL"), "the signal reached something");
    const exit = await withTimeout(process.exited, 10_000, "the process to die");
    assertEquals(exit.signal, "SIGKILL");
    await process.abandonOutput();
    await process.stdin.close().catch(() => {});
    await process.stderrDone;
    opened.log.close();
  }
});
