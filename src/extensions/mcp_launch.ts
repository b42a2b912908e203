/**
 * How an MCP extension starts: the server's own launch plan (sandboxed for an
 * npm package, plain for any other command), wrapped in the adapter process
 * that speaks zot's protocol to the host and MCP to the server (see
 * src/mcp/adapter.ts for why). The server plan travels to the adapter in one
 * variable, which the adapter deletes before starting the server.
 *
 * An npm server runs from the copy `zot ext add-mcp` fetched into the
 * sandbox's Deno directory, checked against the lock file written beside its
 * manifest then: a start needs no network and reads nothing of the cache but
 * its own package's directory.
 *
 * @module
 */

import { join } from "../path.ts";
import { isCompiled } from "../self_exec.ts";
import { sandboxDenoDir } from "../sandbox/web_storage.ts";
import type { NpmEntry } from "../sandbox/launch.ts";
import { EXACT_VERSION, type McpServer, type NpmPackage } from "./manifest_mcp.ts";
import type { LaunchOptions, LaunchResult } from "./launch.ts";
import type { ExtensionSource, LaunchPlan } from "./types.ts";

/** The lock file of an npm server, beside its manifest. */
export const MCP_LOCK_FILE = "deno.lock";

/** Hidden argv[0] of the adapter mode of a compiled zot (routed in src/cli/mod.ts). */
export const MCP_ADAPTER_ARG = "__zot_mcp_adapter";

/** The variable carrying the server plan (read by src/mcp/adapter_main.ts). */
const MCP_SERVER_ENV = "__ZOT_MCP_SERVER";

/** Where Deno keeps an npm package's files in a Deno directory. */
export function npmPackageDir(denoDir: string, pkg: { name: string; version: string }): string {
  return join(denoDir, "npm", "registry.npmjs.org", ...pkg.name.split("/"), pkg.version);
}

/** The package's executable (its `bin`), relative to the package directory. */
export function binPath(pkgJson: unknown, name: string): string | undefined {
  if (typeof pkgJson !== "object" || pkgJson === null) return undefined;
  const bin = (pkgJson as Record<string, unknown>).bin;
  if (typeof bin === "string") return bin;
  if (typeof bin !== "object" || bin === null) return undefined;
  const entries = Object.entries(bin as Record<string, unknown>)
    .filter((e): e is [string, string] => typeof e[1] === "string");
  const own = name.split("/").pop();
  const chosen = entries.find(([k]) => k === own) ??
    (entries.length === 1 ? entries[0] : undefined);
  return chosen?.[1];
}

/** The runner's entry for a pinned npm server, or why there is none. */
export async function npmEntry(
  source: ExtensionSource,
  pkg: NpmPackage,
  server: McpServer,
  zotHome: string,
): Promise<{ ok: true; entry: NpmEntry } | { ok: false; why: string }> {
  const name = source.manifest.name;
  if (!pkg.version || !EXACT_VERSION.test(pkg.version)) {
    return {
      ok: false,
      why: `"${server.command}" names no exact version, so what would run is not pinned ` +
        `(run "zot ext add-mcp ${name} -- npm:${pkg.name}" to pin and fetch it)`,
    };
  }
  const version = pkg.version;
  const packageDir = npmPackageDir(await sandboxDenoDir(zotHome), { name: pkg.name, version });
  let manifest: unknown;
  try {
    manifest = JSON.parse(await Deno.readTextFile(join(packageDir, "package.json")));
  } catch {
    return {
      ok: false,
      why: `npm package ${pkg.name}@${version} is not fetched ` +
        `(run "zot ext add-mcp ${name} -- ${server.command}" to fetch it)`,
    };
  }
  const bin = binPath(manifest, pkg.name);
  if (!bin) return { ok: false, why: `npm package ${pkg.name}@${version} has no executable` };
  const sub = bin.replace(/^\.\//, "");
  if (sub.split("/").includes("..")) {
    return { ok: false, why: `npm package ${pkg.name}@${version} names an executable outside it` };
  }
  return {
    ok: true,
    entry: {
      entry: `npm:${pkg.name}@${version}/${sub}`,
      lock: join(source.dir, MCP_LOCK_FILE),
      packageDir,
      env: server.env,
    },
  };
}

/** The adapter's plan around the server's plan. */
export function adapterPlan(
  source: ExtensionSource,
  server: LaunchPlan,
  execPath: string = Deno.execPath(),
): LaunchPlan {
  const serverPlan = {
    name: source.manifest.name,
    version: source.manifest.version,
    command: server.command,
    args: server.args,
    cwd: server.cwd,
    env: server.env ?? {},
    clearEnv: server.clearEnv === true,
  };
  const env = { [MCP_SERVER_ENV]: JSON.stringify(serverPlan) };
  let command = execPath;
  let args = [MCP_ADAPTER_ARG];
  if (!isCompiled(execPath)) {
    const root = join(import.meta.dirname!, "..", "..");
    command = execPath;
    args = [
      "run",
      "-A",
      "--quiet",
      "--no-prompt",
      "--config",
      join(root, "deno.json"),
      join(root, "src", "mcp", "adapter_main.ts"),
    ];
  }
  const plan: LaunchPlan = {
    command,
    args,
    cwd: server.cwd,
    env,
    sandboxed: server.sandboxed,
    dataDir: server.dataDir,
  };
  if (server.notes) plan.notes = server.notes;
  // The adapter's process tree holds the server's: when it ends, so does the server's allowance.
  if (server.release) plan.release = server.release;
  return plan;
}

/** Plan the start of the MCP extension `source`. */
export async function planMcpLaunch(
  source: ExtensionSource,
  server: McpServer,
  options: LaunchOptions,
): Promise<LaunchResult> {
  const name = source.manifest.name;
  let plan: LaunchResult;
  if (server.npm) {
    const entry = await npmEntry(source, server.npm, server, options.paths.home);
    if (!entry.ok) return { ok: false, error: `Cannot start extension "${name}": ${entry.why}` };
    const { planSandboxLaunch } = await import("./sandbox_launch.ts");
    plan = await planSandboxLaunch(source, {
      paths: options.paths,
      explicit: source.kind === "explicit",
    }, entry.entry);
  } else {
    // Any other command is a program, started as a plain extension is.
    const { planLaunch } = await import("./launch.ts");
    const { mcp: _, ...manifest } = source.manifest;
    plan = await planLaunch({ ...source, manifest }, options);
    if (plan.ok) plan.plan.env = { ...server.env, ...plan.plan.env };
  }
  if (!plan.ok) return plan;
  return { ok: true, plan: adapterPlan(source, plan.plan) };
}
