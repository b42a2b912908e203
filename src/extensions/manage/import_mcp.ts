/**
 * Reading the MCP servers of an existing client configuration: a project's
 * `.mcp.json` or Claude Desktop's `claude_desktop_config.json` (both
 * `{"mcpServers": {name: {command, args, env}}}`; VS Code's `servers` too).
 * `npx [-y] <package>[@version] args…` becomes the sandboxed
 * `npm:<package>[@version]`; any other command stays a program. Servers
 * reached over HTTP are listed as skipped, with why.
 *
 * @module
 */

import { isRecord } from "../../is_record.ts";
import type { McpRequest } from "./add_mcp.ts";

/** One server of the file: to add, or skipped with the reason. */
export type ImportedServer =
  | { ok: true; request: McpRequest }
  | { ok: false; name: string; why: string };

const strings = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : [];

/** `npx` arguments as an `npm:` command and the server's own arguments, when they fit. */
export function fromNpx(args: string[]): { command: string; args: string[] } | undefined {
  let i = 0;
  while (i < args.length && (args[i] === "-y" || args[i] === "--yes" || args[i] === "-q")) i++;
  const spec = args[i];
  if (!spec || spec.startsWith("-")) return undefined;
  return { command: `npm:${spec}`, args: args.slice(i + 1) };
}

/** The servers of a configuration file's text. */
export function parseMcpConfig(text: string): ImportedServer[] | string {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    return `not JSON: ${e instanceof Error ? e.message : String(e)}`;
  }
  const servers = isRecord(json) ? (json.mcpServers ?? json.servers) : undefined;
  if (!isRecord(servers)) return `no "mcpServers" object in it`;
  const out: ImportedServer[] = [];
  for (const [name, cfg] of Object.entries(servers)) {
    if (!isRecord(cfg)) {
      out.push({ ok: false, name, why: "its entry is not an object" });
      continue;
    }
    if (cfg.url !== undefined || (cfg.type !== undefined && cfg.type !== "stdio")) {
      out.push({ ok: false, name, why: "it is reached over HTTP, which zot does not support yet" });
      continue;
    }
    if (typeof cfg.command !== "string" || cfg.command === "") {
      out.push({ ok: false, name, why: `it has no "command"` });
      continue;
    }
    const env: Record<string, string> = {};
    if (isRecord(cfg.env)) {
      for (const [k, v] of Object.entries(cfg.env)) if (typeof v === "string") env[k] = v;
    }
    let command = cfg.command;
    let args = strings(cfg.args);
    if (command === "npx") {
      const npm = fromNpx(args);
      if (npm) ({ command, args } = npm);
    }
    out.push({ ok: true, request: { name, command, args, env } });
  }
  return out;
}
