/**
 * `zot ext add-mcp`: write an MCP extension (manifest, and for an npm server
 * its lock after fetching the package) into a staging directory, then install
 * it like any extension, through consent.
 *
 * @module
 */

import { join } from "../../path.ts";
import { ZotError } from "../../errors.ts";
import type { ZotPaths } from "../../config/paths.ts";
import { sandboxDenoDir } from "../../sandbox/web_storage.ts";
import { MANIFEST_FILE } from "../manifest.ts";
import { parseMcpField } from "../manifest_mcp.ts";
import { MCP_LOCK_FILE } from "../mcp_launch.ts";
import { fetchNpmPackage } from "./npm_fetch.ts";
import { type Installed, installExtension, type InstallOptions } from "./install.ts";
import { removeTree } from "./staging.ts";

/** An MCP server to add, as the user named it. */
export interface McpRequest {
  name: string;
  command: string;
  args: string[];
  env: Record<string, string>;
  /** The manifest's `scope`, as given (validated when the staged manifest loads). */
  scope?: unknown;
}

/** Write the extension for `req` into `dir` (its manifest, and the lock of an npm server). */
export async function writeMcpExtension(
  dir: string,
  req: McpRequest,
  paths: ZotPaths,
  execPath?: string,
): Promise<void> {
  const parsed = parseMcpField({ command: req.command, args: req.args, env: req.env });
  if (!parsed.ok) {
    throw new ZotError("install", `Cannot add MCP server "${req.name}": ${parsed.problem}`);
  }
  const server = parsed.server;
  let command = server.command;
  let version: string | undefined;
  if (server.npm) {
    const fetched = await fetchNpmPackage(server.npm, {
      lock: join(dir, MCP_LOCK_FILE),
      work: dir,
      denoDir: await sandboxDenoDir(paths.home),
    }, execPath);
    if (!fetched.ok) {
      throw new ZotError("install", `Cannot add MCP server "${req.name}": ${fetched.why}`);
    }
    version = fetched.version;
    command = `npm:${server.npm.name}@${version}`;
  }
  const manifest: Record<string, unknown> = {
    name: req.name,
    version: version ?? "0.0.0",
    description: `MCP server ${command}`,
    mcp: {
      command,
      args: server.args,
      ...(Object.keys(server.env).length ? { env: server.env } : {}),
    },
  };
  if (req.scope !== undefined) manifest.scope = req.scope;
  await Deno.writeTextFile(join(dir, MANIFEST_FILE), JSON.stringify(manifest, null, 2) + "\n");
}

/** Write and install the MCP extension of `req`. */
export async function addMcpServer(
  req: McpRequest,
  options: InstallOptions & { execPath?: string },
): Promise<Installed> {
  const work = await Deno.makeTempDir({ dir: options.paths.home, prefix: ".add-mcp-" });
  try {
    const dir = join(work, req.name);
    await Deno.mkdir(dir);
    await writeMcpExtension(dir, req, options.paths, options.execPath);
    return await installExtension(dir, options);
  } finally {
    await removeTree(work);
  }
}
