/**
 * zot's own state is never readable by a plain extension confined by the OS
 * sandbox, whatever its read grant: a Python program with a read grant of the
 * home directory holding `$ZOT_HOME`, of a directory above it or of
 * `$ZOT_HOME` itself cannot read the stored keys, the conversations or other
 * extensions' data, also those written after the start, and still reads its
 * own directories and the rest of the grant.
 *
 * @module
 */

import { join } from "node:path";
import { assert, assertEquals, assertStringIncludes } from "../helpers/assert.ts";
import { withTimeout } from "../helpers/wait.ts";
import { tempZot } from "../helpers/tmp.ts";
import { FIXTURES, fixtureSource } from "../extensions/process/_helpers.ts";
import { resetOsSandbox } from "../../src/ossandbox/confine.ts";
import { planConfinedLaunch } from "../../src/extensions/confined_launch.ts";
import { parseScope } from "../../src/scope/parse.ts";
import type { LaunchPlan } from "../../src/extensions/types.ts";

const opts = { sanitizeResources: false, sanitizeOps: false };
const PROGRAM = join(FIXTURES, "state-probe-py", "probe.py");

/** A temp root holding `$ZOT_HOME` with zot's state in it, and a file of the user's. */
async function stateWorld() {
  const z = await tempZot();
  const at = (...p: string[]) => join(z.home, ...p);
  await Deno.writeTextFile(at("auth.json"), "sk-SECRET");
  await Deno.mkdir(at("sessions", "proj"), { recursive: true });
  await Deno.writeTextFile(at("sessions", "proj", "s1.jsonl"), "CONVERSATION");
  await Deno.mkdir(at("extension-data", "other"), { recursive: true });
  await Deno.writeTextFile(at("extension-data", "other", "token"), "OTHER-DATA");
  await Deno.writeTextFile(at("grants.json"), "{}");
  const ownData = at("extension-data", "state-probe-py");
  await Deno.mkdir(ownData, { recursive: true });
  await Deno.writeTextFile(join(ownData, "mine"), "OWN-DATA");
  await Deno.writeTextFile(join(z.root, "notes.txt"), "MY NOTES");
  return {
    ...z,
    secrets: [
      at("auth.json"),
      at("sessions", "proj", "s1.jsonl"),
      at("extension-data", "other", "token"),
      at("grants.json"),
    ],
    later: at("models.json"),
    ownData: join(ownData, "mine"),
    own: join(FIXTURES, "state-probe-py", "extension.json"),
    mine: join(z.root, "notes.txt"),
  };
}

type World = Awaited<ReturnType<typeof stateWorld>>;

/** Start the probe confined with `read`, reading `paths`; returns its reports. */
async function runProbe(w: World, read: string[], paths: string[], hostEnv = {}) {
  const parsed = parseScope({ read });
  if (!parsed.ok) throw new Error(parsed.errors.join("; "));
  const source = fixtureSource("state-probe-py", { scope: parsed.scope });
  const planned = await planConfinedLaunch({
    source,
    program: PROGRAM,
    args: paths,
    scope: parsed.scope,
    paths: w.paths,
    hostEnv: { PATH: Deno.env.get("PATH") ?? "/usr/bin:/bin", HOME: w.root, ...hostEnv },
  });
  if (!planned.ok) throw new Error(planned.error);
  return await talk(planned.plan, async (next, send) => {
    const first = await next();
    // The first login, while the extension runs: the keys appear after the start.
    await Deno.writeTextFile(w.later, "sk-LATER");
    send({ type: "event", event: "turn_start" });
    return [first, await next()];
  });
}

