/**
 * An MCP server that is not from npm (a Python program), imported from a
 * `.mcp.json` with `zot ext import-mcp`: it runs as a plain program behind
 * the adapter, gets its configured variables, its tool named like a
 * built-in is prefixed with the extension's name, and a sampling request it
 * makes is answered with an error saying zot does not support it yet, and a
 * tool it adds later (`tools/list_changed`) reaches the model. No
 * network needed.
 */

import { assert, assertEquals, assertStringIncludes } from "../helpers/assert.ts";
import { startFakeLlm } from "../helpers/fake_llm.ts";
import { tempZot } from "../helpers/tmp.ts";
import { processesMatching } from "../helpers/procs.ts";
import { rpcProcess } from "../modes/rpc_client.ts";
import { runZot } from "../modes/run_zot.ts";
import { lastToolResults, promptUntilJoined, scriptedAfterJoin } from "./_servers.ts";

const SERVER = `import json, os, sys

def send(m):
    sys.stdout.write(json.dumps(m) + "\\n")
    sys.stdout.flush()

TOOLS = [
    {"name": "shout", "description": "Upper-case a text.",
     "inputSchema": {"type": "object", "properties": {"text": {"type": "string"}}}},
    {"name": "read", "description": "Named like a built-in.", "inputSchema": {"type": "object"}},
    {"name": "ask", "description": "Asks the client's model.", "inputSchema": {"type": "object"}},
    {"name": "grow", "description": "Adds a tool.", "inputSchema": {"type": "object"}},
]

for line in sys.stdin:
    m = json.loads(line)
    if "id" not in m or "method" not in m:
        continue
    method, params = m["method"], m.get("params", {})
    if method == "initialize":
        r = {"protocolVersion": params["protocolVersion"], "capabilities": {"tools": {"listChanged": True}},
             "serverInfo": {"name": "py", "version": "1"}}
    elif method == "tools/list":
        r = {"tools": TOOLS}
    elif method == "tools/call" and params["name"] == "grow":
        TOOLS.append({"name": "late_tool", "description": "Added later.",
                      "inputSchema": {"type": "object"}})
        send({"jsonrpc": "2.0", "method": "notifications/tools/list_changed"})
        r = {"content": [{"type": "text", "text": "grown"}]}
    elif method == "tools/call" and params["name"] == "ask":
        send({"jsonrpc": "2.0", "id": "s1", "method": "sampling/createMessage",
              "params": {"messages": [], "maxTokens": 10}})
        answer = json.loads(sys.stdin.readline())
        r = {"content": [{"type": "text", "text": json.dumps(answer.get("error"))}], "isError": True}
    elif method == "tools/call":
        text = params.get("arguments", {}).get("text", "")
        r = {"content": [{"type": "text", "text": text.upper() + " " + os.environ.get("GREETING", "")}]}
    else:
        send({"jsonrpc": "2.0", "id": m["id"], "error": {"code": -32601, "message": "no"}})
        continue
    send({"jsonrpc": "2.0", "id": m["id"], "result": r})
`;

Deno.test("MCP: a plain server imported from .mcp.json answers through the fake model", async () => {
  await using z = await tempZot();
  const server = `${z.root}/server.py`;
  await Deno.writeTextFile(server, SERVER);
  await Deno.writeTextFile(
    `${z.cwd}/.mcp.json`,
    JSON.stringify({
      mcpServers: {
        py: { command: "python3", args: [server], env: { GREETING: "hi" } },
        remote: { type: "http", url: "https://example.com/mcp" },
      },
    }),
  );
  const imported = await runZot(["ext", "import-mcp", ".mcp.json", "--yes"], z);
  assertEquals(imported.code, 0, imported.stderr);
  assertStringIncludes(imported.stderr, `skipped "remote": it is reached over HTTP`);
  assertStringIncludes(imported.stderr, "NOT sandboxed");

  const play = scriptedAfterJoin([
    {
      toolCalls: [
        { name: "shout", args: { text: "abc" } },
        { name: "py_read", args: {} },
        { name: "ask", args: {} },
        { name: "grow", args: {} },
      ],
    },
    { text: "done" },
    { toolCalls: [{ name: "late_tool", args: { text: "late" } }] },
    { text: "done again" },
  ]);
  await using llm = await startFakeLlm({ script: play.script });
  const rpc = rpcProcess(["--base-url", llm.url], z);
  await promptUntilJoined(rpc, llm, "shout", "hello", z.home, "py");
  play.arm();
  await rpc.send({ type: "prompt", id: "go", message: "go" });
  await rpc.until((f) => f.type === "done");
  const results = lastToolResults(llm).map((r) => JSON.stringify(r));
  assertEquals(results.length, 4);
  assertStringIncludes(results[0], "ABC hi");
  assert(!results[1].includes("unknown tool"), results[1]);
  assertStringIncludes(results[2], "zot does not support sampling");
  // tools/list_changed: the tool the server added joins the model's tools.
  play.hold();
  await promptUntilJoined(rpc, llm, "late_tool", "more", z.home, "py");
  play.arm();
  await rpc.send({ type: "prompt", id: "late", message: "late" });
  await rpc.until((f) => f.type === "done");
  assertStringIncludes(JSON.stringify(lastToolResults(llm)), "LATE hi");
  const end = await rpc.close();
  assertEquals(end.code, 0, end.stderr);
  const log = await Deno.readTextFile(`${z.home}/logs/ext-py.log`);
  assertStringIncludes(log, "which zot does not support yet");
  assertEquals(processesMatching(z.root), []);
});
