/**
 * zot's own state is never readable by a sandboxed TypeScript extension,
 * whatever its read grant: a grant around `$ZOT_HOME` (the home directory
 * holding it, a directory above, `$ZOT_HOME` itself) still leaves the stored
 * keys, the conversations and other extensions' data unreadable, also those
 * written after the start, while the extension's own directories and the
 * rest of the grant stay readable.
 */

import { join } from "node:path";
import { assert, assertEquals, assertMatch, assertStringIncludes } from "../helpers/assert.ts";
import { planSandboxLaunch } from "../../src/extensions/sandbox_launch.ts";
import { type ProbeWorld, probeWorld, startProbe } from "./_probe.ts";

const NOT_CAPABLE = /^NotCapable: Requires read access/;

/** zot's state in the probe world's `$ZOT_HOME`, and a file of the user's beside it. */
async function plantState(w: ProbeWorld) {
  const home = w.paths.home;
  const at = (...p: string[]) => join(home, ...p);
  await Deno.writeTextFile(at("auth.json"), '{"anthropic":"sk-SECRET"}');
  await Deno.mkdir(at("sessions", "proj"), { recursive: true });
  await Deno.writeTextFile(at("sessions", "proj", "s1.jsonl"), "CONVERSATION");
  await Deno.mkdir(at("extension-data", "other"), { recursive: true });
  await Deno.writeTextFile(at("extension-data", "other", "token"), "OTHER-DATA");
  await Deno.mkdir(at("project-extension-data", "key", "probe"), { recursive: true });
  await Deno.writeTextFile(at("project-extension-data", "key", "probe", "f"), "PROJECT-DATA");
  await Deno.writeTextFile(at("grants.json"), "{}");
  const mine = join(w.root, "notes.txt");
  await Deno.writeTextFile(mine, "MY NOTES");
  return {
    secrets: [
      at("auth.json"),
      at("sessions", "proj", "s1.jsonl"),
      at("extension-data", "other", "token"),
      at("project-extension-data", "key", "probe", "f"),
      at("grants.json"),
    ],
    mine,
    data: join(w.paths.extensionData, "probe"),
  };
}

/** The grants that cover `$ZOT_HOME`: `${home}` set to the temp root, that root, `$ZOT_HOME` itself. */
const GRANTS: [string, (w: ProbeWorld) => string][] = [
  ["${home} (the home holding $ZOT_HOME)", () => "${home}"],
  ["an absolute directory above $ZOT_HOME", (w) => w.root],
  ["$ZOT_HOME itself", (w) => w.paths.home],
];

async function world(grant: (w: ProbeWorld) => string): Promise<ProbeWorld> {
  // The grant names paths of the world, known only once it exists: rewrite its manifest.
  const w = await probeWorld();
  w.hostEnv.HOME = w.root;
  const raw = { name: "probe", exec: "./probe.ts", scope: { read: [grant(w)] } };
  await Deno.writeTextFile(w.source.manifestPath, JSON.stringify(raw));
  const { readManifest } = await import("../../src/extensions/manifest.ts");
  const read = await readManifest(w.extDir);
  if (read.status !== "ok") throw new Error("manifest refused");
  w.source.manifest = read.info.manifest;
  return w;
}

for (const [label, grant] of GRANTS) {
  Deno.test(`a read grant of ${label} reads no key, conversation or other extension's data`, async () => {
    await using w = await world(grant);
    const s = await plantState(w);
    await using p = await startProbe(w);
    for (const secret of s.secrets) {
      assertMatch(await p.call("read_file", { path: secret }), NOT_CAPABLE, secret);
      assertMatch(await p.call("node_fs", { path: secret }), NOT_CAPABLE, secret);
    }
  });

  Deno.test(`a read grant of ${label} still reads its own directories`, async () => {
    await using w = await world(grant);
    const s = await plantState(w);
    await using p = await startProbe(w);
    assertEquals(
      await p.call("write_file", { path: join(s.data, "mine"), text: "x" }),
      "ok: written",
    );
    assertEquals(await p.call("read_file", { path: join(s.data, "mine") }), "ok: x");
    const manifest = await p.call("read_file", { path: w.source.manifestPath });
    assertStringIncludes(manifest, '"probe"');
    if (grant(w) !== w.paths.home) {
      assertEquals(await p.call("read_file", { path: s.mine }), "ok: MY NOTES");
    }
  });

  Deno.test(`a read grant of ${label} reads no key stored after the start`, async () => {
    await using w = await world(grant);
    await plantState(w);
    await Deno.remove(join(w.paths.home, "auth.json"));
    await using p = await startProbe(w);
    // The first login, while the extension runs.
    await Deno.writeTextFile(join(w.paths.home, "auth.json"), '{"openai":"sk-LATER"}');
    await Deno.writeTextFile(join(w.paths.home, "models.json"), "{}");
    for (const name of ["auth.json", "models.json"]) {
      const path = join(w.paths.home, name);
      assertMatch(await p.call("read_file", { path }), NOT_CAPABLE, path);
    }
  });
}

