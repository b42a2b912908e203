/**
 * A symlink that dangles when an extension starts is judged by where it
 * points: once its target appears (you create it, another program does, or
 * the extension writes it through another grant) the OS follows the link. So
 * in the extension directory, the data directory and every granted
 * directory, a link leading outside what the scope grants refuses the start,
 * dangling or not. Each case would, if the start were allowed, read or write
 * the target through the link once it exists; the test then fails with that.
 */

import { join } from "node:path";
import { assert, assertStringIncludes } from "../helpers/assert.ts";
import { planSandboxLaunch } from "../../src/extensions/sandbox_launch.ts";
import { type ProbeWorld, probeWorld, spawnPlan } from "./_probe.ts";

/** Plan and, if the plan is (wrongly) allowed, show what the link leaks once the target exists. */
async function assertRefused(
  w: ProbeWorld,
  link: string,
  target: string,
  use: "read" | "write",
): Promise<void> {
  const res = await planSandboxLaunch(w.source, {
    paths: w.paths,
    explicit: true,
    hostEnv: w.hostEnv,
  });
  if (res.ok) {
    await using p = await spawnPlan(res.plan);
    if (use === "read") {
      await Deno.writeTextFile(target, "SECRET THAT APPEARED LATER\n");
      const text = await p.call("read_file", { path: link });
      throw new Error(`the start was allowed; reading the link afterwards gave: ${text}`);
    }
    const text = await p.call("write_file", { path: link, text: "planted" });
    throw new Error(`the start was allowed; writing through the link gave: ${text}`);
  }
  assertStringIncludes(res.error, `"${link}" is a symlink to`);
  assertStringIncludes(res.error, "(which does not exist yet), outside what the scope grants");
}

Deno.test("a dangling link in the extension directory refuses the start", async () => {
  await using w = await probeWorld();
  const target = join(w.home, ".ssh", "id_later");
  const link = join(w.extDir, "later");
  await Deno.symlink(target, link);
  await assertRefused(w, link, target, "read");
});

Deno.test("a dangling link in the data directory refuses the start", async () => {
  await using w = await probeWorld();
  const data = join(w.paths.extensionData, "probe");
  await Deno.mkdir(data, { recursive: true });
  const target = join(w.home, ".bashrc");
  const link = join(data, "rc");
  await Deno.symlink(target, link);
  await assertRefused(w, link, target, "write");
});

Deno.test("a dangling link in a granted read directory refuses the start", async () => {
  await using w = await probeWorld({ read: ["${project}"] });
  await Deno.mkdir(join(w.paths.cwd, "docs"), { recursive: true });
  const target = join(w.home, ".ssh", "id_ed25519");
  const link = join(w.paths.cwd, "docs", "key");
  await Deno.symlink(target, link);
  await assertRefused(w, link, target, "read");
});

Deno.test("a dangling relative link in a granted write directory refuses the start", async () => {
  await using w = await probeWorld({ write: ["${project}/out"] });
  const out = join(w.paths.cwd, "out");
  await Deno.mkdir(out, { recursive: true });
  const link = join(out, "profile");
  await Deno.symlink("../../fakehome/.profile", link);
  const target = join(w.home, ".profile");
  assert((await Deno.realPath(join(out, "..", ".."))) === (await Deno.realPath(w.root)));
  await assertRefused(w, link, target, "write");
});

Deno.test("a dangling link that stays inside the grant is fine", async () => {
  await using w = await probeWorld({ write: ["${project}/out"] });
  const out = join(w.paths.cwd, "out");
  await Deno.mkdir(out, { recursive: true });
  await Deno.symlink(join(out, "not-yet.txt"), join(out, "soon"));
  const res = await planSandboxLaunch(w.source, {
    paths: w.paths,
    explicit: true,
    hostEnv: w.hostEnv,
  });
  assert(res.ok, !res.ok ? res.error : "");
});
