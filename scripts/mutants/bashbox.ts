/**
 * Mutants for the sandboxed `bash` tool (`--sandbox`, `/sandbox`): no unconfined run when the
 * sandbox is on, credentials and zot's keys out of reach, writes only to the project (never to
 * the places code runs from later) and a temp dir, children sandboxed too. And for programs a
 * sandboxed extension starts through a `run` grant: no home directory beyond the scope's grants,
 * no network without hosts in the scope.
 *
 * @module
 */

import type { Mutant } from "./types.ts";

const POLICY = "src/tools/bash_sandbox.ts";
const LAUNCH = "src/tools/bash_launch.ts";
const POLICY_TEST = "tests/tools/bash_sandbox_policy_test.ts";
const REAL_TEST = "tests/tools/bash_sandbox_test.ts";
const RUN_TEST = "tests/lifetime/run_confine_test.ts";
const TOGGLE_TEST = "tests/modes/interactive/sandbox_toggle_test.ts";
const HOSTS_TEST = "tests/lifetime/run_hosts_test.ts";
const SOCKETS_TEST = "tests/lifetime/run_sockets_test.ts";

export const mutants: Mutant[] = [
  {
    id: "bashbox-no-confiner-runs-unconfined",
    protection: "with the sandbox on and no OS sandbox wired, a command is refused, not run",
    file: LAUNCH,
    find: "if (!box?.enabled) {",
    replace: "if (!box?.enabled || !box.confiner) {",
    tests: [POLICY_TEST],
  },
  {
    id: "bashbox-confine-failure-runs-unconfined",
    protection: "a command the OS sandbox cannot wrap is refused, never run unconfined",
    file: LAUNCH,
    find: "return { ok: false, error: `${cannot}: ${errorMessage(e)} (${OFF_REMEDY})` };",
    replace: "return prepareLaunch(undefined, shells, script, cwd);",
    tests: [POLICY_TEST],
  },
  {
    id: "bashbox-secrets-readable",
    protection: "a sandboxed command cannot read credentials (~/.ssh, …) nor zot's auth.json",
    file: POLICY,
    find: "readDeny: secretPaths(box.home, box.zotHome),",
    replace: "readDeny: [],",
    tests: [POLICY_TEST, REAL_TEST],
  },
  {
    id: "bashbox-ssh-not-secret",
    protection: "~/.ssh is on the list of credentials",
    file: POLICY,
    find: '".ssh",',
    replace: '".ssh-not-listed",',
    tests: [POLICY_TEST, REAL_TEST],
  },
  {
    id: "bashbox-api-key-in-env",
    protection: "zot's provider keys are not in a sandboxed command's environment",
    file: POLICY,
    find: "const clean = sandboxEnv(env, box.passEnv, stored).env;",
    replace: "const clean = { ...env };",
    tests: [POLICY_TEST],
  },
  {
    id: "bashbox-write-anywhere",
    protection: "a sandboxed command writes only to the project and its temp dir",
    file: POLICY,
    find: "write: [resolve(box.project), tmp],",
    replace: 'write: [resolve(box.project), tmp, "/tmp"],',
    tests: [POLICY_TEST, REAL_TEST],
  },
  {
    id: "bashbox-code-paths-writable",
    protection: "git hooks and config, .zot and $ZOT_HOME stay read-only inside the project",
    file: POLICY,
    find: "writeDeny: protectedPaths(box.project, box.zotHome),",
    replace: "writeDeny: [],",
    tests: [POLICY_TEST, REAL_TEST],
  },
  {
    id: "bashbox-subagent-unsandboxed",
    protection: "a subagent of a sandboxed run gets --sandbox",
    file: "src/agent/subagents/command.ts",
    find: 'if (profile.sandbox) flags.push("--sandbox");',
    replace: "",
    tests: ["tests/agent/subagents/command_test.ts"],
  },
  {
    id: "bashbox-start-without-os-sandbox",
    protection: "a run asked to sandbox bash where the OS sandbox cannot run does not start",
    file: "src/modes/common/bash_sandbox.ts",
    find: "if (!status.ok) {",
    replace: "if (false) {",
    tests: ["tests/modes/common/bash_sandbox_test.ts", "tests/journeys/sandbox_test.ts"],
  },
  {
    id: "bashbox-mount-points-left",
    protection: "the OS sandbox's mount-point files for absent paths do not stay in the project",
    file: "src/ossandbox/confine.ts",
    find: "if (wrappedOnce) SandboxManager.cleanupAfterCommand();",
    replace: "",
    tests: [REAL_TEST],
  },
  {
    id: "bashbox-toggle-without-os-sandbox",
    protection: "/sandbox does not switch on (nor show it) where the OS sandbox cannot run",
    file: "src/modes/interactive/commands/sandbox.ts",
    find: "if (!status.ok) {",
    replace: "if (false) {",
    tests: [TOGGLE_TEST],
  },
  {
    id: "bashbox-status-line-silent",
    protection: "the status line shows when bash runs in the OS sandbox",
    file: "src/tui/components/status_bar.ts",
    find: 'if (i.sandboxed) after.push("sandbox");',
    replace: "",
    tests: [TOGGLE_TEST],
  },
  {
    id: "run-grant-reads-home",
    protection: "a program started through a run grant cannot read the user's home directory",
    file: "src/sandbox/run_grant.ts",
    find: 'if (ctx.home && ctx.home !== "/") readDeny.push(ctx.home);',
    replace: "",
    tests: [RUN_TEST],
  },
  {
    id: "run-grant-network-without-hosts",
    protection: "a run grant of a scope without hosts has no network at all",
    file: "src/sandbox/confine.ts",
    find: 'if (!ctx.hosts) view.push("--unshare-net");',
    replace: "",
    tests: [SOCKETS_TEST],
  },
  {
    id: "run-grant-program-writes-git",
    protection: "a program started through a run grant cannot write into a write grant's .git",
    file: "src/sandbox/run_grant.ts",
    find: "writeDeny: (ctx.denyWrite ?? []).filter(existsSync),",
    replace: "writeDeny: [],",
    tests: [RUN_TEST],
  },
  {
    id: "run-grant-home-grants-ignored",
    protection: "a run grant hides the home directory without losing what the scope grants there",
    file: "src/sandbox/run_grant.ts",
    find:
      "const allowed = [...(ctx.runtime ?? []), ...(ctx.reads ?? []), ...(ctx.writes ?? []), ...own];",
    replace: "const allowed = [...(ctx.runtime ?? []), ...(ctx.writes ?? []), ...own];",
    tests: [RUN_TEST],
  },
  {
    id: "run-grant-shared-tmp",
    protection: "a program started through a run grant gets a /tmp of its own, not the shared one",
    file: "src/sandbox/confine.ts",
    find: 'view.push("--tmpfs", "/tmp");',
    replace: "",
    tests: [RUN_TEST],
  },
  {
    id: "run-grant-hosts-unproxied",
    protection: "programs of a run grant in a scope with hosts reach only those hosts (the proxy)",
    file: "src/sandbox/run_grant.ts",
    find: "netHosts: hosts,",
    replace: 'netHosts: [...hosts, "127.0.0.1"],',
    tests: [HOSTS_TEST],
  },
  {
    id: "run-grant-outside-os-sandbox",
    protection:
      "a run grant's view runs inside the OS sandbox (no zot in /proc, no Unix sockets, proxy)",
    file: "src/sandbox/run_grant.ts",
    find: "if (!view.ok) return view;",
    replace: "if (!view.ok || view.ok) return view.ok ? { ...view, env: runner.env } : view;",
    tests: [RUN_TEST, SOCKETS_TEST, HOSTS_TEST],
  },
  {
    id: "run-grant-outer-grant-reopens-state",
    protection:
      "a read grant holding zot's state does not reopen it in the OS sandbox around the view",
    file: "src/sandbox/run_grant.ts",
    find: "const around = await readsAroundHidden(allowed, ctx.zotHome, own);",
    replace: "const around = { ok: true as const, read: allowed };",
    tests: ["tests/lifetime/run_state_test.ts"],
  },
  {
    id: "run-grant-tmp-grants-ignored",
    protection: "a run grant's own /tmp keeps what the scope grants inside /tmp",
    file: "src/sandbox/confine.ts",
    find:
      'if ((path === "/tmp" || isInside("/tmp", path)) && existsSync(path)) view.push(how, path, path);',
    replace: "",
    tests: [RUN_TEST],
  },
  {
    id: "run-grant-helpers-traceable",
    protection: "a run-grant program cannot ptrace the OS sandbox's own unfiltered helpers",
    file: "src/sandbox/confine.ts",
    find: 'view.push("--unshare-pid");',
    replace: "",
    tests: [SOCKETS_TEST],
  },
];
