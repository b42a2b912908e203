/**
 * Shared set-up of the MCP tests: the real reference servers from npm,
 * installed with `zot ext add-mcp` into a temp ZOT_HOME, and an RPC session
 * whose fake model waits until the server's tools have joined.
 *
 * @module
 */

import type { FakeLlm, FakeTurn } from "../helpers/fake_llm.ts";
import type { RpcClient } from "../modes/rpc_client.ts";
import { runZot, type ZotEnv, type ZotRun } from "../modes/run_zot.ts";
import { isRecord } from "../../src/is_record.ts";

export const EVERYTHING = "npm:@modelcontextprotocol/server-everything@2026.8.31";
export const FILESYSTEM = "npm:@modelcontextprotocol/server-filesystem@2026.8.31";

/** Whether the npm registry answers: the tests that fetch a server skip without it. */
export async function npmReachable(): Promise<boolean> {
  try {
    const r = await fetch("https://registry.npmjs.org/@modelcontextprotocol%2fsdk", {
      method: "HEAD",
      signal: AbortSignal.timeout(5_000),
    });
    await r.body?.cancel();
    return r.ok;
  } catch {
    return false;
  }
}

/** Why the MCP tests are skipped, or undefined when they run. */
export const SKIP_REASON = (await npmReachable())
  ? undefined
  : "the npm registry is unreachable (the MCP tests fetch real servers from it)";

/** `zot ext add-mcp <name> [extra…] --yes -- <command> [args…]`. */
export function addMcp(
  z: ZotEnv,
  name: string,
  command: string[],
  extra: string[] = [],
): Promise<ZotRun> {
  return runZot(["ext", "add-mcp", name, ...extra, "--yes", "--", ...command], z);
}

/** The tool names a model request offered. */
export function offeredTools(body: unknown): string[] {
  if (!isRecord(body) || !Array.isArray(body.tools)) return [];
  return body.tools.flatMap((t) => isRecord(t) && typeof t.name === "string" ? [t.name] : []);
}

/**
 * A fake-model script that answers "waiting" until it is armed (after the
 * server's tools joined), then plays `turns` in order.
 */
export function scriptedAfterJoin(turns: FakeTurn[]) {
  let next = 0;
  let armed = false;
  return {
    arm: () => (armed = true),
    /** Answer "waiting" again until the next `arm()`. */
    hold: () => (armed = false),
    script: (): FakeTurn =>
      armed ? turns[next++] ?? { text: "no more turns" } : { text: "waiting" },
  };
}

/** Prompt until a request offers `tool` (the extension joined), bounded. */
export async function promptUntilJoined(
  rpc: RpcClient,
  llm: FakeLlm,
  tool: string,
  message: string,
  home = "",
  name = "everything",
): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (let n = 0; Date.now() < deadline; n++) {
    await rpc.send({ type: "prompt", id: `join-${n}`, message });
    await rpc.until((f) => f.type === "done");
    if (llm.requests.some((r) => offeredTools(r.body).includes(tool))) return;
  }
  const log = await Deno.readTextFile(`${home}/logs/ext-${name}.log`).catch(() => "(no log)");
  throw new Error(`the MCP tool "${tool}" never joined within 60 s; its log:\n${log}`);
}

/** The content of the last tool results sent to the model. */
export function lastToolResults(llm: FakeLlm): Record<string, unknown>[] {
  const body = llm.requests.at(-1)?.body;
  if (!isRecord(body) || !Array.isArray(body.messages)) return [];
  const last = body.messages.at(-1);
  if (!isRecord(last) || !Array.isArray(last.content)) return [];
  return last.content.filter((b): b is Record<string, unknown> =>
    isRecord(b) && b.type === "tool_result"
  );
}
