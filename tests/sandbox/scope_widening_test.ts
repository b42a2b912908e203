/**
 * Every comparison of `scopeWidening`, one test each: a scope that adds one
 * entry to one field widens exactly that field (named with the new entry),
 * an entry the grant already covers does not, and a grant in one field never
 * covers another field that uses the same spelling (`net` vs `import`, `run`
 * vs `call_tool`). Removing any comparison, or comparing a field against the
 * wrong granted list, fails the test of that field.
 *
 * @module
 */

import { assert, assertEquals } from "../helpers/assert.ts";
import { scopeToJson } from "../../src/scope/json.ts";
import { parseScope } from "../../src/scope/parse.ts";
import { defaultScope, type Scope } from "../../src/scope/scope.ts";
import { scopeWidening } from "../../src/scope/widening.ts";

function scope(raw: Record<string, unknown>): Scope {
  const r = parseScope(raw);
  if (!r.ok) throw new Error(r.errors.join("\n"));
  return r.scope;
}

/** What `current` adds to `granted` according to scopeWidening. */
const widened = (granted: Record<string, unknown>, current: Record<string, unknown>) =>
  scopeWidening(scope(granted), scope(current));

interface ListCase {
  key: string;
  /** Granted entry. */
  granted: string;
  /** An entry the granted one covers (no widening). */
  covered: string;
  /** An entry beyond the grant. */
  added: string;
  /** Another field whose grant of the same text must not cover this one. */
  sibling: string;
}

const LISTS: ListCase[] = [
  {
    key: "read",
    granted: "${project}/docs",
    covered: "${project}/docs/api",
    added: "${home}/.ssh",
    sibling: "env",
  },
  {
    key: "write",
    granted: "${data}/cache",
    covered: "${data}/cache/today",
    added: "${project}",
    sibling: "read",
  },
  {
    key: "net",
    granted: "127.0.0.1",
    covered: "127.0.0.1:8080",
    added: "api.example.com:443",
    sibling: "import",
  },
  { key: "env", granted: "WEATHER_*", covered: "WEATHER_KEY", added: "AWS_SECRET", sibling: "run" },
  { key: "run", granted: "git", covered: "git", added: "bash", sibling: "call_tool" },
  { key: "sys", granted: "hostname", covered: "hostname", added: "uid", sibling: "run" },
  {
    key: "import",
    granted: "esm.sh",
    covered: "esm.sh:443",
    added: "evil.example.com:443",
    sibling: "net",
  },
  {
    key: "events",
    granted: "session_start",
    covered: "session_start",
    added: "tool_result",
    sibling: "call_tool",
  },
  {
    key: "intercept",
    granted: "tool_call",
    covered: "tool_call",
    added: "assistant_message",
    sibling: "events",
  },
  { key: "call_tool", granted: "read", covered: "read", added: "bash", sibling: "run" },
];

/** The same text granted in `sibling` where that field accepts it, else nothing. */
function siblingGrant(c: ListCase, entry: string): Record<string, unknown> {
  const probe = { [c.sibling]: [entry] };
  return parseScope(probe).ok ? probe : {};
}

for (const c of LISTS) {
  Deno.test(`widening: scope.${c.key} gaining an entry widens ${c.key} and names the entry`, () => {
    assertEquals(widened({}, { [c.key]: [c.added] }), [`${c.key}: +${c.added}`]);
    // Widening is measured against the grant, not against least privilege.
    assertEquals(
      widened({ [c.key]: [c.granted] }, { [c.key]: [c.granted, c.added] }),
      [`${c.key}: +${c.added}`],
    );
  });

  Deno.test(`widening: scope.${c.key} within the grant does not widen`, () => {
    assertEquals(widened({ [c.key]: [c.granted] }, { [c.key]: [c.covered] }), []);
    assertEquals(widened({ [c.key]: [c.granted] }, {}), []);
  });

  Deno.test(`widening: a grant of ${c.sibling} does not cover scope.${c.key}`, () => {
    const granted = siblingGrant(c, c.added);
    assertEquals(widened(granted, { ...granted, [c.key]: [c.added] }), [`${c.key}: +${c.added}`]);
  });
}

