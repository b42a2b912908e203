/**
 * The OS sandbox's cost at start: spawn to `ready` of the same Python
 * extension (hello, wait for hello_ack, ready) as a plain program with
 * full privileges, and with `scope: {}` inside the OS sandbox (bubblewrap,
 * seccomp, the network bridge). Each confined start is planned afresh, as
 * zot plans every start. Medians of 9 warm runs each, interleaved.
 *
 * @module
 */

import { join } from "node:path";
import { zotPaths } from "../../src/config/paths.ts";
import { planLaunch } from "../../src/extensions/launch.ts";
import type { ExtensionSource } from "../../src/extensions/types.ts";
import { validateFields } from "../../src/extensions/manifest_fields.ts";
import { osSandboxStatus } from "../../src/ossandbox/availability.ts";
import { resetOsSandbox } from "../../src/ossandbox/confine.ts";
import { fmtMs, median } from "./_stats.ts";
import { spawnToReady } from "./sandbox.ts";
import type { BenchRow } from "./types.ts";

const RUNS = 9;
const WARMUP = 2;

// One interpreter for both, named by path: a version manager's shim on PATH (pyenv's is a bash
// script) would be timed in the plain run only, since the confined one cannot read the home.
const python = ["/usr/bin/python3", "/usr/local/bin/python3"].find((p) => {
  try {
    return Deno.statSync(p).isFile;
  } catch {
    return false;
  }
}) ?? "/usr/bin/env python3";

const EXT = `#!${python}
import json, sys
def send(f):
    sys.stdout.write(json.dumps(f) + "\\n"); sys.stdout.flush()
send({"type": "hello", "name": "bench", "version": "1.0.0", "capabilities": []})
sys.stdin.readline()
send({"type": "ready"})
for _ in sys.stdin:
    pass
`;

export async function bench(): Promise<BenchRow[]> {
  const status = await osSandboxStatus();
  if (!status.ok) {
    return [{ group: "ossandbox", name: "(skipped)", value: "-", note: status.reason }];
  }
  const root = await Deno.realPath(await Deno.makeTempDir({ prefix: "zot-bench-os-" }));
  try {
    const dir = join(root, "ext");
    await Deno.mkdir(dir);
    await Deno.writeTextFile(join(dir, "main.py"), EXT, { mode: 0o755 });
    const paths = zotPaths(root, join(root, "home"));
    const source = (raw: Record<string, unknown>): ExtensionSource => {
      const fields = validateFields(raw);
      if (!fields.ok) throw new Error(fields.problem);
      return {
        manifest: fields.manifest,
        dir,
        manifestPath: join(dir, "extension.json"),
        kind: "explicit",
      };
    };
    const plain = source({ name: "bench", exec: "./main.py" });
    const confined = source({ name: "bench", exec: "./main.py", scope: {} });
    const once = async (s: ExtensionSource) => {
      const planned = await planLaunch(s, { paths });
      if (!planned.ok) throw new Error(planned.error);
      try {
        return await spawnToReady(planned.plan);
      } finally {
        await planned.plan.release?.();
      }
    };
    for (let i = 0; i < WARMUP; i++) {
      await once(plain);
      await once(confined);
    }
    const a: number[] = [];
    const b: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      a.push(await once(plain));
      b.push(await once(confined));
    }
    const ma = median(a);
    const mb = median(b);
    return [
      { group: "ossandbox", name: "python ext spawn→ready, plain", value: fmtMs(ma) },
      {
        group: "ossandbox",
        name: "python ext spawn→ready, scope {} (OS sandbox)",
        value: fmtMs(mb),
        note: `${(mb / ma).toFixed(2)}× plain (goal ≤ 1.5×); planning included`,
      },
    ];
  } finally {
    await resetOsSandbox();
    await Deno.remove(root, { recursive: true }).catch(() => {});
  }
}
