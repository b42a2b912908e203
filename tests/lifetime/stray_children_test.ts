/**
 * zot's children that share its process group are the ones stopped at exit;
 * a child leading a group of its own (an extension, the reaper sentinel) is
 * left to its owner.
 */

import { assert } from "../helpers/assert.ts";
import { childrenByScan, stopStrayChildren, strayChildren } from "../../src/stray_children.ts";
import { until, withTimeout } from "../helpers/wait.ts";

function sleeper(detached: boolean) {
  return new Deno.Command("sleep", { args: ["60"], detached, stdout: "null", stderr: "null" })
    .spawn();
}

Deno.test("a child in zot's group is a stray one; a child leading its own group is not", async () => {
  const plain = sleeper(false);
  const grouped = sleeper(true);
  try {
    const stray = strayChildren();
    assert(stray.includes(plain.pid), `${plain.pid} not in ${stray}`);
    assert(!stray.includes(grouped.pid), `${grouped.pid} in ${stray}`);
  } finally {
    plain.kill("SIGKILL");
    grouped.kill("SIGKILL");
    await plain.status;
    await grouped.status;
  }
});

Deno.test("stopping the stray children ends them with SIGTERM and spares a grouped child", async () => {
  const plain = sleeper(false);
  const grouped = sleeper(true);
  try {
    stopStrayChildren();
    const status = await withTimeout(plain.status, 10_000, "the stray child to end");
    assert(status.signal === "SIGTERM", JSON.stringify(status));
    // The grouped child still runs (not even a zombie waiting to be reaped).
    const stat = Deno.readTextFileSync(`/proc/${grouped.pid}/stat`);
    assert(stat.slice(stat.lastIndexOf(")") + 2).startsWith("S"), stat);
  } finally {
    grouped.kill("SIGKILL");
    await grouped.status;
  }
});

Deno.test("a kernel without the children lists finds zot's children by scanning /proc", async () => {
  const plain = sleeper(false);
  try {
    assert(childrenByScan().includes(plain.pid));
  } finally {
    plain.kill("SIGKILL");
    await plain.status;
  }
});

Deno.test("zot's exit ends a helper it started in its own group", async () => {
  const fixture = new URL("../fixtures/lifetime/stray_exit.ts", import.meta.url).pathname;
  const out = await withTimeout(
    new Deno.Command(Deno.execPath(), { args: ["run", "-A", fixture], stderr: "inherit" }).output(),
    30_000,
    "the stand-in to exit",
  );
  assert(out.code === 0, `exit ${out.code}`);
  const pid = Number(new TextDecoder().decode(out.stdout).trim());
  assert(pid > 1, "no pid printed");
  const running = () => {
    try {
      const stat = Deno.readTextFileSync(`/proc/${pid}/stat`);
      return stat.includes("(sleep)") && !stat.slice(stat.lastIndexOf(")") + 2).startsWith("Z");
    } catch {
      return false;
    }
  };
  try {
    await until(() => !running(), 10_000, `the helper ${pid} to end`);
  } finally {
    if (running()) Deno.kill(pid, "SIGKILL");
  }
});
