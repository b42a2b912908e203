/**
 * The adapter's pure parts: importing a client configuration, tool names
 * made valid and unique, MCP results mapped to zot results, prompt
 * arguments, and the server plan the host hands the adapter.
 */

import { assert, assertEquals } from "../helpers/assert.ts";
import { fromNpx, parseMcpConfig } from "../../src/extensions/manage/import_mcp.ts";
import { ToolNames, validName } from "../../src/mcp/names.ts";
import { mapToolResult } from "../../src/mcp/results.ts";
import { promptArgs, promptText } from "../../src/mcp/prompts.ts";
import { parseServerPlan } from "../../src/mcp/adapter_main.ts";

Deno.test("import-mcp: npx servers become npm commands; HTTP ones are skipped with why", () => {
  const servers = parseMcpConfig(JSON.stringify({
    mcpServers: {
      fs: { command: "npx", args: ["-y", "@modelcontextprotocol/server-filesystem", "/tmp"] },
      git: { command: "uvx", args: ["mcp-server-git"], env: { A: "1" } },
      remote: { type: "http", url: "https://example.com/mcp" },
    },
  }));
  assert(Array.isArray(servers));
  assertEquals(servers[0], {
    ok: true,
    request: {
      name: "fs",
      command: "npm:@modelcontextprotocol/server-filesystem",
      args: ["/tmp"],
      env: {},
    },
  });
  assertEquals(servers[1], {
    ok: true,
    request: { name: "git", command: "uvx", args: ["mcp-server-git"], env: { A: "1" } },
  });
  assert(!servers[2].ok && servers[2].why.includes("HTTP"));
  assertEquals(fromNpx(["--yes", "pkg@1.2.3", "a"]), { command: "npm:pkg@1.2.3", args: ["a"] });
  assertEquals(fromNpx(["-p", "x"]), undefined);
  assertEquals(typeof parseMcpConfig("{}"), "string");
  assertEquals(typeof parseMcpConfig("not json"), "string");
});

Deno.test("MCP tool names: valid for model APIs, unique, prefixed only on a built-in clash", () => {
  const names = new ToolNames("my ext");
  assertEquals(names.nameFor("echo"), "echo");
  assertEquals(names.nameFor("files.read"), "files_read");
  assertEquals(names.nameFor("files/read"), "files_read_2");
  assertEquals(names.nameFor("read"), "my_ext_read");
  assertEquals(names.nameFor("echo"), "echo");
  assertEquals(validName("x".repeat(100)).length, 64);
  assertEquals(validName("ünï"), "_n_");
});

Deno.test("MCP results: text, image, resources and errors", () => {
  const r = mapToolResult({
    content: [
      { type: "text", text: "hi" },
      { type: "image", mimeType: "image/png", data: "AAAA" },
      { type: "resource", resource: { uri: "file:///a", text: "body" } },
      { type: "resource", resource: { uri: "file:///b", mimeType: "application/zip", blob: "x" } },
      { type: "resource_link", uri: "file:///c", name: "c" },
      { type: "audio", mimeType: "audio/wav", data: "x" },
    ],
    isError: true,
  });
  assertEquals(r.is_error, true);
  assertEquals(r.content[0], { type: "text", text: "hi" });
  assertEquals(r.content[1], { type: "image", mime_type: "image/png", data: "AAAA" });
  assertEquals(r.content[2], { type: "text", text: "body" });
  assertEquals(r.content[3], {
    type: "text",
    text: "[binary resource file:///b, application/zip]",
  });
  assertEquals(r.content[4], { type: "text", text: "[resource link: file:///c (c)]" });
  assert((r.content[5] as { text: string }).text.includes("audio"));
  assertEquals(mapToolResult({ content: [], structuredContent: { a: 1 } }).content, [
    { type: "text", text: '{"a":1}' },
  ]);
});

Deno.test("MCP prompts: arguments from the slash command's text", () => {
  const one = { name: "p", arguments: [{ name: "topic", required: true }] };
  assertEquals(promptArgs(one, "cats and dogs"), { topic: "cats and dogs" });
  assertEquals(promptArgs(one, 'topic="two words" style=short'), {
    topic: "two words",
    style: "short",
  });
  assertEquals(promptArgs(one, "  "), {});
  assertEquals(
    promptText({ messages: [{ role: "user", content: { type: "text", text: "hello" } }] }),
    "hello",
  );
});

Deno.test("MCP adapter: a missing or malformed server plan is refused", () => {
  assertEquals(typeof parseServerPlan(undefined), "string");
  assertEquals(typeof parseServerPlan("{"), "string");
  assertEquals(typeof parseServerPlan(JSON.stringify({ name: "x" })), "string");
  const ok = parseServerPlan(
    JSON.stringify({ name: "x", command: "sh", args: [], cwd: "/", env: {}, clearEnv: true }),
  );
  assert(typeof ok !== "string" && ok.clearEnv);
});
