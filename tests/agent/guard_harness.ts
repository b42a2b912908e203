/**
 * Runs the real shared set-up (extension host, real guard subprocesses in
 * Python, Node or the sandbox, the real provider) against the fake LLM on
 * 127.0.0.1, for the tests of pacing and of guards failing closed.
 *
 * @module
 */

import { fileURLToPath } from "node:url";
import { tempZot } from "../helpers/tmp.ts";
import { type FakeLlm, type FakeScript, startFakeLlm } from "../helpers/fake_llm.ts";
import { processesMatching } from "../helpers/procs.ts";
import { PYTHON } from "../helpers/python.ts";
import { createSetup, type RunSetup } from "../../src/modes/common/setup.ts";
import { defaultFlags, type RunFlags } from "../../src/modes/common/flags.ts";
import { SILENT_UI } from "../../src/extensions/ui.ts";
import type { HostTimeouts } from "../../src/extensions/host/mod.ts";
import { type Diagnostic, diagnosticText } from "../../src/diagnostic.ts";
import { diagnosticLine } from "../../src/modes/common/diagnostics.ts";

const GUARDS = fileURLToPath(new URL("../fixtures/guards/", import.meta.url));
export const EXAMPLE_GUARD = fileURLToPath(
  new URL("../../examples/extensions/guard", import.meta.url),
);

/** Config of tests/fixtures/guards/guard.{py,mjs}. */
export interface GuardConfig {
  events?: string[];
  forbid?: string;
  crash_on?: string;
  deaf_on?: string;
  echo_events?: boolean;
  slow_events_ms?: number;
}

/** Config of tests/fixtures/guards/caller.py. */
export interface CallerConfig {
  count: number;
  tool: string;
  args: Record<string, unknown>;
  parent_id?: string;
  /** The command that starts the burst (default "burst"). */
  command?: string;
  /** Bytes of padding added to the args. */
  pad?: number;
}

/**
 * A fixture of tests/fixtures/guards (`file`, default the guard of that
 * language), or an extension directory as it is.
 */
export type GuardSpec =
  | { name: string; lang: "python" | "node"; file?: string; config?: GuardConfig | CallerConfig }
  | { name: string; dir: string };

export interface GuardRun extends AsyncDisposable {
  setup: RunSetup;
  llm: FakeLlm;
  /** The project directory tools run in. */
  cwd: string;
  /** $ZOT_HOME. */
  home: string;
  /** Notes and warnings the UI was given, in order. */
  notes: string[];
  /** What a fixture guard recorded (one object per line). */
  record(name: string): Promise<Record<string, unknown>[]>;
}

export async function guardRun(
  script: FakeScript,
  guards: GuardSpec[],
  options: {
    flags?: Partial<RunFlags>;
    timeouts?: Partial<HostTimeouts>;
    /** Written to $ZOT_HOME/config.json first. */
    config?: Record<string, unknown>;
  } = {},
): Promise<GuardRun> {
  const z = await tempZot();
  if (options.config) {
    await Deno.writeTextFile(`${z.home}/config.json`, JSON.stringify(options.config));
  }
  const llm = await startFakeLlm({ script });
  const dirs: string[] = [];
  const records = new Map<string, string>();
  for (const guard of guards) {
    if ("dir" in guard) {
      dirs.push(guard.dir);
      continue;
    }
    const dir = `${z.root}/ext-${guard.name}`;
    const record = `${z.root}/${guard.name}.jsonl`;
    records.set(guard.name, record);
    await Deno.mkdir(dir);
    const config = JSON.stringify({ name: guard.name, record, ...guard.config });
    const [exec, fallback] = guard.lang === "python" ? [PYTHON, "guard.py"] : ["node", "guard.mjs"];
    const file = guard.file ?? fallback;
    await Deno.writeTextFile(
      `${dir}/extension.json`,
      JSON.stringify({ name: guard.name, exec, args: [`${GUARDS}${file}`, config] }),
    );
    dirs.push(dir);
  }
  const notes: string[] = [];
  const ui = {
    ...SILENT_UI,
    notify: (_ext: string, _level: string, message: string) => void notes.push(message),
    warn: (d: Diagnostic) => void notes.push(`warn ${d.extension}: ${diagnosticText(d)}`),
  };
  let setup: RunSetup;
  try {
    setup = await createSetup({
      mode: "print",
      flags: {
        ...defaultFlags(),
        ext: dirs,
        noExt: true,
        noSession: true,
        baseUrl: llm.url,
        apiKey: "test-key",
        provider: "anthropic",
        transport: "fetch",
        ...options.flags,
      },
      ui,
      cwd: z.cwd,
      env: (name) => (name === "ZOT_HOME" ? z.home : undefined),
      warn: (d) => notes.push(diagnosticLine(d)),
      timeouts: options.timeouts,
    });
  } catch (e) {
    await llm.close();
    await z[Symbol.asyncDispose]();
    throw e;
  }
  return {
    setup,
    llm,
    cwd: z.cwd,
    home: z.home,
    notes,
    async record(name) {
      const text = await Deno.readTextFile(records.get(name)!).catch(() => "");
      return text.split("\n").filter((l) => l).map((l) => JSON.parse(l));
    },
    async [Symbol.asyncDispose]() {
      await setup.shutdown();
      const left = processesMatching(z.root);
      await llm.close();
      await z[Symbol.asyncDispose]();
      if (left.length) {
        throw new Error(`Guard processes left behind: ${left.map((p) => p.pid).join(", ")}`);
      }
    },
  };
}

/** The fake model's reply: `n` tool calls made by `call(i)`, then (next request) "done". */
export function burst(
  n: number,
  call: (i: number) => { name: string; args: Record<string, unknown> },
): FakeScript {
  const toolCalls = Array.from({ length: n }, (_, i) => ({ ...call(i), id: `call_${i}` }));
  return [{ toolCalls, chunkSize: 4096 }, { text: "done" }];
}
