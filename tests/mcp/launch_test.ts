/**
 * How an MCP extension starts, planned without a network: an `npm:` server
 * runs in the sandbox runner from its pinned copy (locked, cached only, the
 * read grant narrowed to its own package), any other command as a plain
 * program, both behind the adapter. A fake package in the sandbox's Deno
 * directory stands in for one `zot ext add-mcp` fetched.
 */

import { assert, assertEquals, assertStringIncludes } from "../helpers/assert.ts";
import { tempZot } from "../helpers/tmp.ts";
import { planLaunch } from "../../src/extensions/launch.ts";
import { planMcpLaunch } from "../../src/extensions/mcp_launch.ts";
import { resetOsSandbox } from "../../src/ossandbox/confine.ts";
import { readManifest } from "../../src/extensions/manifest.ts";
import { parseServerPlan, type ServerPlan } from "../../src/mcp/adapter_main.ts";
import type { ZotPaths } from "../../src/config/paths.ts";

async function fakePackage(home: string, version = "1.0.0"): Promise<string> {
  const dir = `${home}/sandbox-deno/npm/registry.npmjs.org/fake-server/${version}`;
  await Deno.mkdir(`${dir}/dist`, { recursive: true });
  await Deno.writeTextFile(
    `${dir}/package.json`,
    JSON.stringify({ name: "fake-server", version, bin: { "fake-server": "./dist/main.js" } }),
  );
  return dir;
}

async function plan(
  paths: ZotPaths,
  dir: string,
  manifest: Record<string, unknown>,
): Promise<
  { ok: true; server: ServerPlan; env: Record<string, string> } | { ok: false; error: string }
> {
  await Deno.mkdir(dir, { recursive: true });
  await Deno.writeTextFile(`${dir}/extension.json`, JSON.stringify(manifest));
  const read = await readManifest(dir);
  if (read.status !== "ok") return { ok: false, error: `manifest: ${JSON.stringify(read)}` };
  const result = await planLaunch({
    manifest: read.info.manifest,
    dir,
    manifestPath: read.info.manifestPath,
    kind: "explicit",
  }, { paths });
  if (!result.ok) return result;
  const env = result.plan.env ?? {};
  const server = parseServerPlan(env.__ZOT_MCP_SERVER);
  if (typeof server === "string") throw new Error(server);
  return { ok: true, server, env };
}

const NPM = (scope?: unknown, command = "npm:fake-server@1.0.0") => ({
  name: "fake",
  mcp: { command, args: ["--flag"], env: { GREETING: "hi" } },
  ...(scope ? { scope } : {}),
});

Deno.test("MCP launch: an npm server runs sandboxed from its locked, cached copy, behind the adapter", async () => {
  await using z = await tempZot();
  const pkg = await Deno.realPath(await fakePackage(z.home));
  const r = await plan(z.paths, `${z.root}/ext`, NPM());
  assert(r.ok, !r.ok ? r.error : "");
  const args = r.server.args;
  assert(args.includes("--cached-only") && args.includes("--no-remote"), args.join(" "));
  assert(args.includes("--frozen"), args.join(" "));
  assert(args.includes(`--lock=${z.root}/ext/deno.lock`), args.join(" "));
  assert(!args.includes("--no-npm"), args.join(" "));
  assert(args.some((a) => a.endsWith("/npm_entry.ts")), args.join(" "));
  const read = args.find((a) => a.startsWith("--allow-read="))!.split("=")[1].split(",");
  assert(read.includes(pkg), read.join(","));
  assert(
    !read.some((p) => p === `${z.home}/sandbox-deno` || pkg.startsWith(p + "/")),
    read.join(","),
  );
  assertEquals(r.server.clearEnv, true);
  assertEquals(r.server.env.GREETING, "hi");
  const config = JSON.parse(r.server.env.__ZOT_SANDBOX_RUNNER_CONFIG);
  assertEquals(config.entry, "npm:fake-server@1.0.0/dist/main.js");
  assertEquals(config.args, ["--flag"]);
});

