/**
 * zot's children that share its process group are the ones stopped at exit;
 * a child leading a group of its own (an extension, the reaper sentinel) is
 * left to its owner.
 */

import { assert } from "../helpers/assert.ts";
import { stopStrayChildren, strayChildren } from "../../src/stray_children.ts";
import { withTimeout } from "../helpers/wait.ts";

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
