/**
 * A bash command's process group does not outlive zot either: it is listed
 * with the reaper while it runs, so `kill -9` of zot mid-command, or a second
 * signal before the first one's grace period ended, still kills a job that
 * ignores SIGTERM.
 */

import { join } from "../../src/path.ts";
import { startFakeLlm } from "../helpers/fake_llm.ts";
import { tempZot } from "../helpers/tmp.ts";
import { until, withTimeout } from "../helpers/wait.ts";
import { zotCommand } from "../modes/run_zot.ts";
import { alive, assertAllGone } from "./_stubborn.ts";
import { REAPER_NAME } from "../../src/process_reaper.ts";
import { assert } from "../helpers/assert.ts";

// A background job that ignores SIGTERM reports its pid, then the shell waits on it.
const STUBBORN_JOB =
  `echo $$ > leader.pid; sh -c 'trap "" TERM INT HUP; sleep 600 & wait' & echo $! > job.pid; wait`;

/** Whether a running sentinel was started with `pgid` in its list. */
function sentinelLists(pgid: number): boolean {
  for (const e of Deno.readDirSync("/proc")) {
    if (!/^\d+$/.test(e.name)) continue;
    try {
      const argv = Deno.readTextFileSync(`/proc/${e.name}/cmdline`).split("\0");
      if (argv.includes(REAPER_NAME) && argv.includes(String(pgid))) return true;
    } catch {
      // Gone meanwhile.
    }
  }
  return false;
}

const CASES: { name: string; signals: Deno.Signal[]; code?: number }[] = [
  { name: "kill -9 of zot", signals: ["SIGKILL"] },
  { name: "SIGTERM then SIGTERM", signals: ["SIGTERM", "SIGTERM"], code: 143 },
];

for (const c of CASES) {
  Deno.test(`a running bash command's group dies with zot: ${c.name}`, async () => {
    await using z = await tempZot();
    await using llm = await startFakeLlm({
      script: [{ toolCalls: [{ name: "bash", args: { command: STUBBORN_JOB } }] }],
    });
    const child = zotCommand(["-p", "go", "--base-url", llm.url, "--no-ext"], z).spawn();
    const output = child.output();
    const pidFile = join(z.cwd, "job.pid");
    await until(
      () => {
        try {
          return Deno.readTextFileSync(pidFile).trim() !== "";
        } catch {
          return false;
        }
      },
      30_000,
      "the job to start",
    );
    const job = Number(Deno.readTextFileSync(pidFile).trim());
    const leader = Number(Deno.readTextFileSync(join(z.cwd, "leader.pid")).trim());
    // Listed: zot started the sentinel with the command's group (the moment between the spawn
    // and the listing is not what this tests).
    await until(() => sentinelLists(leader), 10_000, "the sentinel to list the command's group");
    const [first, ...more] = c.signals;
    child.kill(first);
    if (more.length) {
      // The first signal cancelled the command: its shell died of SIGTERM, the job ignores it and
      // the group waits out its grace period. A second signal must not wait for it.
      await until(() => !alive(leader), 10_000, "the command's shell to end");
      for (const signal of more) child.kill(signal);
    }
    const out = await withTimeout(output, 20_000, "zot to exit");
    if (c.code !== undefined) {
      // 1 when the cancelled turn had already finished its shutdown before the second signal came
      // (a loaded machine); either way the job must be gone.
      assert(
        [1, c.code].includes(out.code),
        `exit ${out.code}: ${new TextDecoder().decode(out.stderr)}`,
      );
    }
    await assertAllGone([job], z.root);
  });
}
