/**
 * Mutants for MCP servers as extensions: the sandbox boundary of a server
 * from npm (what it may fetch, read and be started with) and the variables a
 * manifest may not hand its server.
 *
 * @module
 */

import type { Mutant } from "./types.ts";

const LAUNCH_TEST = "tests/mcp/launch_test.ts";
const MANIFEST_TEST = "tests/mcp/manifest_test.ts";

export const mutants: Mutant[] = [
  {
    id: "mcp-npm-fetches-with-import-grant",
    protection: "an npm server runs cached only, even when its scope grants import hosts",
    file: "src/sandbox/command.ts",
    find: `...(opts.remoteImports && !npm ? [] : ["--cached-only", "--no-remote"]),`,
    replace: `...(opts.remoteImports ? [] : ["--cached-only", "--no-remote"]),`,
    tests: [LAUNCH_TEST],
  },
  {
    id: "mcp-npm-lock-not-frozen",
    protection:
      "an npm server runs only what its lock pins (integrity checked, lock never written)",
    file: "src/sandbox/command.ts",
    find: '...(npm ? [`--lock=${opts.npmLock}`, "--frozen"] : ["--no-lock", "--no-npm"]),',
    replace: '...(npm ? [`--lock=${opts.npmLock}`] : ["--no-lock", "--no-npm"]),',
    tests: [LAUNCH_TEST],
  },
  {
    id: "mcp-npm-reads-whole-cache",
    protection: "an npm server may read its own package in the cache, nothing else of it",
    file: "src/sandbox/launch.ts",
    find: "perms.permissions.read.push(await Deno.realPath(npm.packageDir));",
    replace: `perms.permissions.read.push(await Deno.realPath(join(npm.packageDir, "..", "..")));`,
    tests: [LAUNCH_TEST],
  },
  {
    id: "mcp-npm-unpinned-runs",
    protection: "an npm server that names no exact version does not start",
    file: "src/extensions/mcp_launch.ts",
    find: "if (!pkg.version || !EXACT_VERSION.test(pkg.version)) {",
    replace: "if (!pkg.version) {",
    tests: [LAUNCH_TEST],
  },
  {
    id: "mcp-npm-bin-outside-package",
    protection: "a package whose executable leads outside its own directory does not start",
    file: "src/extensions/mcp_launch.ts",
    find: `if (sub.split("/").includes("..")) {`,
    replace: `if (sub.split("/").includes("...")) {`,
    tests: [LAUNCH_TEST],
  },
  {
    id: "mcp-env-runtime-variables",
    protection: "mcp.env cannot set LD_PRELOAD, DENO_*, NODE_* or the runner's variables",
    file: "src/extensions/manifest_mcp.ts",
    find: "const RESERVED_ENV = /^(LD_|DYLD_|DENO_|NODE_|V8_|__ZOT)/i;",
    replace: "const RESERVED_ENV = /^$NEVER/;",
    tests: [MANIFEST_TEST],
  },
  {
    id: "mcp-confined-allowance-kept",
    protection: "a confined MCP server's network allowance is freed when its adapter ends",
    file: "src/extensions/mcp_launch.ts",
    find: "if (server.release) plan.release = server.release;",
    replace: "",
    tests: [LAUNCH_TEST],
  },
];
