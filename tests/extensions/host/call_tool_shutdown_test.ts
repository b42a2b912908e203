import { join } from "node:path";
import { assert, assertEquals } from "../../helpers/assert.ts";
import { deferred, within } from "../../helpers/wait.ts";
import type { ToolCaller } from "../../../src/model/types.ts";
import type { ExtensionSource } from "../../../src/extensions/types.ts";
import { HOST_FIXTURES, PYTHON, realHost } from "./e2e_helpers.ts";

// A call_tool the extension sent on its own, still running when the host
// stops, is answered (cancelled) before `shutdown`.

function spontaneous(record: string, tool: string): ExtensionSource {
  return {
    manifest: {
      name: "spontaneous",
      exec: PYTHON,
      args: [join(HOST_FIXTURES, "spontaneous.py"), record, tool, "{}"],
      language: "python",
      enabled: true,
      raw: {},
    },
    dir: HOST_FIXTURES,
    manifestPath: join(HOST_FIXTURES, "extension.json"),
    kind: "global",
  };
}

/** Frames the fixture received, in order. */
function received(
  record: string,
): { type: string; id?: string; is_error?: boolean; content?: unknown }[] {
  return Deno.readTextFileSync(record).split("\n").filter((l) => l).map((l) => JSON.parse(l));
}

for (const honours of [true, false]) {
  Deno.test(`call_tool at shutdown: an open request (tool ${honours ? "honours" : "ignores"} its signal) is answered before shutdown`, async () => {
    const started = deferred();
    const caller: ToolCaller = {
      callTool(_name, _args, options) {
        started.resolve();
        // Never finishes by itself.
        return new Promise((_, reject) => {
          if (honours) options.signal.addEventListener("abort", () => reject(new Error("aborted")));
        });
      },
    };
    await using env = await realHost([], { toolCaller: caller });
    const record = join(env.zot.home, "frames.jsonl");
    await env.host.load([spontaneous(record, "slow")]);
    await env.host.waitForReady();
    await within(
      10_000,
      env.host.interceptTurnStart(1, new AbortController().signal),
      "turn_start",
    );
    await within(10_000, started.promise, "the call_tool to start");
    await within(10_000, env.host.stop(2_000), "stop");
    const frames = received(record);
    const result = frames.findIndex((f) => f.type === "tool_result" && f.id === "own-1");
    const shutdown = frames.findIndex((f) => f.type === "shutdown");
    assert(result !== -1, `no tool_result for own-1 in ${JSON.stringify(frames)}`);
    assert(shutdown !== -1, "no shutdown");
    assert(result < shutdown, "the answer must come before shutdown");
    assertEquals(frames[result].is_error, true);
    assertEquals(frames[result].content, [{ type: "text", text: "context canceled" }]);
  });
}
