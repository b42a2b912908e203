/**
 * A wildcard env grant never hands an extension zot's own provider keys: `"A*"` or
 * `"OPENAI*"` in a manifest covers the app's settings, not `ANTHROPIC_API_KEY` or
 * `OPENAI_API_KEY`. Only a grant that spells the key's name, shown by name at consent, passes
 * it. Checked where the grant becomes an environment (the TS runner's plan and a confined
 * plain extension's policy) and from inside a running sandboxed extension.
 *
 * @module
 */

import { assert, assertEquals, assertStringIncludes } from "../helpers/assert.ts";
import { envGrantCovers, grantedEnv } from "../../src/sandbox/permissions.ts";
import { planSandboxLaunch } from "../../src/extensions/sandbox_launch.ts";
import { osPolicyFor } from "../../src/extensions/confined_launch.ts";
import { describeScope } from "../../src/sandbox/describe.ts";
import { scopeOf } from "../helpers/manifest.ts";
import { probeWorld, startProbe } from "./_probe.ts";

const KEYS = { ANTHROPIC_API_KEY: "sk-ant-zot-key", OPENAI_API_KEY: "sk-zot-openai-key" };
const HOST = { ...KEYS, APP_MODE: "fast", OPENAI_BASE: "http://127.0.0.1:1" };

Deno.test("a wildcard env grant covers the app's variables, never zot's keys", () => {
  const env = grantedEnv(scopeOf({ env: ["A*", "OPENAI*"] }), HOST);
  assertEquals(env, { APP_MODE: "fast", OPENAI_BASE: "http://127.0.0.1:1" });
  assertEquals(envGrantCovers("ANTHROPIC_*", "ANTHROPIC_API_KEY"), false);
  assertEquals(envGrantCovers("OPENAI_API_KEY*", "OPENAI_API_KEY"), false);
  assertEquals(envGrantCovers("ZOT*", "ZOTCORE_RPC_TOKEN"), false);
});

Deno.test("an env grant that spells a key's name passes it", () => {
  const env = grantedEnv(scopeOf({ env: ["ANTHROPIC_API_KEY", "OPENAI*"] }), HOST);
  assertEquals(env.ANTHROPIC_API_KEY, KEYS.ANTHROPIC_API_KEY);
  assertEquals(env.OPENAI_API_KEY, undefined);
});

Deno.test("a confined plain extension with a wildcard env grant gets none of zot's keys", () => {
  const policy = osPolicyFor(scopeOf({ env: ["A*", "OPENAI*"] }), {
    read: [],
    write: [],
    writeDeny: [],
    system: [],
    program: "/x/ext/main.py",
    data: "/x/data",
    extension: "/x/ext",
    hostEnv: { ...HOST, PATH: "/usr/bin" },
  });
  assertEquals(policy.env.APP_MODE, "fast");
  assertEquals(policy.env.ANTHROPIC_API_KEY, undefined);
  assertEquals(policy.env.OPENAI_API_KEY, undefined);
});

Deno.test("a sandboxed TS extension granted 'A*' cannot read zot's key", async () => {
  await using w = await probeWorld({ env: ["A*", "OPENAI*"] }, { hostEnv: HOST });
  const planned = await planSandboxLaunch(w.source, {
    paths: w.paths,
    explicit: true,
    hostEnv: w.hostEnv,
  });
  assert(planned.ok, planned.ok ? "" : planned.error);
  assert(!JSON.stringify(planned.plan.env).includes("sk-"), JSON.stringify(planned.plan.env));
  await using p = await startProbe(w);
  assertEquals(await p.call("env", { name: "ANTHROPIC_API_KEY" }), "ok: undefined");
  assertEquals(await p.call("env", { name: "OPENAI_API_KEY" }), "ok: undefined");
  assertEquals(await p.call("env", { name: "APP_MODE" }), "ok: fast");
});

Deno.test("consent says that a wildcard env grant never covers zot's keys", () => {
  const lines = describeScope(scopeOf({ env: ["A*"] })).join("\n");
  assertStringIncludes(lines, "never covers zot's provider keys");
  const exact = describeScope(scopeOf({ env: ["APP_MODE"] })).join("\n");
  assert(!exact.includes("never covers"), exact);
});
