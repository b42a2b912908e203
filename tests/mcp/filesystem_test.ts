/**
 * `@modelcontextprotocol/server-filesystem` (from npm) under the sandbox: it
 * reads the directory its scope grants; told it may also use the whole temp
 * root (a wider list than the scope), it cannot even look at that directory,
 * and what lies outside the scope stays unread whether asked for directly,
 * through `..`, or through a symlink made after it started.
 */

import { assert, assertEquals, assertStringIncludes } from "../helpers/assert.ts";
import { startFakeLlm } from "../helpers/fake_llm.ts";
import { tempZot } from "../helpers/tmp.ts";
import { processesMatching } from "../helpers/procs.ts";
import { rpcProcess } from "../modes/rpc_client.ts";
import {
  addMcp,
  FILESYSTEM,
  lastToolResults,
  promptUntilJoined,
  scriptedAfterJoin,
  SKIP_REASON,
} from "./_servers.ts";

Deno.test({
  name: "MCP: the filesystem server reads its granted directory and the sandbox refuses the rest",
  ignore: SKIP_REASON !== undefined,
  async fn() {
    await using z = await tempZot();
    const allowed = `${z.root}/allowed`;
    await Deno.mkdir(allowed);
    await Deno.writeTextFile(`${allowed}/note.txt`, "inside the grant");
    await Deno.writeTextFile(`${z.root}/secret.txt`, "TOP SECRET");
    // The server is told it may use all of z.root; the scope grants only `allowed`.
    const add = await addMcp(z, "fs", [FILESYSTEM, allowed, z.root], [
      "--scope",
      JSON.stringify({ read: [allowed] }),
    ]);
    assertEquals(add.code, 0, add.stderr);

    const read = (path: string) => ({ name: "read_text_file", args: { path } });
    const play = scriptedAfterJoin([
      {
        toolCalls: [
          read(`${allowed}/note.txt`),
          read(`${z.root}/secret.txt`),
          read(`${allowed}/../secret.txt`),
          read(`${allowed}/link.txt`),
        ],
      },
      { text: "done" },
    ]);
    await using llm = await startFakeLlm({ script: play.script });
    const rpc = rpcProcess(["--base-url", llm.url], z);
    await promptUntilJoined(rpc, llm, "read_text_file", "hello", z.home, "fs");
    // Made once the server runs: a link out of a granted directory refuses the start.
    await Deno.symlink(`${z.root}/secret.txt`, `${allowed}/link.txt`);
    play.arm();
    await rpc.send({ type: "prompt", id: "go", message: "read them" });
    await rpc.until((f) => f.type === "done");
    const results = lastToolResults(llm);
    assertEquals(results.length, 4, JSON.stringify(results));
    const [inside, ...outside] = results.map((r) => ({ text: JSON.stringify(r.content), r }));
    assertStringIncludes(inside.text, "inside the grant");
    for (const { text, r } of outside) {
      assert(!text.includes("TOP SECRET"), `read outside the scope: ${text}`);
      assertEquals(r.is_error, true, text);
    }
    const log = await Deno.readTextFile(`${z.home}/logs/ext-fs.log`);
    assertStringIncludes(log, `Cannot access directory ${z.root}`);
    const end = await rpc.close();
    assertEquals(end.code, 0, end.stderr);
    assertEquals(processesMatching(z.root), []);
  },
});
