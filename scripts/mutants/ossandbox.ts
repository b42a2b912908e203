/**
 * Mutants for the OS sandbox: the core that confines one process
 * (src/ossandbox/) and plain extensions with a scope that run in it.
 *
 * @module
 */

import type { Mutant } from "./types.ts";

const CONFINE = "src/ossandbox/confine.ts";
const CONFINED_LAUNCH = "src/extensions/confined_launch.ts";
const CORE_TEST = "tests/ossandbox/confine_test.ts";
const PLAIN_TEST = "tests/ossandbox/plain_extension_test.ts";
const UNAVAILABLE_TEST = "tests/ossandbox/unavailable_test.ts";

export const mutants: Mutant[] = [
  {
    id: "ossandbox-unavailable-ignored",
    protection: "confineCommand refuses when the OS sandbox is unavailable, never runs unconfined",
    file: CONFINE,
    find: "  if (!status.ok) {",
    replace: "  if (false) {",
    tests: [UNAVAILABLE_TEST],
  },
  {
    id: "ossandbox-read-deny-dropped",
    protection: "a confined process cannot read what its policy denies (a secret under the home)",
    file: CONFINE,
    find: "denyRead: [...policy.readDeny],",
    replace: "denyRead: [],",
    tests: [CORE_TEST, PLAIN_TEST],
  },
  {
    id: "ossandbox-write-everywhere",
    protection: "a confined process writes only where its policy allows",
    file: CONFINE,
    find: "allowWrite: [...policy.write],",
    replace: `allowWrite: [...policy.write, "/"],`,
    tests: [CORE_TEST],
  },
  {
    id: "ossandbox-env-inherited",
    protection: "a confined process gets only the policy's environment, nothing of zot's",
    file: CONFINE,
    find: "env: { ...policy.env }, release };",
    replace: "env: { ...Deno.env.toObject(), ...policy.env }, release };",
    tests: [CORE_TEST],
  },
  {
    id: "ossandbox-loopback-unchecked",
    protection: "a host on this machine is refused unless the policy allows loopback",
    file: CONFINE,
    find: "if (!policy.loopback && isLoopbackHost(hostOfEntry(entry))) {",
    replace: "if (false) {",
    tests: [CORE_TEST],
  },
  {
    id: "ossandbox-proxy-allows-loopback",
    protection: "the shared proxy lets through only each process's own hosts, no local port else",
    file: CONFINE,
    find: "      network: { allowedDomains: [], deniedDomains: [] },\n      filesystem: { denyRead",
    replace:
      `      network: { allowedDomains: ["127.0.0.1"], deniedDomains: [] },\n      filesystem: { denyRead`,
    tests: [CORE_TEST, PLAIN_TEST],
  },
  {
    id: "ossandbox-plain-scope-unconfined",
    protection: "a plain extension with a scope runs in the OS sandbox, not with full privileges",
    file: "src/extensions/launch.ts",
    find: "  if (scope) {",
    replace: "  if (false) {",
    tests: [PLAIN_TEST],
  },
  {
    id: "ossandbox-plain-reads-everything",
    protection: "a confined plain extension reads only system trees, its own dirs and grants",
    file: CONFINED_LAUNCH,
    find: `readDeny: ["/"],`,
    replace: "readDeny: [],",
    tests: [PLAIN_TEST],
  },
  {
    id: "ossandbox-plain-env-inherited",
    protection: "a confined plain extension sees only granted variables, not zot's environment",
    file: CONFINED_LAUNCH,
    find: "...grantedEnv(scope, at.hostEnv),",
    replace: "...at.hostEnv,",
    tests: [PLAIN_TEST],
  },
  {
    id: "ossandbox-silent-fallback",
    protection:
      "without the OS sandbox a scoped extension refuses to start unless the user allowed it",
    file: CONFINED_LAUNCH,
    find: "    return fail(\n      `its scope needs the OS sandbox",
    replace:
      "    return { ok: true, plan: unconfinedPlan(request, status.reason) };\n    return fail(\n      `its scope needs the OS sandbox",
    tests: [UNAVAILABLE_TEST],
  },
  {
    id: "ossandbox-unconfined-any-name",
    protection: "the decision to run unconfined holds only for the extension it was made for",
    file: "src/sandbox/unconfined.ts",
    find: "return asRecord(all[key]).name === name;",
    replace: "return true;",
    tests: [UNAVAILABLE_TEST],
  },
  {
    id: "ossandbox-os-scope-unchecked",
    protection: "a scope entry the OS sandbox cannot enforce is refused at load, with the reason",
    file: "src/extensions/manifest_fields.ts",
    find: "if (os.length) return",
    replace: "if (false) return",
    tests: ["tests/extensions/manifest/manifest_scope_test.ts"],
  },
  {
    id: "ossandbox-confined-kind-dropped",
    protection:
      "a plain program with a scope is its own kind: dropping the scope waits for consent",
    file: "src/sandbox/launch_kind.ts",
    find: `return scoped ? "confined" : "plain";`,
    replace: `return "plain";`,
    tests: ["tests/ossandbox/consent_test.ts"],
  },
  {
    id: "ossandbox-confined-scope-unrecorded",
    protection: "the scope granted to a confined plain extension is recorded, so widening is asked",
    file: "src/sandbox/grants.ts",
    find: `const scoped = record.kind === "sandboxed" || record.kind === "confined";`,
    replace: `const scoped = record.kind === "sandboxed";`,
    tests: ["tests/ossandbox/consent_test.ts"],
  },
  {
    id: "ossandbox-setting-ignored",
    protection: "the confinePlainExtensions setting runs every plain extension at least privilege",
    file: "src/extensions/launch.ts",
    find: "return value.confinePlainExtensions === true;",
    replace: "return false;",
    tests: [PLAIN_TEST],
  },
  {
    id: "ossandbox-plain-protocol-unscoped",
    protection: "the host enforces a scoped plain extension's protocol grants (call_tool, submit)",
    file: CONFINED_LAUNCH,
    find: "        sandboxed: true,",
    replace: "        sandboxed: false,",
    tests: [PLAIN_TEST],
  },
];
