/**
 * Which modules a real `zot` run evaluates: zot is started with Deno's debug
 * log on, which names every ES module as V8 compiles it (from its code cache
 * or fresh). Used by the start-up structure test and the bench's module
 * count. The caller checks that the list names modules it knows are loaded,
 * so a change of the log's wording fails loudly instead of passing empty.
 *
 * @module
 */

import { DENO_RUN_FLAGS } from "../../src/self_exec.ts";
import { CONFIG, MAIN } from "../modes/run_zot.ts";

export interface LoadedRun {
  code: number;
  stdout: string;
  stderr: string;
  /** Module URLs, sorted, each once (file:, npm cache files, node:, ext:). */
  modules: string[];
}

const COMPILED = /(?:code cache hit for ES module|Updating V8 code cache for ES module): (\S+?),/g;

/** Run `zot args…` (as `deno task zot` does) and list the modules it evaluated. */
export async function loadedModules(
  args: string[],
  z: { cwd: string; home: string; env?: Record<string, string> },
): Promise<LoadedRun> {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", ...DENO_RUN_FLAGS, "-L", "debug", "--config", CONFIG, MAIN, ...args],
    cwd: z.cwd,
    env: { ZOT_HOME: z.home, ANTHROPIC_API_KEY: "test-key", NO_COLOR: "1", ...z.env },
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).output();
  const dec = new TextDecoder();
  const stderr = dec.decode(out.stderr);
  const modules = new Set<string>();
  for (const m of stderr.matchAll(COMPILED)) modules.add(m[1]);
  return { code: out.code, stdout: dec.decode(out.stdout), stderr, modules: [...modules].sort() };
}

/** The zot source files among `modules`, repository-relative ("src/cli/mod.ts"). */
export function zotFiles(modules: string[]): string[] {
  const root = new URL("../../", import.meta.url).href;
  return modules.filter((m) => m.startsWith(root)).map((m) => m.slice(root.length));
}

/** The npm packages among `modules` ("@anthropic-ai/sdk", "eventsource-parser"). */
export function npmPackages(modules: string[]): string[] {
  const names = new Set<string>();
  for (const m of modules) {
    const at = m.indexOf("/registry.npmjs.org/");
    if (at < 0) continue;
    const parts = m.slice(at + "/registry.npmjs.org/".length).split("/");
    names.add(parts[0].startsWith("@") ? `${parts[0]}/${parts[1]}` : parts[0]);
  }
  return [...names].sort();
}