Deno.test("MCP launch: an npm server with import hosts granted still never fetches", async () => {
  await using z = await tempZot();
  await fakePackage(z.home);
  const r = await plan(z.paths, `${z.root}/ext`, NPM({ import: ["esm.sh"] }));
  assert(r.ok, !r.ok ? r.error : "");
  assert(r.server.args.includes("--cached-only"), r.server.args.join(" "));
  assert(r.server.args.includes("--no-remote"), r.server.args.join(" "));
});

Deno.test("MCP launch: an npm server every variable of whose cleared environment is readable", async () => {
  await using z = await tempZot();
  await fakePackage(z.home);
  const r = await plan(z.paths, `${z.root}/ext`, NPM({ env: ["HOME"] }));
  assert(r.ok, !r.ok ? r.error : "");
  assert(r.server.args.includes("--allow-env"), r.server.args.join(" "));
  // Cleared: only what the scope passes, the manifest's own and the runner's.
  const names = Object.keys(r.server.env).sort();
  for (const n of names) {
    assert(
      [
        "GREETING",
        "HOME",
        "DENO_DIR",
        "DENO_NO_PROMPT",
        "DENO_NO_UPDATE_CHECK",
        "NO_COLOR",
        "__ZOT_SANDBOX_RUNNER_CONFIG",
      ].includes(n),
      `unexpected variable ${n}`,
    );
  }
});

Deno.test("MCP launch: an npm server that names no exact version does not start", async () => {
  await using z = await tempZot();
  await fakePackage(z.home);
  for (const command of ["npm:fake-server", "npm:fake-server@^1.0.0", "npm:fake-server@latest"]) {
    const r = await plan(z.paths, `${z.root}/ext`, NPM(undefined, command));
    assert(!r.ok, command);
    assertStringIncludes(r.error, "not pinned");
  }
});

Deno.test("MCP launch: an npm server whose package was never fetched names the remedy", async () => {
  await using z = await tempZot();
  const r = await plan(z.paths, `${z.root}/ext`, NPM());
  assert(!r.ok);
  assertStringIncludes(r.error, "is not fetched");
  assertStringIncludes(r.error, "zot ext add-mcp fake");
});

Deno.test("MCP launch: a package whose executable leads outside it does not start", async () => {
  await using z = await tempZot();
  const dir = await fakePackage(z.home);
  await Deno.writeTextFile(
    `${dir}/package.json`,
    JSON.stringify({ name: "fake-server", bin: "../../other/1.0.0/evil.js" }),
  );
  const r = await plan(z.paths, `${z.root}/ext`, NPM());
  assert(!r.ok);
  assertStringIncludes(r.error, "outside it");
});

Deno.test("MCP launch: any other command is a plain program behind the adapter", async () => {
  await using z = await tempZot();
  const r = await plan(z.paths, `${z.root}/ext`, {
    name: "plain",
    mcp: { command: "sh", args: ["-c", "exit 0"], env: { TOKEN: "t" } },
  });
  assert(r.ok, !r.ok ? r.error : "");
  assertEquals(r.server.clearEnv, false);
  assertEquals(r.server.args, ["-c", "exit 0"]);
  assertEquals(r.server.env.TOKEN, "t");
  assert(r.server.command.endsWith("/sh"), r.server.command);
});

Deno.test("MCP launch: a scoped plain server's network allowance is freed with the adapter", async () => {
  await using z = await tempZot();
  const dir = `${z.root}/ext`;
  await Deno.mkdir(dir, { recursive: true });
  await Deno.writeTextFile(
    `${dir}/extension.json`,
    JSON.stringify({ name: "plain", mcp: { command: "sh", args: ["-c", "exit 0"] }, scope: {} }),
  );
  const read = await readManifest(dir);
  assert(read.status === "ok");
  const source = { manifest: read.info.manifest, dir, manifestPath: read.info.manifestPath };
  const result = await planMcpLaunch({ ...source, kind: "explicit" }, read.info.manifest.mcp!, {
    paths: z.paths,
  });
  assert(result.ok, !result.ok ? result.error : "");
  // Confined by the OS sandbox: the adapter's plan carries the release of its allowance.
  try {
    assertEquals(typeof result.plan.release, "function");
    await result.plan.release!();
  } finally {
    await resetOsSandbox();
  }
});
