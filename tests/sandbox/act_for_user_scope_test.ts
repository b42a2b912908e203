/**
 * The scope entries for acting in the user's name (`submit`, `submit_slash`,
 * `tool_prompt`): parsed strictly, off by default, counted as widening (so a
 * stored grant without them stops the extension until granted again), and
 * spelled out at consent.
 */

import { join } from "node:path";
import { assert, assertEquals, assertStringIncludes } from "../helpers/assert.ts";
import { tempZot } from "../helpers/tmp.ts";
import { allowsSubmit, allowsSubmitSlash, allowsToolPrompt } from "../../src/scope/allows.ts";
import { scopeToJson } from "../../src/scope/json.ts";
import { parseScope } from "../../src/scope/parse.ts";
import { defaultScope, type Scope } from "../../src/scope/scope.ts";
import { scopeWidening } from "../../src/scope/widening.ts";
import { describeScope, needsGrant } from "../../src/sandbox/describe.ts";
import { grantCommand } from "../../src/cli/ext/grant.ts";
import { planSandboxLaunch } from "../../src/extensions/sandbox_launch.ts";
import type { ExtensionSource } from "../../src/extensions/types.ts";
import { manifestOf } from "../helpers/manifest.ts";

function scope(raw: unknown): Scope {
  const r = parseScope(raw);
  if (!r.ok) throw new Error(r.errors.join("\n"));
  return r.scope;
}

const FIELDS = [
  ["submit", "submit"],
  ["submit_slash", "submitSlash"],
  ["tool_prompt", "toolPrompt"],
] as const;

Deno.test("submit, submit_slash and tool_prompt parse as flags, off by default", () => {
  const least = defaultScope();
  assert(!allowsSubmit(least) && !allowsSubmitSlash(least) && !allowsToolPrompt(least, "read"));
  for (const [key, field] of FIELDS) {
    assertEquals(scope({ [key]: true })[field], true);
    assertEquals(scope({ [key]: false })[field], false);
    assertEquals(scope({})[field], false);
    const bad = parseScope({ [key]: "yes" });
    assert(!bad.ok);
    assertEquals(bad.errors, [`scope.${key} must be true or false`]);
    assertEquals(scope(scopeToJson(scope({ [key]: true }))), scope({ [key]: true }));
  }
});

Deno.test("tool_prompt reaches exactly the tools call_tool lists", () => {
  assert(!allowsToolPrompt(scope({ tool_prompt: true }), "read"));
  assert(!allowsToolPrompt(scope({ call_tool: ["read"] }), "read"));
  const s = scope({ tool_prompt: true, call_tool: ["read"] });
  assert(allowsToolPrompt(s, "read"));
  assert(!allowsToolPrompt(s, "bash"));
  assert(allowsToolPrompt(scope({ tool_prompt: true, call_tool: ["*"] }), "bash"));
});

Deno.test("each new entry widens a grant that lacks it, and only then", () => {
  for (const [key] of FIELDS) {
    assertEquals(scopeWidening(defaultScope(), scope({ [key]: true })), [`${key}: +allowed`]);
    assertEquals(scopeWidening(scope({ [key]: true }), scope({ [key]: true })), []);
    assertEquals(scopeWidening(scope({ [key]: true }), defaultScope()), []);
    assert(needsGrant(scope({ [key]: true })), key);
  }
  assertEquals(
    scopeWidening(
      scope({ tool_prompt: true, call_tool: ["read"] }),
      scope({ tool_prompt: true, call_tool: ["read", "bash"] }),
    ),
    ["call_tool: +bash"],
  );
  assertEquals(
    scopeWidening(defaultScope(), scope({ submit: true, submit_slash: true, tool_prompt: true })),
    ["submit: +allowed", "submit_slash: +allowed", "tool_prompt: +allowed"],
  );
});

Deno.test("consent spells out acting in your name", () => {
  assertEquals(describeScope(defaultScope()).filter((l) => /submit|as you/.test(l)), []);
  const lines = describeScope(
    scope({ submit: true, submit_slash: true, tool_prompt: true, call_tool: ["bash", "read"] }),
  );
  assert(
    lines.includes(
      "submit prompts to the model as if you typed them (the model acts on them with your tools)",
    ),
    lines.join("\n"),
  );
  assert(
    lines.includes(
      "run its own slash commands as if you typed them (their answers submit prompts only with the submit grant)",
    ),
    lines.join("\n"),
  );
  assertStringIncludes(lines.join("\n"), "run tools as you from its commands");
  assertStringIncludes(lines.at(-1)!, ": bash, read");
  assertStringIncludes(
    describeScope(scope({ tool_prompt: true })).at(-1)!,
    "none: call_tool lists none",
  );
});

async function writeExt(dir: string, scope: unknown): Promise<ExtensionSource> {
  await Deno.mkdir(dir, { recursive: true });
  const raw = { name: "actor", exec: "./main.ts", scope };
  await Deno.writeTextFile(join(dir, "extension.json"), JSON.stringify(raw));
  await Deno.writeTextFile(join(dir, "main.ts"), "export {};\n");
  return {
    manifest: manifestOf(raw),
    dir,
    manifestPath: join(dir, "extension.json"),
    kind: "global",
  };
}

const quiet = { interactive: () => false, ask: () => Promise.resolve(false), print: () => {} };

Deno.test("an installed extension whose manifest adds one of them does not start until granted", async () => {
  await using z = await tempZot();
  const dir = join(z.paths.extensions, "actor");
  await writeExt(dir, { call_tool: ["bash"] });
  await grantCommand(z.paths, "actor", { yes: true, io: quiet });
  for (const [key] of FIELDS) {
    const src = await writeExt(dir, { call_tool: ["bash"], [key]: true });
    const plan = await planSandboxLaunch(src, { paths: z.paths, explicit: false, hostEnv: {} });
    assert(!plan.ok, key);
    assertStringIncludes(plan.error, `(${key}: +allowed) (run "zot ext grant actor")`);
  }
  const src = await writeExt(dir, { call_tool: ["bash"] });
  assert((await planSandboxLaunch(src, { paths: z.paths, explicit: false, hostEnv: {} })).ok);
});
