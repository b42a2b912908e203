/**
 * Shared setup for the process-layer tests: fixture sources built directly
 * (no manifest parser), a spawn wrapper with a temp ZOT_HOME, and process
 * accounting by process group.
 *
 * @module
 */

import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type {
  ExtensionChannel,
  HostIdentity,
  SpawnResult,
} from "../../../src/extensions/channel.ts";
import { spawnExtension } from "../../../src/extensions/process/mod.ts";
import type { ExtensionSource, Manifest } from "../../../src/extensions/types.ts";
import type { ExtToHostFrame } from "../../../src/protocol/frames.ts";
import { allProcesses, descendants } from "../../helpers/procs.ts";
import { tempZot } from "../../helpers/tmp.ts";
import { until, within } from "../../helpers/wait.ts";

export const FIXTURES = fileURLToPath(new URL("../../fixtures/extensions/", import.meta.url));

export const IDENTITY: HostIdentity = {
  zotVersion: "0.1.0-test",
  provider: "fake",
  model: "fake-model",
  cwd: "/project",
};

/** An ExtensionSource for `tests/fixtures/extensions/<dir>`, optionally tweaked. */
export function fixtureSource(dir: string, manifest: Partial<Manifest> = {}): ExtensionSource {
  const path = join(FIXTURES, dir);
  const raw: Record<string, unknown> = JSON.parse(
    Deno.readTextFileSync(join(path, "extension.json")),
  );
  const str = (k: string) => (typeof raw[k] === "string" ? String(raw[k]) : undefined);
  const args = Array.isArray(raw.args) ? raw.args.map(String) : undefined;
  return {
    manifest: {
      name: str("name") ?? dir,
      version: str("version"),
      exec: str("exec"),
      args,
      language: str("language"),
      enabled: true,
      raw,
      ...manifest,
    },
    dir: path,
    manifestPath: join(path, "extension.json"),
    kind: "explicit",
  };
}

/** A temp ZOT_HOME and a way to start fixtures in it; stops all it started on dispose. */
export async function harness() {
  const zot = await tempZot();
  const started: ExtensionChannel[] = [];
  return {
    zot,
    async spawn(
      source: ExtensionSource,
      options: { helloTimeoutMs?: number; signal?: AbortSignal; logMaxBytes?: number } = {},
    ): Promise<SpawnResult> {
      const result = await spawnExtension(source, {
        paths: zot.paths,
        identity: IDENTITY,
        ...options,
      });
      if (result.ok) started.push(result.channel);
      return result;
    },
    async start(dir: string, manifest: Partial<Manifest> = {}): Promise<ExtensionChannel> {
      const result = await this.spawn(fixtureSource(dir, manifest));
      if (!result.ok) throw new Error(`spawn ${dir} failed:\n${result.error}`);
      return result.channel;
    },
    logText(name: string): string {
      return Deno.readTextFileSync(join(zot.paths.logs, `ext-${name}.log`));
    },
    async [Symbol.asyncDispose]() {
      const groups = started.map((c) => c.pid).filter((p): p is number => p !== undefined);
      try {
        // Bounded: a broken stop must fail the test, not hang the run.
        await within(
          15_000,
          Promise.all(started.map((c) => c.stop(Date.now()))),
          "stopping the extensions the test started",
        );
      } catch (e) {
        for (const pid of groups) {
          try {
            Deno.kill(-pid, "SIGKILL");
          } catch { /* already gone */ }
        }
        await zot[Symbol.asyncDispose]();
        throw e;
      }
      await assertNoLeftovers(groups);
      await zot[Symbol.asyncDispose]();
    },
  };
}

/** Every process in one of `groups`, and every descendant of this test process. */
export function leftovers(groups: number[]): { pid: number; cmdline: string }[] {
  const inGroups = allProcesses().filter((p) => groups.includes(p.pgid));
  return [...inGroups, ...descendants()];
}

/**
 * No process left behind. Grandchildren are SIGKILLed but reaped by init,
 * which is only observable by polling /proc.
 */
export async function assertNoLeftovers(groups: number[]): Promise<void> {
  await until(() => leftovers(groups).length === 0, 5_000, "no leftover extension processes")
    .catch((e) => {
      throw new Error(`${e.message}: ${JSON.stringify(leftovers(groups))}`);
    });
}

/** Collect frames from a channel and await the first that matches. */
export function collect(channel: ExtensionChannel) {
  const frames: ExtToHostFrame[] = [];
  const waiters: { match: (f: ExtToHostFrame) => boolean; resolve: (f: ExtToHostFrame) => void }[] =
    [];
  channel.setFrameListener((frame) => {
    frames.push(frame);
    for (const w of [...waiters]) {
      if (w.match(frame)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(frame);
      }
    }
  });
  return {
    frames,
    next(match: (f: ExtToHostFrame) => boolean): Promise<ExtToHostFrame> {
      const found = frames.find(match);
      if (found) return Promise.resolve(found);
      return new Promise((resolve) => waiters.push({ match, resolve }));
    },
  };
}