for (const inside of ["sessions", "auth.json", "extension-data/other", "extension-data"]) {
  Deno.test(`a read grant of ${inside} in zot's state is refused at start`, async () => {
    await using w = await world((w) => join(w.paths.home, inside));
    await plantState(w);
    const planned = await planSandboxLaunch(w.source, {
      paths: w.paths,
      explicit: true,
      hostEnv: w.hostEnv,
    });
    assert(!planned.ok, `started with a read grant of ${inside}`);
    assertStringIncludes(planned.error, "lies in zot's own state");
  });
}

Deno.test("a symlink in a granted tree that leads into zot's state is refused at start", async () => {
  await using w = await world((w) => w.root);
  await plantState(w);
  await Deno.mkdir(join(w.root, "docs"));
  await Deno.symlink(join(w.paths.home, "auth.json"), join(w.root, "docs", "keys.json"));
  const planned = await planSandboxLaunch(w.source, {
    paths: w.paths,
    explicit: true,
    hostEnv: w.hostEnv,
  });
  assert(!planned.ok, "started with a link into the state");
  assertStringIncludes(planned.error, "into zot's own state");
});

Deno.test("a symlink in a granted tree to zot's conversations is refused at start", async () => {
  await using w = await world((w) => w.root);
  await plantState(w);
  await Deno.symlink(w.paths.sessions, join(w.root, "talks"));
  const planned = await planSandboxLaunch(w.source, {
    paths: w.paths,
    explicit: true,
    hostEnv: w.hostEnv,
  });
  assert(!planned.ok, "started with a link into the state");
  assertStringIncludes(planned.error, "into zot's own state");
});

Deno.test("a symlink to a directory holding $ZOT_HOME is refused at start", async () => {
  await using w = await world((w) => w.root);
  await plantState(w);
  await Deno.symlink(w.root, join(w.root, "up"));
  const planned = await planSandboxLaunch(w.source, {
    paths: w.paths,
    explicit: true,
    hostEnv: w.hostEnv,
  });
  assert(!planned.ok, "started with a link above the state");
  assertStringIncludes(planned.error, "into zot's own state");
});

for (const [label, grant] of GRANTS) {
  Deno.test(`the Worker runner, which cannot deny, refuses a read grant of ${label}`, async () => {
    await using w = await world(grant);
    await plantState(w);
    const planned = await planSandboxLaunch(w.source, {
      paths: w.paths,
      explicit: true,
      hostEnv: w.hostEnv,
      worker: true,
    });
    assert(!planned.ok, "a Worker runner started with zot's state readable");
    assertStringIncludes(planned.error, "cannot keep it unreadable");
  });
}

Deno.test("the Worker runner still starts a read grant that leaves zot's state out", async () => {
  await using w = await world((w) => join(w.root, "fakehome"));
  await plantState(w);
  const planned = await planSandboxLaunch(w.source, {
    paths: w.paths,
    explicit: true,
    hostEnv: w.hostEnv,
    worker: true,
  });
  assert(planned.ok, planned.ok ? "" : planned.error);
});

Deno.test("the consent text says zot's state stays unreadable whatever the read grant", async () => {
  const { describeScope } = await import("../../src/sandbox/describe.ts");
  const { parseScope } = await import("../../src/scope/parse.ts");
  const parsed = parseScope({ read: ["${home}"] });
  if (!parsed.ok) throw new Error(parsed.errors.join("; "));
  const text = describeScope(parsed.scope).join("\n");
  assertStringIncludes(text, "read files in: your home directory");
  assertStringIncludes(text, "zot's keys, conversations, settings and other extensions' data stay");
});

Deno.test("an extension installed in $ZOT_HOME still loads and reads its own directory", async () => {
  await using w = await world((w) => w.root);
  const s = await plantState(w);
  // Where installs live: its directory lies in zot's state directory, beside the others.
  const installed = join(w.paths.extensions, "probe");
  await Deno.mkdir(w.paths.extensions, { recursive: true });
  await Deno.rename(w.extDir, installed);
  w.source.dir = installed;
  w.source.manifestPath = join(installed, "extension.json");
  await Deno.mkdir(join(w.paths.extensions, "other"));
  await Deno.writeTextFile(join(w.paths.extensions, "other", "main.ts"), "OTHER-CODE");
  await using p = await startProbe(w);
  assertStringIncludes(await p.call("read_file", { path: w.source.manifestPath }), '"probe"');
  assertStringIncludes(await p.call("helper"), "ok");
  for (const secret of [...s.secrets, join(w.paths.extensions, "other", "main.ts")]) {
    assertMatch(await p.call("read_file", { path: secret }), NOT_CAPABLE, secret);
  }
});
