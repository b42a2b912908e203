/**
 * The bridge between zot and one MCP server: a zot extension on one side
 * (it speaks zot's protocol on stdin/stdout through the TypeScript SDK), an
 * MCP client on the other (the official SDK, over the server's stdio).
 *
 * Why a separate adapter process rather than MCP inside the host: the server
 * must be the sandboxed process, started from the same launch plan as any
 * sandboxed extension (the runner, its permission flags, a cleared
 * environment), and everything the host does for an extension (consent,
 * grants, logs, doctor, enable/disable, reload, tool timeouts and
 * cancellation) keeps working without a second code path in the host. The
 * adapter is zot's own code; the MCP SDK it loads is paid only by a run that
 * has an MCP extension, never by the host's start-up. The cost is one more
 * process per MCP server (see the bench row).
 *
 * @module
 */

import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import {
  ErrorCode,
  LoggingMessageNotificationSchema,
  McpError,
  ToolListChangedNotificationSchema,
} from "@modelcontextprotocol/sdk/types.js";
import { errorResponse, errorResult, Extension, prompt } from "../sdk/mod.ts";
import type { JsonObject } from "../sdk/mod.ts";
import { TOOL_CALL_TIMEOUT_MS } from "../protocol/limits.ts";
import { ZOT_VERSION } from "../version.ts";
import { ToolNames } from "./names.ts";
import { mapToolResult } from "./results.ts";
import { missingArgs, promptArgs, type PromptInfo, promptText } from "./prompts.ts";
import { PipeTransport, type ServerPipes } from "./stdio_transport.ts";

/** What MCP asks of a client that zot does not offer yet, in words for the error. */
const UNSUPPORTED: Record<string, string> = {
  "sampling/createMessage": "sampling (the server asking zot's model for a completion)",
  "elicitation/create": "elicitation (the server asking the user for input)",
  "roots/list": "roots (the server asking for the workspace's directories)",
};

/** Bridge the MCP server on `pipes` as the zot extension `name`; resolves when zot is done. */
export async function runAdapter(
  name: string,
  pipes: ServerPipes,
  options: { version?: string; log?: (line: string) => void } = {},
): Promise<void> {
  const ext = new Extension(name, options.version ?? "0.0.0");
  const log = options.log ?? ((line: string) => ext.log(line));
  const client = new Client({ name: "zot", version: ZOT_VERSION }, { capabilities: {} });
  client.fallbackRequestHandler = (request: { method: string }) => {
    const what = UNSUPPORTED[request.method] ?? `"${request.method}"`;
    log(`the server asked for ${what}, which zot does not support yet`);
    return Promise.reject(
      new McpError(ErrorCode.MethodNotFound, `zot does not support ${what} yet`),
    );
  };
  client.setNotificationHandler(
    LoggingMessageNotificationSchema,
    (n: { params: { level: string; logger?: string; data: unknown } }) => {
      const { level, logger, data } = n.params;
      const text = typeof data === "string" ? data : JSON.stringify(data);
      log(`[${level}]${logger ? ` ${logger}:` : ""} ${text}`);
    },
  );

  const transport = new PipeTransport(pipes);
  await client.connect(transport);
  const caps = client.getServerCapabilities() ?? {};
  if (caps.logging) await client.setLoggingLevel("info").catch(() => {});

  const names = new ToolNames(name);
  const offered = new Set<string>();
  const registered = new Set<string>();
  const refreshTools = async () => {
    offered.clear();
    let cursor: string | undefined;
    do {
      const page = await client.listTools(cursor ? { cursor } : undefined);
      for (const tool of page.tools) {
        offered.add(tool.name);
        if (registered.has(tool.name)) continue;
        registered.add(tool.name);
        const mcpName = tool.name;
        ext.tool({
          name: names.nameFor(mcpName),
          description: tool.description ?? tool.title ?? mcpName,
          schema: tool.inputSchema as JsonObject,
        }, async (args, ctx) => {
          if (!offered.has(mcpName)) {
            return errorResult(`the MCP server no longer offers the tool "${mcpName}"`);
          }
          try {
            const result = await client.callTool({ name: mcpName, arguments: args }, undefined, {
              signal: ctx.signal,
              timeout: TOOL_CALL_TIMEOUT_MS,
              resetTimeoutOnProgress: true,
            });
            return mapToolResult(result);
          } catch (e) {
            return errorResult(e instanceof Error ? e.message : String(e));
          }
        });
      }
      cursor = page.nextCursor;
    } while (cursor);
  };
  if (caps.tools) {
    await refreshTools();
    client.setNotificationHandler(ToolListChangedNotificationSchema, async () => {
      const before = registered.size;
      await refreshTools().catch((e) => log(`cannot list the server's tools: ${String(e)}`));
      log(`the server's tools changed: ${offered.size} offered, ${registered.size - before} new`);
    });
  }
  if (caps.prompts) {
    const { prompts } = await client.listPrompts();
    for (const info of prompts as PromptInfo[]) {
      ext.command(info.name, info.description ?? `MCP prompt ${info.name}`, async (text, ctx) => {
        const args = promptArgs(info, text);
        const missing = missingArgs(info, args);
        if (missing.length) {
          return errorResponse(`/${info.name} needs ${missing.map((m) => `${m}=…`).join(" ")}`);
        }
        const result = await client.getPrompt({ name: info.name, arguments: args }, {
          signal: ctx.signal,
        });
        return prompt(promptText(result));
      });
    }
  }
  try {
    await ext.run();
  } finally {
    await client.close().catch(() => {});
  }
}