Deno.test("widening: a wildcard grant covers the names of its own field only", () => {
  assertEquals(widened({ call_tool: ["*"] }, { call_tool: ["bash", "write"] }), []);
  assertEquals(widened({ events: ["*"] }, { events: ["tool_result"] }), []);
  assertEquals(widened({ intercept: ["*"] }, { intercept: ["turn_start"] }), []);
  assertEquals(widened({ call_tool: ["*"] }, { call_tool: ["*"], run: ["bash"] }), [
    "run: +bash",
  ]);
  // A name is not a path: granting "git" does not grant "/usr/bin/git".
  assertEquals(widened({ run: ["git"] }, { run: ["/usr/bin/git"] }), ["run: +/usr/bin/git"]);
});

Deno.test("widening: paths are covered only below a granted directory, not beside it", () => {
  assertEquals(widened({ read: ["${project}/docs"] }, { read: ["${project}/docs2"] }), [
    "read: +${project}/docs2",
  ]);
  assertEquals(widened({ write: ["/tmp/a"] }, { write: ["/tmp/ab"] }), ["write: +/tmp/ab"]);
  assertEquals(widened({ read: ["/"] }, { read: ["/etc"] }), []);
});

Deno.test("widening: a host grant with a port does not cover other ports", () => {
  assertEquals(widened({ net: ["127.0.0.1:8080"] }, { net: ["127.0.0.1:9090"] }), [
    "net: +127.0.0.1:9090",
  ]);
  assertEquals(widened({ net: ["127.0.0.1:8080"] }, { net: ["127.0.0.1"] }), [
    "net: +127.0.0.1",
  ]);
  assertEquals(widened({ env: ["WEATHER_*"] }, { env: ["WEATHER*"] }), ["env: +WEATHER*"]);
  assertEquals(widened({ env: ["WEATHER_KEY"] }, { env: ["WEATHER_*"] }), ["env: +WEATHER_*"]);
});

Deno.test("widening: memory widens only upward, and says from what to what", () => {
  assertEquals(widened({ memory: 256 }, { memory: 512 }), ["memory: 256 → 512 MB"]);
  assertEquals(widened({}, { memory: 257 }), ["memory: 256 → 257 MB"]);
  assertEquals(widened({ memory: 512 }, { memory: 128 }), []);
  assertEquals(widened({ memory: 512 }, { memory: 512 }), []);
});

Deno.test("widening: system_prompt widens from false to true only", () => {
  assertEquals(widened({}, { system_prompt: true }), ["system_prompt: +allowed"]);
  assertEquals(widened({ system_prompt: true }, { system_prompt: true }), []);
  assertEquals(widened({ system_prompt: true }, {}), []);
});

Deno.test("widening: several fields at once are all named, in a stable order", () => {
  assertEquals(
    widened({}, {
      call_tool: ["bash"],
      run: ["bash"],
      write: ["${project}"],
      sys: ["uid"],
      import: ["esm.sh"],
      intercept: ["tool_call"],
    }),
    [
      "write: +${project}",
      "run: +bash",
      "sys: +uid",
      "import: +esm.sh",
      "intercept: +tool_call",
      "call_tool: +bash",
    ],
  );
});

/**
 * One asking value per scope key. A key added to the scope (it shows in
 * scopeToJson) without a sample here fails the test below: add a sample, and
 * make sure scopeWidening compares the new key, or a manifest could gain it
 * after the grant without anyone being asked.
 */
const SAMPLES: Record<string, unknown> = {
  read: ["${home}/.ssh"],
  write: ["${project}"],
  net: ["api.example.com:443"],
  env: ["AWS_SECRET"],
  run: ["bash"],
  sys: ["userInfo"],
  import: ["esm.sh:443"],
  memory: 1024,
  events: ["tool_result"],
  intercept: ["tool_call"],
  system_prompt: true,
  submit: true,
  submit_slash: true,
  tool_prompt: true,
  call_tool: ["bash"],
};

Deno.test("widening: every key of the scope is compared (a new key needs a comparison)", () => {
  const keys = Object.keys(scopeToJson(defaultScope()));
  const missing = keys.filter((k) => !(k in SAMPLES));
  assertEquals(
    missing,
    [],
    `add a sample for ${missing.join(", ")} and compare it in scopeWidening`,
  );
  for (const key of keys) {
    const out = widened({}, { [key]: SAMPLES[key] });
    assertEquals(out.length, 1, `scope.${key} gained after the grant: ${JSON.stringify(out)}`);
    assert(out[0].startsWith(`${key}: `), out[0]);
  }
});
