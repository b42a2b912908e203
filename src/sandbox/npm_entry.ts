/**
 * The process runner's main module for an MCP server published on npm. It
 * differs from process_entry.ts in one thing, done before handing over to it:
 * `process.argv` reads as the package's executable would see it under Node
 * (`[runtime, entry, ...args]`). Servers take their transport or their
 * allowed directories from `process.argv.slice(2)`, which would otherwise be
 * the runner's own argv. Every check of process_entry.ts (configuration read
 * and deleted first, the entry loaded with a dynamic `import()`) still runs.
 *
 * @module
 */

import process from "node:process";
import { parseRunnerConfig, RUNNER_CONFIG_ENV } from "./config.ts";
import { runInProcess } from "./process_entry.ts";

const config = parseRunnerConfig(Deno.env.get(RUNNER_CONFIG_ENV));
if (typeof config !== "string") process.argv = [Deno.execPath(), config.entry, ...config.args];
// A server listens on stdin after its module has loaded: it ends when its event loop is empty.
await runInProcess({ untilIdle: true });
