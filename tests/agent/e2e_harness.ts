/**
 * End-to-end harness: the real shared setup (extension host, real Python
 * extension subprocess, real providers) against the fake LLM server.
 *
 * @module
 */

import { tempZot } from "../helpers/tmp.ts";
import { type FakeLlm, type FakeScript, startFakeLlm } from "../helpers/fake_llm.ts";
import { deferred } from "../helpers/wait.ts";
import { processesMatching } from "../helpers/procs.ts";
import { createSetup, type RunSetup } from "../../src/modes/common/setup.ts";
import { defaultFlags, type RunFlags } from "../../src/modes/common/flags.ts";
import { SILENT_UI } from "../../src/extensions/ui.ts";
import type { HostTimeouts } from "../../src/extensions/host/mod.ts";
import { PYTHON } from "../helpers/python.ts";
import { type Diagnostic, diagnosticText } from "../../src/diagnostic.ts";
import { diagnosticLine } from "../../src/modes/common/diagnostics.ts";

const FIXTURE = new URL("./fixtures/recorder.py", import.meta.url).pathname;

export interface RecorderConfig {
  capabilities?: string[];
  events?: string[];
  intercept?: string[];
  tools?: {
    name: string;
    mode?: string;
    deferred?: boolean;
    activates?: string[];
    calls?: string;
    call_args?: Record<string, unknown>;
  }[];
  block_tool_contains?: string;
  block_reason?: string;
  rewrite_prefix?: string;
  block_turn?: string;
  redact?: string;
  hide_text?: string;
  prompt_suffix?: string;
}

export const ALL_EVENTS = [
  "session_start",
  "session_end",
  "user_prompt_submit",
  "turn_start",
  "turn_end",
  "tool_call",
  "tool_confirmation_requested",
  "permission_decision",
  "tool_result",
  "assistant_message",
  "pre_compact",
  "post_compact",
];

export interface E2E extends AsyncDisposable {
  setup: RunSetup;
  llm: FakeLlm;
  notes: string[];
  /** Resolves when the extension reports a tool call arriving. */
  toolStarted: Promise<void>;
  /** Frames the extension received (read after shutdown). */
  frames(): Promise<Record<string, unknown>[]>;
  shutdown(): Promise<void>;
}

export async function e2e(
  script: FakeScript,
  config: RecorderConfig,
  options: { flags?: Partial<RunFlags>; timeouts?: Partial<HostTimeouts> } = {},
): Promise<E2E> {
  const z = await tempZot();
  const llm = await startFakeLlm({ script });
  const record = `${z.root}/frames.jsonl`;
  const extDir = `${z.root}/ext-rec`;
  await Deno.mkdir(extDir);
  await Deno.writeTextFile(
    `${extDir}/extension.json`,
    JSON.stringify({
      name: "rec",
      exec: PYTHON,
      args: [FIXTURE, JSON.stringify({ name: "rec", record, ...config })],
    }),
  );
  const notes: string[] = [];
  const started = deferred<void>();
  const ui = {
    ...SILENT_UI,
    notify(_ext: string, _level: string, message: string) {
      notes.push(message);
      if (message.startsWith("tool started")) started.resolve();
    },
    warn(d: Diagnostic) {
      notes.push(`warn: ${diagnosticText(d)}`);
    },
  };
  const env = (name: string) => (name === "ZOT_HOME" ? z.home : undefined);
  const flags: RunFlags = {
    ...defaultFlags(),
    ext: [extDir],
    noExt: true,
    baseUrl: llm.url,
    apiKey: "test-key",
    provider: "anthropic",
    ...options.flags,
  };
  let setup: RunSetup;
  try {
    setup = await createSetup({
      mode: "print",
      flags,
      ui,
      cwd: z.cwd,
      env,
      warn: (d) => notes.push(diagnosticLine(d)),
      timeouts: options.timeouts,
    });
  } catch (e) {
    await llm.close();
    await z[Symbol.asyncDispose]();
    throw e;
  }
  let down = false;
  const shutdown = async () => {
    if (down) return;
    down = true;
    await setup.shutdown();
  };
  return {
    setup,
    llm,
    notes,
    toolStarted: started.promise,
    shutdown,
    async frames() {
      await shutdown();
      const text = await Deno.readTextFile(record).catch(() => "");
      return text.split("\n").filter((l) => l).map((l) => JSON.parse(l));
    },
    async [Symbol.asyncDispose]() {
      await shutdown();
      const left = processesMatching(record);
      await llm.close();
      await z[Symbol.asyncDispose]();
      if (left.length) {
        throw new Error(`Extension processes left behind: ${left.map((p) => p.pid).join(", ")}`);
      }
    },
  };
}

/** Lifecycle `event` frames only. */
export function eventsOf(frames: Record<string, unknown>[]): Record<string, unknown>[] {
  return frames.filter((f) => f.type === "event");
}
