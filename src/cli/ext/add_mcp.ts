/**
 * `zot ext add-mcp <name> -- <command> [args…]` and `zot ext import-mcp
 * <file>`: MCP servers as extensions, installed through consent like
 * `zot ext install`.
 *
 * @module
 */

import type { Command } from "commander";
import { ZotError } from "../../errors.ts";
import { type ExtCliContext, writeErr } from "./context.ts";

/** `KEY=VALUE` options into an object. */
function envOf(pairs: string[]): Record<string, string> {
  const env: Record<string, string> = {};
  for (const pair of pairs) {
    const at = pair.indexOf("=");
    if (at <= 0) throw new ZotError("usage", `--env takes KEY=VALUE, not "${pair}"`);
    env[pair.slice(0, at)] = pair.slice(at + 1);
  }
  return env;
}

function scopeOf(text: string | undefined): unknown {
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    throw new ZotError(
      "usage",
      `--scope takes a JSON object, e.g. '{"read":["\${project}/docs"]}'`,
    );
  }
}

const collect = (v: string, all: string[]) => [...all, v];

export function addMcpCommands(ext: Command, ctx: ExtCliContext): void {
  ext.command("add-mcp")
    .description("add an MCP server as an extension (npm:<package> runs sandboxed)")
    .argument("<name>", "the extension's name")
    .argument("<command...>", "after --: npm:<package>[@version] or a program, and its arguments")
    .option("--env <KEY=VALUE>", "a variable for the server (repeatable)", collect, [])
    .option("--scope <json>", `what the server may do, e.g. '{"read":["\${project}/docs"]}'`)
    .option("-y, --yes", "accept the extension's requested permissions without asking")
    .action(async (name: string, command: string[], options) => {
      const [{ installConsent }, { addMcpServer }] = await Promise.all([
        import("../../extensions/consent.ts"),
        import("../../extensions/manage/add_mcp.ts"),
      ]);
      const paths = ctx.paths();
      await addMcpServer({
        name,
        command: command[0],
        args: command.slice(1),
        env: envOf(options.env),
        scope: scopeOf(options.scope),
      }, { paths, yes: options.yes ?? false, confirm: installConsent(paths) });
    });

  ext.command("import-mcp")
    .description("add the MCP servers of a .mcp.json or Claude Desktop config as extensions")
    .argument("<file>", "the configuration file")
    .option("-y, --yes", "accept each extension's requested permissions without asking")
    .action(async (file: string, options: { yes?: boolean }) => {
      const [{ installConsent }, { addMcpServer }, { parseMcpConfig }] = await Promise.all([
        import("../../extensions/consent.ts"),
        import("../../extensions/manage/add_mcp.ts"),
        import("../../extensions/manage/import_mcp.ts"),
      ]);
      let text: string;
      try {
        text = await Deno.readTextFile(file);
      } catch (e) {
        throw new ZotError("usage", `cannot read ${file}: ${e instanceof Error ? e.message : e}`);
      }
      const servers = parseMcpConfig(text);
      if (typeof servers === "string") throw new ZotError("usage", `${file}: ${servers}`);
      const paths = ctx.paths();
      let failed = 0;
      for (const server of servers) {
        if (!server.ok) {
          writeErr(`skipped "${server.name}": ${server.why}`);
          continue;
        }
        try {
          await addMcpServer(server.request, {
            paths,
            yes: options.yes ?? false,
            confirm: installConsent(paths),
          });
        } catch (e) {
          failed++;
          writeErr(`not added "${server.request.name}": ${e instanceof Error ? e.message : e}`);
        }
      }
      if (failed) ctx.setExit(1);
    });
}
