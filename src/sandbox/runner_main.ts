/**
 * The hidden `__zot_sandbox_runner` mode: zot re-executes itself to run one
 * TypeScript/JavaScript extension in a Worker with narrowed permissions, so
 * a compiled zot (whose own permissions are fixed) needs no separate Deno.
 * Under `deno run` the runner is usually the process itself, narrowed by
 * flags (process_entry.ts). The host spawns it with a cleared environment
 * and `--no-prompt`; see src/sandbox/command.ts for the flags.
 *
 * Imports stay minimal: every module loaded here is paid on each spawn.
 *
 * @module
 */

import { bootstrapUrl } from "./bootstrap.ts";
import { parseRunnerConfig, RUNNER_CONFIG_ENV } from "./config.ts";
import { withImportRemedy } from "./import_remedy.ts";

/** Exit code when the runner cannot start or the extension threw. */
const EXIT_FAILED = 1;
const EXIT_BAD_CONFIG = 2;

/** Run the configured extension; resolves to the process exit code. */
export function runSandboxRunner(_args: string[]): Promise<number> {
  const text = Deno.env.get(RUNNER_CONFIG_ENV);
  // Gone before any extension code runs: neither the worker nor children of
  // an allowed `run` command inherit it.
  Deno.env.delete(RUNNER_CONFIG_ENV);
  const config = parseRunnerConfig(text);
  if (typeof config === "string") {
    console.error(`zot sandbox runner: ${config}`);
    return Promise.resolve(EXIT_BAD_CONFIG);
  }
  const { promise, resolve } = Promise.withResolvers<number>();
  let worker: Worker;
  try {
    worker = new Worker(bootstrapUrl(config.entry, config.args), {
      type: "module",
      name: config.name,
      deno: { permissions: { ...config.permissions, ffi: false } },
    });
  } catch (e) {
    console.error(`zot sandbox runner: cannot start extension "${config.name}": ${String(e)}`);
    return Promise.resolve(EXIT_FAILED);
  }
  worker.onmessage = (e: MessageEvent) => {
    const m: unknown = e.data;
    if (typeof m !== "object" || m === null || !("__zot" in m)) return;
    if ((m.__zot === "exit" || m.__zot === "done") && "code" in m) {
      resolve(typeof m.code === "number" ? m.code : 0);
    } else if (m.__zot === "error" && "message" in m) {
      const why = withImportRemedy(String(m.message), config.entry);
      console.error(`zot sandbox runner: extension "${config.name}" failed: ${why}`);
      resolve(EXIT_FAILED);
    }
  };
  worker.onerror = (e: ErrorEvent) => {
    e.preventDefault();
    const why = withImportRemedy(e.message, config.entry);
    console.error(`zot sandbox runner: extension "${config.name}" failed: ${why}`);
    resolve(EXIT_FAILED);
  };
  return promise;
}
