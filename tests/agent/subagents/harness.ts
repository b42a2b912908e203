/**
 * Harness for the subagent tests: the real shared setup of a parent zot
 * (extension host with a real Python subscriber, real provider) against the
 * fake LLM server. A `subagent` call starts a real child zot subprocess
 * (`deno run main.ts --json`) that talks to the same fake server.
 *
 * @module
 */

import { tempZot } from "../../helpers/tmp.ts";
import { type FakeLlm, type FakeScript, startFakeLlm } from "../../helpers/fake_llm.ts";
import { descendants, processesMatching } from "../../helpers/procs.ts";
import { until } from "../../helpers/wait.ts";
import { createSetup, type RunSetup } from "../../../src/modes/common/setup.ts";
import { defaultFlags, type RunFlags } from "../../../src/modes/common/flags.ts";
import { SILENT_UI } from "../../../src/extensions/ui.ts";
import { diagnosticLine } from "../../../src/modes/common/diagnostics.ts";

export const SUBSCRIBER = new URL("./fixtures/subscriber.py", import.meta.url).pathname;

/** Writes a manifest for the subscriber that records to `record`; returns its directory. */
export async function subscriberExtension(root: string, record: string): Promise<string> {
  const dir = `${root}/ext-subscriber`;
  await Deno.mkdir(dir, { recursive: true });
  const manifest = { name: "subscriber", exec: "python3", args: [SUBSCRIBER, record] };
  await Deno.writeTextFile(`${dir}/extension.json`, JSON.stringify(manifest));
  return dir;
}

/** Lifecycle frames in the record file (`depth` "0" = parent, "1" = child). */
export async function recorded(record: string): Promise<Record<string, unknown>[]> {
  const text = await Deno.readTextFile(record).catch(() => "");
  return text.split("\n").filter((l) => l !== "").map((l) => JSON.parse(l));
}

export function swarmEvents(frames: Record<string, unknown>[]): Record<string, unknown>[] {
  return frames.filter((f) => f.event === "subagent_start" || f.event === "subagent_stop");
}

export interface Parent extends AsyncDisposable {
  setup: RunSetup;
  llm: FakeLlm;
  record: string;
  cwd: string;
  notes: string[];
  shutdown(): Promise<void>;
}

export async function parent(
  script: FakeScript,
  flags: Partial<RunFlags> = {},
  options: { storedKey?: string } = {},
): Promise<Parent> {
  const z = await tempZot();
  if (options.storedKey) {
    const auth = { anthropic: { type: "api_key", key: options.storedKey } };
    await Deno.writeTextFile(z.paths.auth, JSON.stringify(auth));
  }
  const llm = await startFakeLlm({ script });
  const record = `${z.root}/events.jsonl`;
  const notes: string[] = [];
  let setup: RunSetup;
  try {
    const ext = await subscriberExtension(z.root, record);
    setup = await createSetup({
      mode: "print",
      flags: {
        ...defaultFlags(),
        ext: [ext],
        noExt: true,
        baseUrl: llm.url,
        apiKey: "test-key",
        provider: "anthropic",
        ...flags,
      },
      ui: SILENT_UI,
      cwd: z.cwd,
      env: (name) => (name === "ZOT_HOME" ? z.home : undefined),
      warn: (d) => notes.push(diagnosticLine(d)),
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
    record,
    cwd: z.cwd,
    notes,
    shutdown,
    async [Symbol.asyncDispose]() {
      await shutdown();
      // A killed child zot's own extensions see EOF and exit on their own, as orphans.
      await until(() => processesMatching(record).length === 0, 5_000, "orphaned extensions");
      await llm.close();
      await z[Symbol.asyncDispose]();
      const left = descendants().filter((p) => p.state !== "Z");
      if (left.length) {
        const list = left.map((p) => `${p.pid} ${p.cmdline}`).join("; ");
        throw new Error(`Processes left behind: ${list}`);
      }
    },
  };
}
