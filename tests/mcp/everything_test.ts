/**
 * The MCP reference server (`@modelcontextprotocol/server-everything`, from
 * npm) as a zot extension, driven through the fake model in RPC mode: its
 * tools answer (text, a sum, an image), a long call is cancelled by `abort`,
 * and its prompts are slash commands. It runs in the sandbox runner at least
 * privilege, where it reads environment variables it was not given.
 */

import { assert, assertEquals, assertStringIncludes } from "../helpers/assert.ts";
import { startFakeLlm } from "../helpers/fake_llm.ts";
import { tempZot } from "../helpers/tmp.ts";
import { processesMatching } from "../helpers/procs.ts";
import { rpcProcess } from "../modes/rpc_client.ts";
import { runZot } from "../modes/run_zot.ts";
import {
  addMcp,
  EVERYTHING,
  lastToolResults,
  promptUntilJoined,
  scriptedAfterJoin,
  SKIP_REASON,
} from "./_servers.ts";

const ignore = SKIP_REASON !== undefined;
if (ignore) console.error(`skipping the MCP server tests: ${SKIP_REASON}`);

Deno.test({
  name: "MCP: the reference server's echo, sum and image tools answer through the fake model",
  ignore,
  async fn() {
    await using z = await tempZot();
    const add = await addMcp(z, "everything", [EVERYTHING, "stdio"]);
    assertEquals(add.code, 0, add.stderr);
    assertStringIncludes(add.stderr, `"everything" runs sandboxed`);
    assertStringIncludes(
      add.stderr,
      "read its own npm package, @modelcontextprotocol/server-everything@2026.8.31",
    );
    const manifest = JSON.parse(
      await Deno.readTextFile(`${z.home}/extensions/everything/extension.json`),
    );
    assertEquals(manifest.mcp.command, EVERYTHING);

    const play = scriptedAfterJoin([
      {
        toolCalls: [
          { name: "echo", args: { message: "hi there" } },
          { name: "get-sum", args: { a: 2, b: 3 } },
          { name: "get-tiny-image", args: {} },
        ],
      },
      { text: "done" },
    ]);
    await using llm = await startFakeLlm({ script: play.script });
    const rpc = rpcProcess(["--base-url", llm.url], z);
    await promptUntilJoined(rpc, llm, "echo", "hello", z.home);
    play.arm();
    await rpc.send({ type: "prompt", id: "go", message: "use the tools" });
    await rpc.until((f) => f.type === "done");
    const results = lastToolResults(llm);
    assertEquals(results.length, 3, JSON.stringify(results));
    const text = JSON.stringify(results);
    assertStringIncludes(text, "Echo: hi there");
    assertStringIncludes(text, "5");
    assert(results.every((r) => r.is_error !== true), text);
    const image = results[2].content as { type: string; source?: { media_type?: string } }[];
    assert(image.some((b) => b.type === "image"), text);
    const end = await rpc.close();
    assertEquals(end.code, 0, end.stderr);
    assertEquals(processesMatching(z.root), []);
  },
});

Deno.test({
  name: "MCP: abort cancels a long-running MCP tool call and the server keeps serving",
  ignore,
  async fn() {
    await using z = await tempZot();
    assertEquals((await addMcp(z, "everything", [EVERYTHING, "stdio"])).code, 0);
    const play = scriptedAfterJoin([
      { toolCalls: [{ name: "trigger-long-running-operation", args: { duration: 60, steps: 3 } }] },
      { toolCalls: [{ name: "echo", args: { message: "still here" } }] },
      { text: "done" },
    ]);
    await using llm = await startFakeLlm({ script: play.script });
    const rpc = rpcProcess(["--base-url", llm.url], z);
    await promptUntilJoined(rpc, llm, "trigger-long-running-operation", "hello", z.home);
    play.arm();
    await rpc.send({ type: "prompt", id: "long", message: "run long" });
    await rpc.until((f) => f.type === "tool_call" || f.type === "tool_execution_start");
    const started = Date.now();
    await rpc.send({ type: "abort", id: "a" });
    const ended = await rpc.until((f) => f.type === "done");
    const cancelled = ended.find((f) => f.type === "tool_result");
    assertEquals(cancelled?.is_error, true, JSON.stringify(ended));
    assertStringIncludes(JSON.stringify(cancelled), "canceled");
    assert(Date.now() - started < 20_000, "the abort waited for the 60 s call");
    await rpc.send({ type: "prompt", id: "again", message: "echo" });
    await rpc.until((f) => f.type === "done");
    assertStringIncludes(JSON.stringify(lastToolResults(llm)), "Echo: still here");
    const end = await rpc.close();
    assertEquals(end.code, 0, end.stderr);
    assertEquals(processesMatching(z.root), []);
  },
});

Deno.test({
  name: "MCP: the server's prompts are slash commands of the extension",
  ignore,
  async fn() {
    await using z = await tempZot();
    assertEquals((await addMcp(z, "everything", [EVERYTHING, "stdio"])).code, 0);
    const doctor = await runZot(["ext", "doctor", "everything"], z);
    assertEquals(doctor.code, 0, doctor.stdout + doctor.stderr);
    assertStringIncludes(doctor.stdout, "/simple-prompt");
    assertStringIncludes(doctor.stdout, "/args-prompt");
    assertStringIncludes(doctor.stdout, "get-tiny-image");
    assertEquals(processesMatching(z.root), []);
  },
});
