/**
 * The escape and grant suites again, through the Worker runner: a compiled
 * zot cannot take permission flags, so it narrows them in a Worker
 * (src/sandbox/runner_main.ts), and `deno run` falls back to it for a scope
 * the flags cannot spell. `_worker_runner.ts` comes first, so the mode is set
 * before the suites' probes start.
 */

import "./_worker_runner.ts";
import "./escape_test.ts";
import "./grants_scope_test.ts";
import "./web_storage_test.ts";
import "./denied_remedy_test.ts";
import { assert } from "../helpers/assert.ts";
import { probeWorld, startProbe } from "./_probe.ts";

Deno.test("the probes of this file start the Worker runner", async () => {
  await using w = await probeWorld();
  await using p = await startProbe(w);
  assert(p.plan.args.includes("-A") && p.plan.args.some((a) => a.endsWith("/runner_entry.ts")));
});
