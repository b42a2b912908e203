/**
 * The runner's main module under `deno run`: the scope is this process's own
 * permission flags (built in src/sandbox/command.ts), so no Worker is
 * started. Measured on Deno 2.9.6: creating a Worker takes 20-25 ms, more
 * than the whole rest of a runner, which made a sandboxed start twice a plain
 * `deno run` of the same extension. The Worker runner (runner_main.ts) stays
 * for a compiled zot, whose permissions are fixed at compile time, and for
 * values the flags cannot spell.
 *
 * Before the extension's code runs it does what the Worker bootstrap does
 * (bootstrap.ts): reads the configuration and deletes it (dropping the
 * permission to read it unless the scope grants that name), sets
 * `Deno.args`, makes `close()` report `Deno.exitCode`, and loads the entry
 * with a dynamic `import()`, so the entry and everything it imports are
 * checked against the read grant (a static import would not be). The
 * extension is finished when that import (and `main()`, if exported)
 * settles, or when it exits; an uncaught error ends it with 1.
 *
 * Imports stay minimal: every module loaded here is paid on each spawn.
 *
 * @module
 */

import { parseRunnerConfig, RUNNER_CONFIG_ENV, WEB_STORAGE_GLOBALS } from "./config.ts";
import { withImportRemedy } from "./import_remedy.ts";
import { installDeniedRemedy } from "./denied_remedy.ts";

/** Exit code when the runner cannot start or the extension threw. */
const EXIT_FAILED = 1;
const EXIT_BAD_CONFIG = 2;

function fail(message: string, code: number): never {
  console.error(`zot sandbox runner: ${message}`);
  Deno.exit(code);
}

/** Whether an `env` grant (exact names, `PREFIX*` wildcards) covers `name`. */
function grantsEnv(env: string[] | false, name: string): boolean {
  return env !== false &&
    env.some((e) => e === name || (e.endsWith("*") && name.startsWith(e.slice(0, -1))));
}

/**
 * Run the configured extension in this process; ends the process once the entry has loaded,
 * unless `untilIdle` (a Node-style program, which runs until its event loop is empty).
 */
export async function runInProcess(options: { untilIdle?: boolean } = {}): Promise<void> {
  const config = parseRunnerConfig(Deno.env.get(RUNNER_CONFIG_ENV));
  // Gone before any extension code runs: neither it nor children of an
  // allowed `run` command can read it.
  Deno.env.delete(RUNNER_CONFIG_ENV);
  if (typeof config === "string") fail(config, EXIT_BAD_CONFIG);
  if (!grantsEnv(config.permissions.env, RUNNER_CONFIG_ENV)) {
    Deno.permissions.revokeSync({ name: "env", variable: RUNNER_CONFIG_ENV });
  }
  const failed = (why: string): never =>
    fail(`extension "${config.name}" failed: ${why}`, EXIT_FAILED);
  // A throw in a timer or an unhandled rejection ends the extension, as in the Worker runner.
  globalThis.addEventListener("error", (e) => {
    e.preventDefault();
    failed(e.message);
  });
  globalThis.addEventListener("unhandledrejection", (e) => {
    e.preventDefault();
    failed(e.reason instanceof Error ? (e.reason.stack ?? String(e.reason)) : String(e.reason));
  });
  Object.defineProperty(Deno, "args", {
    value: Object.freeze([...config.args]),
    configurable: false,
  });
  // A denied permission names the scope entry to add, even in an error the extension catches.
  installDeniedRemedy();
  // No web storage: it needs no permission and is not the extension's own (web_storage.ts).
  for (const name of WEB_STORAGE_GLOBALS) delete (globalThis as Record<string, unknown>)[name];
  // The main thread's close() would exit with 0 whatever Deno.exitCode says.
  globalThis.close = () => Deno.exit(Deno.exitCode ?? 0);
  try {
    const mod = await import(config.entry);
    if (typeof mod.main === "function") await mod.main();
  } catch (e) {
    const why = e instanceof Error ? (e.stack ?? String(e)) : String(e);
    failed(withImportRemedy(why, config.entry));
  }
  if (!options.untilIdle) Deno.exit(Deno.exitCode ?? 0);
}

if (import.meta.main) await runInProcess();
