/**
 * A link made in a granted directory after the extension started (a `git
 * pull`, the model's bash writing the project) that leads into zot's state
 * reads nothing: the runner of an extension that reads beyond its own
 * directories sees an empty `$ZOT_HOME`, whatever name leads there. What the
 * scope grants still reads as before, and the runner still finds its own
 * directories in the state. Without bubblewrap such an extension does not
 * start; one that reads only its own directories does not need it.
 */

import { join } from "../../src/path.ts";
import { assert, assertEquals, assertStringIncludes } from "../helpers/assert.ts";
import { planSandboxLaunch } from "../../src/extensions/sandbox_launch.ts";
import { probeWorld, startProbe } from "./_probe.ts";

const SECRET = '{"anthropic":"sk-ant-stored-secret"}';

/** A probe reading the project; zot's stored keys and a session written; `link` made later. */
async function linkedAfterStart(target: (home: string) => string) {
  const w = await probeWorld({ read: ["${project}"] });
  await Deno.writeTextFile(join(w.paths.home, "auth.json"), SECRET);
  await Deno.mkdir(join(w.paths.home, "sessions"), { recursive: true });
  await Deno.writeTextFile(join(w.paths.home, "sessions", "s.jsonl"), "conversation-text\n");
  await Deno.writeTextFile(join(w.paths.cwd, "granted.txt"), "granted-text\n");
  const p = await startProbe(w);
  const link = join(w.paths.cwd, "notes");
  await Deno.symlink(target(w.paths.home), link);
  return {
    p,
    link,
    async [Symbol.asyncDispose]() {
      await p[Symbol.asyncDispose]();
      await w[Symbol.asyncDispose]();
    },
  };
}

Deno.test("a link made later in a granted project does not read zot's auth.json", async () => {
  await using t = await linkedAfterStart((home) => join(home, "auth.json"));
  const got = await t.p.call("read_file", { path: t.link });
  assert(!got.includes("sk-ant-stored-secret"), `auth.json was read through the link: ${got}`);
  // The grant itself still reads.
  assertEquals(
    await t.p.call("read_file", { path: join(t.link, "..", "granted.txt") }),
    "ok: granted-text",
  );
});

Deno.test("a link made later in a granted project does not read a session", async () => {
  await using t = await linkedAfterStart((home) => join(home, "sessions", "s.jsonl"));
  const got = await t.p.call("read_file", { path: t.link });
  assert(!got.includes("conversation-text"), `a session was read through the link: ${got}`);
});

Deno.test("a link made later to zot's state directory shows it empty", async () => {
  await using t = await linkedAfterStart((home) => home);
  const got = await t.p.call("read_file", { path: join(t.link, "auth.json") });
  assert(!got.includes("sk-ant-stored-secret"), `auth.json was read through the link: ${got}`);
});

Deno.test("an extension reading beyond its own directories does not start without bubblewrap", async () => {
  await using w = await probeWorld({ read: ["${project}"] }, { hostEnv: { PATH: "/nonexistent" } });
  const planned = await planSandboxLaunch(w.source, {
    paths: w.paths,
    explicit: true,
    hostEnv: w.hostEnv,
  });
  assert(!planned.ok, "started without the view");
  assertStringIncludes(planned.error, "apt install bubblewrap");
});

Deno.test("an extension that reads only its own directories needs no view", async () => {
  await using w = await probeWorld({}, { hostEnv: { PATH: "/nonexistent" } });
  const planned = await planSandboxLaunch(w.source, {
    paths: w.paths,
    explicit: true,
    hostEnv: w.hostEnv,
  });
  assert(planned.ok, !planned.ok ? planned.error : "");
  assert(!planned.plan.command.endsWith("bwrap"), planned.plan.command);
});

Deno.test("a link made later to zot's state through /proc/<pid>/root copies nothing", async () => {
  await using w = await probeWorld({ read: ["${project}"] });
  const zotHome = await Deno.realPath(w.paths.home);
  await Deno.writeTextFile(join(zotHome, "auth.json"), SECRET);
  await using p = await startProbe(w);
  // Through zot's own process, whose mount namespace has nothing covered.
  const link = join(w.paths.cwd, "notes.json");
  await Deno.symlink(`/proc/${Deno.pid}/root${zotHome}/auth.json`, link);
  const copy = join(zotHome, "extension-data", "probe", "k");
  await p.call("copy_file", { from: link, to: copy });
  const got = await p.call("read_file", { path: copy });
  assert(!got.includes("sk-ant-stored-secret"), `auth.json was copied around the view: ${got}`);
});

Deno.test("a link made later to /proc lists no other process's view of zot's state", async () => {
  await using w = await probeWorld({ read: ["${project}"] });
  const zotHome = await Deno.realPath(w.paths.home);
  await Deno.writeTextFile(join(zotHome, "auth.json"), SECRET);
  await using p = await startProbe(w);
  const link = join(w.paths.cwd, "vendor");
  await Deno.symlink("/proc", link);
  const got = await p.call("list_dir", { path: `${link}/${Deno.pid}/root${zotHome}` });
  assert(!got.includes("auth.json"), `zot's state was listed around the view: ${got}`);
  // Its own view of /proc holds only its own processes.
  const pids = (await p.call("list_dir", { path: link })).replace(/^ok: /, "").split(",")
    .filter((e) => /^\d+$/.test(e));
  assert(!pids.includes(String(Deno.pid)), `zot's pid is visible: ${pids}`);
});
