/**
 * Drives the probe fixture through the real runner: plans the launch with
 * planSandboxLaunch, spawns the plan as a subprocess with piped stdio, and
 * sends one `tool_call` per probe.
 *
 * @module
 */

import { resetOsSandbox } from "../../src/ossandbox/confine.ts";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { tempZot } from "../helpers/tmp.ts";
import { withTimeout } from "../helpers/wait.ts";
import { assertNoLeftoverProcesses } from "../helpers/procs.ts";
import { planSandboxLaunch } from "../../src/extensions/sandbox_launch.ts";
import { readManifest } from "../../src/extensions/manifest.ts";
import type { ExtensionSource, LaunchPlan, SourceKind } from "../../src/extensions/types.ts";
import type { ZotPaths } from "../../src/config/paths.ts";

export const PROBE_DIR = fileURLToPath(new URL("../fixtures/sandbox/probe/", import.meta.url));

/** A temp zot home with a copy of the probe (its manifest carrying `scope`) and a fake HOME. */
export interface ProbeWorld extends AsyncDisposable {
  root: string;
  paths: ZotPaths;
  extDir: string;
  /** A fake home holding `.ssh/id_rsa`. */
  home: string;
  source: ExtensionSource;
  hostEnv: Record<string, string>;
}

export async function probeWorld(
  scope?: unknown,
  opts: { kind?: SourceKind; hostEnv?: Record<string, string> } = {},
): Promise<ProbeWorld> {
  const z = await tempZot();
  const extDir = join(z.root, "exts", "probe");
  await Deno.mkdir(extDir, { recursive: true });
  for (const f of ["probe.ts", "helper.ts"]) {
    await Deno.copyFile(join(PROBE_DIR, f), join(extDir, f));
  }
  const raw: Record<string, unknown> = { name: "probe", exec: "./probe.ts" };
  if (scope !== undefined) raw.scope = scope;
  const manifestPath = join(extDir, "extension.json");
  await Deno.writeTextFile(manifestPath, JSON.stringify(raw, null, 2));
  // Read back as zot loads it: the scope is parsed there, once.
  const read = await readManifest(extDir);
  if (read.status !== "ok") {
    await z[Symbol.asyncDispose]();
    throw new Error(
      `probe manifest refused: ${read.status === "invalid" ? read.problem : "missing"}`,
    );
  }
  const home = join(z.root, "fakehome");
  await Deno.mkdir(join(home, ".ssh"), { recursive: true });
  await Deno.writeTextFile(join(home, ".ssh", "id_rsa"), "FAKE PRIVATE KEY\n");
  const hostEnv = { HOME: home, PATH: Deno.env.get("PATH") ?? "/usr/bin:/bin", ...opts.hostEnv };
  return {
    root: z.root,
    paths: z.paths,
    extDir,
    home,
    hostEnv,
    source: {
      manifest: read.info.manifest,
      dir: extDir,
      manifestPath,
      kind: opts.kind ?? "explicit",
    },
    [Symbol.asyncDispose]: () => z[Symbol.asyncDispose](),
  };
}

/** A running probe. */
export interface Probe extends AsyncDisposable {
  plan: LaunchPlan;
  hello: Record<string, unknown>;
  /** Run one probe; resolves to the tool_result text. */
  call(probe: string, args?: Record<string, unknown>): Promise<string>;
  /** Close stdin and wait for the exit code and stderr. */
  finish(): Promise<{ code: number; stderr: string }>;
  /** Wait for the process to end on its own. */
  exited(): Promise<{ code: number; stderr: string }>;
}

/**
 * Which runner probes start: the process runner of `deno run` (default) or
 * the Worker runner of a compiled zot (worker_runner_test.ts sets it).
 */
export const runnerMode = { worker: false };

export async function startProbe(world: ProbeWorld, explicit = true): Promise<Probe> {
  const planned = await planSandboxLaunch(world.source, {
    paths: world.paths,
    explicit,
    hostEnv: world.hostEnv,
    worker: runnerMode.worker,
  });
  if (!planned.ok) throw new Error(planned.error);
  return await spawnPlan(planned.plan);
}

/**
 * Spawn `plan` and speak to it. Disposing it kills it and then checks that
 * no process is left: none of this test's children, and none naming
 * `marker` (default: the extension directory) in its command line.
 */
export async function spawnPlan(plan: LaunchPlan, marker: string = plan.cwd): Promise<Probe> {
  const child = new Deno.Command(plan.command, {
    args: plan.args,
    cwd: plan.cwd,
    env: plan.env,
    clearEnv: plan.clearEnv,
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const writer = child.stdin.getWriter();
  const stderrText = new Response(child.stderr).text();
  const lines = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  let buf = "";
  const nextLine = async (): Promise<string | undefined> => {
    for (;;) {
      const nl = buf.indexOf("\n");
      if (nl >= 0) {
        const line = buf.slice(0, nl);
        buf = buf.slice(nl + 1);
        return line;
      }
      const r = await lines.read();
      if (r.done) return undefined;
      buf += r.value;
    }
  };
  let closed = false;
  let id = 0;
  const end = async () => {
    const status = await child.status;
    await lines.cancel().catch(() => {});
    return { code: status.code, stderr: await stderrText };
  };
  const dispose = async (check = true) => {
    if (!closed) {
      closed = true;
      await writer.close().catch(() => {});
    }
    try {
      child.kill("SIGKILL");
    } catch { /* already gone */ }
    await end();
    // A run grant's runner holds a network allowance of the OS sandbox, whose proxy and bridge
    // this test process started: both go, as they go when zot exits.
    await plan.release?.();
    await resetOsSandbox();
    // A sandboxed extension must not leave anything running (a spawned command, a grandchild).
    if (check) await assertNoLeftoverProcesses(marker);
  };
  try {
    const first = await withTimeout(nextLine(), 15_000, "the probe's hello");
    if (!first) throw new Error(`probe exited before hello: ${await (await end()).stderr}`);
    return {
      plan,
      hello: JSON.parse(first),
      async call(probe, args = {}) {
        const callId = `c${++id}`;
        const frame = { type: "tool_call", id: callId, name: "probe", args: { probe, ...args } };
        await writer.write(new TextEncoder().encode(JSON.stringify(frame) + "\n"));
        const line = await withTimeout(nextLine(), 15_000, `the result of probe "${probe}"`);
        if (line === undefined) throw new Error(`probe exited during "${probe}"`);
        const res = JSON.parse(line);
        return String(res.content?.[0]?.text);
      },
      async finish() {
        closed = true;
        await writer.close().catch(() => {});
        return await withTimeout(end(), 15_000, "the probe to exit");
      },
      exited: () => withTimeout(end(), 15_000, "the probe to exit"),
      [Symbol.asyncDispose]: () => dispose(),
    };
  } catch (e) {
    // The failure to start is the news; do not bury it under a leftover check.
    await dispose(false);
    throw e;
  }
}

/** What the manifest loader says about the probe with `scope` (undefined: it loads). */
export async function probeScopeProblem(scope: unknown): Promise<string | undefined> {
  const dir = await Deno.makeTempDir({ prefix: "zot-probe-scope-" });
  try {
    await Deno.copyFile(join(PROBE_DIR, "probe.ts"), join(dir, "probe.ts"));
    const raw = { name: "probe", exec: "./probe.ts", scope };
    await Deno.writeTextFile(join(dir, "extension.json"), JSON.stringify(raw));
    const read = await readManifest(dir);
    return read.status === "invalid" ? read.problem : undefined;
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}
