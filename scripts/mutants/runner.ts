/**
 * Mutants of the sandbox runner's protections: web storage, write grants
 * kept away from places git and zot run code from, dangling symlinks, and
 * network hosts in disguise. Each removes one rule; its tests must notice.
 *
 * @module
 */

import type { Mutant } from "./types.ts";

const WEB = "tests/sandbox/web_storage_test.ts";
const WRITE = "tests/sandbox/write_guard_test.ts";
const LINKS = "tests/sandbox/dangling_links_test.ts";
const NET = "tests/sandbox/net_hosts_test.ts";

export const mutants: Mutant[] = [
  {
    id: "runner-write-deny-instructions",
    protection: "a write grant cannot plant AGENTS.md, CLAUDE.md or project skills for the model",
    file: "src/sandbox/write_guard.ts",
    find:
      'export const DENIED_NAMES = [...PROTECTED_NAMES, "HEAD", ...INSTRUCTION_NAMES] as const;',
    replace: 'export const DENIED_NAMES = [...PROTECTED_NAMES, "HEAD"] as const;',
    tests: [WRITE],
  },
  {
    id: "runner-write-instruction-file-grant",
    protection: "a write grant naming AGENTS.md or CLAUDE.md itself is refused",
    file: "src/sandbox/write_guard.ts",
    find: 'if (file === "agents.md" || file === "claude.md") {',
    replace: "if (false) {",
    tests: [WRITE],
  },
  {
    id: "runner-write-in-skills-dir",
    protection: "a write grant inside .claude or .agents (project skills) is refused",
    file: "src/sandbox/write_guard.ts",
    find: 'const ENCLOSING_NAMES = [...PROTECTED_NAMES, ".claude", ".agents"];',
    replace: "const ENCLOSING_NAMES = [...PROTECTED_NAMES];",
    tests: [WRITE],
  },
  {
    id: "runner-web-storage-deno-dir",
    protection: "the runner's Deno directory is zot's own, where origin storage cannot be created",
    file: "src/sandbox/launch.ts",
    find: "    env.DENO_DIR = await sandboxDenoDir(ctx.paths.home);",
    replace: "    await sandboxDenoDir(ctx.paths.home);",
    tests: [WEB],
  },
  {
    id: "runner-web-storage-blocker-repair",
    protection: "a location_data that is not a file is replaced before the runner starts",
    file: "src/sandbox/web_storage.ts",
    find: "    await Deno.remove(blocker, { recursive: true });",
    replace: "    return dir;",
    tests: [WEB],
  },
  {
    id: "runner-web-storage-globals-process",
    protection: "the process runner deletes the web storage globals before the entry loads",
    file: "src/sandbox/process_entry.ts",
    find: "for (const name of WEB_STORAGE_GLOBALS) delete",
    replace: "for (const name of [] as string[]) delete",
    tests: [WEB],
  },
  {
    id: "runner-web-storage-globals-worker",
    protection: "the Worker bootstrap deletes the web storage globals before the entry loads",
    file: "src/sandbox/bootstrap.ts",
    find: "for (const name of ${JSON.stringify(WEB_STORAGE_GLOBALS)}) delete",
    replace: "for (const name of []) delete",
    tests: ["tests/sandbox/worker_runner_test.ts"],
  },
  {
    id: "runner-write-deny-flag",
    protection: "the denied places become --deny-write flags of the process runner",
    file: "src/sandbox/command.ts",
    find: '    flags.push(`--deny-write=${denyWrite.join(",")}`);',
    replace: "",
    tests: [WRITE],
  },
  {
    id: "runner-write-deny-head",
    protection: "HEAD is denied at a writable root, so it cannot become a bare repository",
    file: "src/sandbox/write_guard.ts",
    find:
      'export const DENIED_NAMES = [...PROTECTED_NAMES, "HEAD", ...INSTRUCTION_NAMES] as const;',
    replace: "export const DENIED_NAMES = [...PROTECTED_NAMES, ...INSTRUCTION_NAMES] as const;",
    tests: [WRITE],
  },
  {
    id: "runner-write-deny-case",
    protection: "the denied names are denied in every case spelling",
    file: "src/sandbox/write_guard.ts",
    find: "DENIED_NAMES.flatMap(caseVariants)",
    replace: "DENIED_NAMES.flatMap((n) => [n])",
    tests: [WRITE],
  },
  {
    id: "runner-write-nested-repo",
    protection: "a .git or .zot below a writable root's top level refuses the start",
    file: "src/sandbox/write_guard.ts",
    find: "    if (path === join(root, name)) return undefined; // denied in place",
    replace: "    return undefined;",
    tests: [WRITE],
  },
  {
    id: "runner-write-contains-project",
    protection: "a writable root may not contain the project or a trusted project",
    file: "src/sandbox/write_guard.ts",
    find: "    const project = opts.projects.find((p) => p !== root && within(root, p));",
    replace: "    const project = opts.projects.find((p) => p === root && p !== root);",
    tests: [WRITE],
  },
  {
    id: "runner-write-git-places",
    protection: "a writable root may not cover git's hooks, hooksPath, config files or includes",
    file: "src/sandbox/write_guard.ts",
    find: "      const exposed = writable.some((w) => within(w, place.path)) &&",
    replace: "      const exposed = writable.some((w) => within(w, place.path)) && false &&",
    tests: [WRITE],
  },
  {
    id: "runner-write-link-into-denied",
    protection: "a symlink in a writable root may not lead into a denied place",
    file: "src/sandbox/symlinks.ts",
    find: "denied.find((d) => inside(d, target) || inside(target, d))",
    replace: "denied.find((d) => inside(d, target) && !d)",
    tests: [WRITE],
  },
  {
    id: "runner-write-link-to-root",
    protection: "a symlink in a writable root may not lead to a directory holding a denied place",
    file: "src/sandbox/symlinks.ts",
    find: "denied.find((d) => inside(d, target) || inside(target, d))",
    replace: "denied.find((d) => inside(d, target))",
    tests: [WRITE],
  },
  {
    id: "runner-write-worker-fail-closed",
    protection: "the Worker runner, which cannot deny, refuses a write grant needing denies",
    file: "src/sandbox/launch.ts",
    find: "  if (perms.denyWrite.length && usesWorkerRunner(runner)) {",
    replace: "  if (perms.denyWrite.length && usesWorkerRunner(runner) && !runner.name) {",
    tests: [WRITE],
  },
  {
    id: "runner-dangling-link-target",
    protection: "a dangling symlink counts by where it points",
    file: "src/sandbox/symlinks.ts",
    find: "    return { target: await realish(resolve(dirname(path), text)), dangling: true };",
    replace: "    return { target: text ? path : path, dangling: true };",
    tests: [LINKS],
  },
  {
    id: "runner-net-numeric-forms",
    protection: "numeric hosts must be dotted decimal (no 2130706433, 0x7f.1, 127.1)",
    file: "src/scope/net_host.ts",
    find:
      "  if (!/^(?:\\d+|0x[0-9a-f]*)$/.test(labels[labels.length - 1])) return { ok: true, host: name };",
    replace: "  if (labels.length) return { ok: true, host: name };",
    tests: [NET],
  },
  {
    id: "runner-net-zero-network",
    protection: "0.0.0.0 (and 0.x.x.x) is refused",
    file: "src/scope/net_host.ts",
    find: "  if (parts[0] === 0) {",
    replace: "  if (parts[0] === -1) {",
    tests: [NET],
  },
  {
    id: "runner-net-ipv6-unspecified",
    protection: "[::] is refused",
    file: "src/scope/net_host.ts",
    find: "  if (g.every((x) => x === 0)) {",
    replace: "  if (g.every((x) => x === -1)) {",
    tests: [NET],
  },
  {
    id: "runner-net-ipv4-mapped",
    protection: "IPv4 written as IPv6 ([::ffff:7f00:1]) is refused",
    file: "src/scope/net_host.ts",
    find: "  if (mapped && !(g[5] === 0 && g[6] === 0)) {",
    replace: "  if (mapped && g.length === 9) {",
    tests: [NET],
  },
  {
    id: "runner-net-consent-loopback",
    protection: "consent says a loopback grant is this machine",
    file: "src/scope/net_host.ts",
    find: '    if (a === 127) return "loopback";',
    replace: '    if (a === 127) return "public";',
    tests: [NET],
  },
];