/** Spawn `plan`, hand `fn` its notify reports and a way to send frames, then stop it. */
async function talk<T>(
  plan: LaunchPlan,
  fn: (
    next: () => Promise<Record<string, string>>,
    send: (frame: unknown) => void,
  ) => Promise<T>,
): Promise<T> {
  const child = new Deno.Command(plan.command, {
    args: plan.args,
    cwd: plan.cwd,
    env: plan.env,
    clearEnv: true,
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const stderr = new Response(child.stderr).text();
  const writer = child.stdin.getWriter();
  const lines = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  let buf = "";
  const next = async (): Promise<Record<string, string>> => {
    for (;;) {
      const nl = buf.indexOf("\n");
      if (nl >= 0) {
        const frame = JSON.parse(buf.slice(0, nl));
        buf = buf.slice(nl + 1);
        if (frame.type === "notify") return JSON.parse(frame.message);
        continue;
      }
      const r = await withTimeout(lines.read(), 20_000, "the probe's report");
      if (r.done) throw new Error(`the probe ended: ${await stderr}`);
      buf += r.value;
    }
  };
  const send = (frame: unknown) => {
    writer.write(new TextEncoder().encode(JSON.stringify(frame) + "\n"));
  };
  try {
    return await fn(next, send);
  } finally {
    send({ type: "shutdown" });
    await writer.close().catch(() => {});
    await withTimeout(child.status, 20_000, "the probe to exit");
    await lines.cancel().catch(() => {});
    await stderr;
    await plan.release?.();
    await resetOsSandbox();
  }
}

const GRANTS: [string, (w: World) => string][] = [
  ["${home} (the home holding $ZOT_HOME)", () => "${home}"],
  ["an absolute directory above $ZOT_HOME", (w) => w.root],
  ["$ZOT_HOME itself", (w) => w.home],
];

for (const [label, grant] of GRANTS) {
  Deno.test(`a confined extension reading ${label} reads none of zot's state`, opts, async () => {
    await using w = await stateWorld();
    const paths = [...w.secrets, w.later, w.ownData, w.own, w.mine];
    const [first, again] = await runProbe(w, [grant(w)], paths);
    for (const report of [first, again]) {
      for (const secret of [...w.secrets, w.later]) {
        assert(report[secret].startsWith("denied"), `${secret}: ${report[secret]}`);
      }
      assertEquals(report[w.ownData], "ok:OWN-DATA");
      assert(report[w.own].startsWith("ok"), `own dir: ${report[w.own]}`);
      if (grant(w) !== w.home) assertEquals(report[w.mine], "ok:MY NOTES");
    }
  });
}

Deno.test(
  "a confined extension with a read grant inside zot's state does not start",
  opts,
  async () => {
    await using w = await stateWorld();
    const parsed = parseScope({ read: [join(w.home, "sessions")] });
    if (!parsed.ok) throw new Error(parsed.errors.join("; "));
    const planned = await planConfinedLaunch({
      source: fixtureSource("state-probe-py", { scope: parsed.scope }),
      program: PROGRAM,
      args: [],
      scope: parsed.scope,
      paths: w.paths,
      hostEnv: { PATH: "/usr/bin:/bin", HOME: w.root },
    });
    assert(!planned.ok);
    assertStringIncludes(planned.error, "lies in zot's own state");
  },
);

for (const inside of ["auth.json", "sessions/proj/s1.jsonl", "extension-data/other/token"]) {
  Deno.test(
    `a confined extension whose program is ${inside} in zot's state does not start`,
    opts,
    async () => {
      await using w = await stateWorld();
      const parsed = parseScope({});
      if (!parsed.ok) throw new Error(parsed.errors.join("; "));
      const planned = await planConfinedLaunch({
        source: fixtureSource("state-probe-py", { scope: parsed.scope }),
        // Mounted to be run, the program file would be readable too.
        program: join(w.home, inside),
        args: [],
        scope: parsed.scope,
        paths: w.paths,
        hostEnv: { PATH: "/usr/bin:/bin", HOME: w.root },
      });
      assert(!planned.ok, "started with a program in zot's state");
      assertStringIncludes(planned.error, "lies in zot's own state");
    },
  );
}
