/**
 * The `mcp` field of a manifest: an extension that is a Model Context
 * Protocol server instead of a zot protocol program.
 *
 * ```json
 * { "name": "everything",
 *   "mcp": { "command": "npm:@modelcontextprotocol/server-everything@2026.8.31",
 *            "args": ["stdio"], "env": { "LOG_LEVEL": "info" } } }
 * ```
 *
 * A command `npm:<package>[@version]` runs that package's executable under
 * Deno in the sandbox runner with the extension's scope; any other command is
 * a program started like a plain extension. Parsed once, here: the loader
 * takes the command as the extension's `exec` (so consent, grants, identity
 * and `ext list` describe it like any extension) and keeps the rest typed.
 *
 * @module
 */

import { isRecord } from "../is_record.ts";

/** An npm package named by an `npm:` command. */
export interface NpmPackage {
  /** The package name, e.g. `@modelcontextprotocol/server-everything`. */
  name: string;
  /** The exact version, or undefined before `zot ext add-mcp` pinned one. */
  version?: string;
}

/** A parsed `mcp` field. */
export interface McpServer {
  command: string;
  args: string[];
  /** Variables given to the server, as written in the manifest. */
  env: Record<string, string>;
  /** Set when `command` is `npm:<package>[@version]`. */
  npm?: NpmPackage;
}

/** `npm:` + an npm package name + an optional `@<version or range>`. */
const NPM_COMMAND = /^npm:((?:@[a-z0-9][a-z0-9._~-]*\/)?[a-z0-9][a-z0-9._~-]*)(?:@([^\s/@]+))?$/;

/** An exact version (no range): what an installed npm server must name. */
export const EXACT_VERSION = /^\d+\.\d+\.\d+(?:[-+][0-9A-Za-z.+-]+)?$/;

/** The package named by an `npm:` command, undefined for any other command. */
export function parseNpmCommand(command: string): NpmPackage | undefined | "invalid" {
  if (!command.startsWith("npm:")) return undefined;
  const m = NPM_COMMAND.exec(command);
  if (!m) return "invalid";
  return m[2] === undefined ? { name: m[1] } : { name: m[1], version: m[2] };
}

/**
 * Variables a manifest may not set for a server: they would change how the
 * runtime or the dynamic loader starts the sandboxed process (`LD_PRELOAD`
 * loads native code before any permission check), or reach zot's runner.
 */
const RESERVED_ENV = /^(LD_|DYLD_|DENO_|NODE_|V8_|__ZOT)/i;

/** Why `name` may not be set by a manifest's `mcp.env`, or undefined. */
export function reservedEnvProblem(name: string): string | undefined {
  if (RESERVED_ENV.test(name)) {
    return `manifest: mcp.env may not set "${name}": variables starting with LD_, DYLD_, ` +
      `DENO_, NODE_ or V8_ change how the server's runtime starts (remove it)`;
  }
  if (name === "" || name.includes("=") || name.includes("\0")) {
    return `manifest: mcp.env has an invalid variable name ${JSON.stringify(name)}`;
  }
  return undefined;
}

/** Parse the `mcp` field, or say what is wrong with it. */
export function parseMcpField(
  raw: unknown,
): { ok: true; server: McpServer } | { ok: false; problem: string } {
  const bad = (problem: string) => ({ ok: false as const, problem: `manifest: ${problem}` });
  if (!isRecord(raw)) return bad(`field "mcp" must be an object with a "command"`);
  if (raw.url !== undefined || (raw.type !== undefined && raw.type !== "stdio")) {
    return bad(
      `this MCP server is reached over HTTP, which zot does not support yet ` +
        `(only servers started as a command, over stdio)`,
    );
  }
  if (typeof raw.command !== "string" || raw.command.trim() === "") {
    return bad(`field "mcp.command" must be a non-empty string`);
  }
  const args = raw.args ?? [];
  if (!Array.isArray(args) || !args.every((a) => typeof a === "string")) {
    return bad(`field "mcp.args" must be an array of strings`);
  }
  const env: Record<string, string> = {};
  if (raw.env !== undefined) {
    if (!isRecord(raw.env)) return bad(`field "mcp.env" must be an object of strings`);
    for (const [k, v] of Object.entries(raw.env)) {
      if (typeof v !== "string") return bad(`field "mcp.env.${k}" must be a string`);
      const reserved = reservedEnvProblem(k);
      if (reserved) return { ok: false, problem: reserved };
      env[k] = v;
    }
  }
  const command = raw.command;
  const npm = parseNpmCommand(command);
  if (npm === "invalid") {
    return bad(`mcp.command ${JSON.stringify(command)} is not "npm:<package>[@version]"`);
  }
  const server: McpServer = { command, args: args as string[], env };
  if (npm) server.npm = npm;
  return { ok: true, server };
}
