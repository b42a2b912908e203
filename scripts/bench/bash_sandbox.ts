/**
 * What `--sandbox` adds to each `bash` command: the same trivial command (`true`) through the
 * bash tool unconfined and in the OS sandbox (bubblewrap, its namespaces, seccomp and the proxy
 * bridge it starts per command), measured in the same process. The first sandboxed command also
 * loads the sandbox runtime and starts its proxy; that one-time cost is its own row.
 *
 * @module
 */

import type { BenchRow } from "./types.ts";
import { fmtMs, median, quantile } from "./_stats.ts";
import type { ToolContext } from "../../src/model/types.ts";
import { createBashTool } from "../../src/tools/bash.ts";
import type { BashSandbox } from "../../src/tools/bash_sandbox.ts";
import { osConfiner } from "../../src/modes/common/bash_sandbox.ts";
import { resetOsSandbox } from "../../src/ossandbox/confine.ts";
import { osSandboxStatus } from "../../src/ossandbox/availability.ts";

const RUNS = 20;

async function time(runs: number, fn: () => Promise<unknown>): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await fn();
    out.push(performance.now() - t);
  }
  return out;
}

const value = (s: number[]) => `${fmtMs(median(s))} (p90 ${fmtMs(quantile(s, 0.9))})`;

export async function bench(): Promise<BenchRow[]> {
  const status = await osSandboxStatus();
  if (!status.ok) {
    return [{ group: "tools", name: "bash: sandboxed command", value: "-", note: status.reason }];
  }
  const dir = await Deno.realPath(await Deno.makeTempDir({ prefix: "zot-bench-bashbox-" }));
  const box: BashSandbox = {
    enabled: true,
    net: [],
    loopback: false,
    project: dir,
    zotHome: `${dir}/.zot-home`,
    home: Deno.env.get("HOME"),
    confiner: osConfiner(),
  };
  const ctx: ToolContext = {
    cwd: dir,
    signal: new AbortController().signal,
    callId: "bench",
    chain: [],
    interactive: false,
  };
  try {
    const plain = createBashTool();
    const boxed = createBashTool({ sandbox: box });
    const first = await time(1, () => boxed.execute({ command: "true" }, ctx));
    const unconfined = await time(RUNS, () => plain.execute({ command: "true" }, ctx));
    const sandboxed = await time(RUNS, () => boxed.execute({ command: "true" }, ctx));
    const added = median(sandboxed) - median(unconfined);
    return [
      { group: "tools", name: "bash `true`, unconfined", value: value(unconfined) },
      { group: "tools", name: "bash `true`, sandboxed (--sandbox)", value: value(sandboxed) },
      {
        group: "tools",
        name: "bash: added cost per sandboxed command",
        value: fmtMs(added),
        note: `${(median(sandboxed) / median(unconfined)).toFixed(1)}x; first command ${
          fmtMs(first[0])
        } (loads the runtime, starts its proxy)`,
      },
    ];
  } finally {
    await resetOsSandbox();
    if (box.tmp) await Deno.remove(box.tmp, { recursive: true }).catch(() => {});
    await Deno.remove(dir, { recursive: true });
  }
}
