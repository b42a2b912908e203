/**
 * The Worker runner's main module under `deno run`, for a scope the
 * permission flags cannot spell (the usual runner there is process_entry.ts,
 * see src/sandbox/command.ts). Not main.ts: Deno builds the
 * main module's graph including its dynamic imports, so starting from
 * main.ts would read and parse all of zot (about 180 files) on every
 * extension spawn, only to use three of them. A compiled zot embeds its
 * graph and enters through main.ts (`zot __zot_sandbox_runner`) instead.
 *
 * @module
 */

import { runSandboxRunner } from "./runner_main.ts";

if (import.meta.main) Deno.exit(await runSandboxRunner(Deno.args.slice(1)));
