/**
 * Mutants for consent bound to what the user agreed to: identity records
 * (name, exec, kind, scope) checked at every start, every JS/TS entry
 * sandboxed whatever its shebang, one manifest name per extension, and
 * project trust pinned to the extension set the user saw.
 *
 * @module
 */

import type { Mutant } from "./types.ts";

const UPDATE = "tests/extensions/identity/update_test.ts";
const CHECK = "tests/extensions/identity/consent_check_test.ts";
const NAMES = "tests/extensions/identity/names_test.ts";
const TRUST = "tests/extensions/identity/trust_pins_test.ts";
const REFUSAL = "tests/extensions/identity/refusal_test.ts";

export const mutants: Mutant[] = [
  {
    id: "identity-exec-change",
    protection: "a changed exec refuses the start",
    file: "src/extensions/identity.ts",
    find: "if (recorded.exec !== undefined && recorded.exec !== now.exec) {",
    replace: "if (false) {",
    tests: [CHECK, UPDATE],
  },
  {
    id: "identity-kind-change",
    protection: "a changed launch kind refuses the start",
    file: "src/extensions/identity.ts",
    find: "if (recorded.kind !== now.kind) {",
    replace: "if (false) {",
    tests: [CHECK, UPDATE],
  },
  {
    id: "identity-name-change",
    protection: "a changed manifest name refuses the start",
    file: "src/extensions/identity.ts",
    find: "if (recorded.name !== now.name) changes.push(",
    replace: "if (false) changes.push(",
    tests: [UPDATE, NAMES],
  },
  {
    id: "identity-unreadable-is-none",
    protection: "an unreadable store grants nothing and is not taken for a first start",
    file: "src/sandbox/grants.ts",
    find: 'if (!store.ok) return { status: "unreadable", why: store.why };',
    replace: 'if (!store.ok) return { status: "none" };',
    tests: [CHECK],
  },
  {
    id: "identity-plain-unchecked",
    protection: "plain programs are checked against their record too",
    file: "src/extensions/launch.ts",
    find: "const consent = await checkConsent(source, options.paths);",
    replace: "const consent = { ok: true } as { ok: true } | { ok: false; why: string };",
    tests: [CHECK, UPDATE],
  },
  {
    id: "identity-scope-widening",
    protection: "a scope wider than the recorded one refuses the start",
    file: "src/extensions/consent_check.ts",
    find: "const widened = scopeWidening(rec.scope, now.scope);",
    replace: "const widened: string[] = [];",
    tests: [UPDATE, "tests/sandbox/launch_test.ts", "tests/sandbox/consent_test.ts"],
  },
  {
    id: "entry-kinds-old-list",
    protection: "every entry Deno runs as JS/TS (tsx, jsx, cjs, cts) is sandboxed",
    file: "src/sandbox/launch_kind.ts",
    find: "/\\.(ts|mts|cts|tsx|js|mjs|cjs|jsx)$/i;",
    replace: "/\\.(ts|mts|js|mjs)$/i;",
    tests: [CHECK],
  },
  {
    id: "entry-kinds-case",
    protection: "entry extensions compare without case (Deno runs main.TS as TypeScript)",
    file: "src/sandbox/launch_kind.ts",
    find: "/\\.(ts|mts|cts|tsx|js|mjs|cjs|jsx)$/i;",
    replace: "/\\.(ts|mts|cts|tsx|js|mjs|cjs|jsx)$/;",
    tests: [CHECK],
  },
  {
    id: "entry-link-to-script",
    protection: "a program-named link in the extension leading to a JS/TS file is refused",
    file: "src/extensions/launch.ts",
    find: "if (own && isSandboxedExec(target)) {",
    replace: "if (false) {",
    tests: [CHECK],
  },
  {
    id: "names-first-wins",
    protection: "installs sharing a manifest name all refuse; directory order picks nothing",
    file: "src/extensions/discovery.ts",
    find: "if (group.length === 1 || (explicit.length === 1 && s === explicit[0])) {",
    replace: "if (group[0] === s || (explicit.length === 1 && s === explicit[0])) {",
    tests: ["tests/extensions/discovery/discovery_test.ts", NAMES],
  },
  {
    id: "trust-pins-ignored",
    protection: "a trusted project runs only the extensions zot trust pinned",
    file: "src/modes/common/extensions.ts",
    find: "checkPinned(paths.trust, paths.cwd, sources);",
    replace: "Promise.resolve({ run: [...sources], held: [] });",
    tests: [TRUST],
  },
  {
    id: "trust-pin-manifest-hash",
    protection: "an edited project manifest waits for zot trust again",
    file: "src/extensions/trust.ts",
    find: 'if (pin.manifestSha256 !== now.manifestSha256) changes.push("manifest edited");',
    replace: "",
    tests: [TRUST],
  },
  {
    id: "trust-legacy-allows",
    protection: "a trust recorded before sets were pinned holds every extension back",
    file: "src/extensions/trust.ts",
    find: "? [`trusted before zot pinned each extension`]",
    replace: "? []",
    tests: [TRUST],
  },
  {
    id: "install-no-record",
    protection: "zot ext install records the identity of every kind once in place",
    file: "src/extensions/consent.ts",
    find: "return { ok: true, commit: (dir) => saveRecord(paths.grants, dir, identity) };",
    replace: "return { ok: true };",
    tests: [REFUSAL],
  },
  {
    id: "consent-never-asks",
    protection: "without a terminal and without --yes, consent is refused and nothing stored",
    file: "src/extensions/consent.ts",
    find: "if (!mustAsk || opts.yes) return { ok: true, scope };",
    replace: "return { ok: true, scope };",
    tests: [REFUSAL],
  },
  {
    id: "store-no-lock",
    protection: "read-modify-write of grants.json holds an exclusive lock",
    file: "src/sandbox/json_store.ts",
    find: "await lock.lock(true);",
    replace: "",
    tests: [CHECK],
  },
  {
    id: "grant-change-unasked",
    protection: "zot ext grant asks about a change even at least privilege (no terminal: refused)",
    file: "src/cli/ext/grant.ts",
    find: "alwaysAsk: changed,",
    replace: "alwaysAsk: false,",
    tests: [NAMES],
  },
];
