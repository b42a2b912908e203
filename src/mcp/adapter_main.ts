/**
 * The adapter process: started by the host in place of an MCP extension's
 * program (the hidden `__zot_mcp_adapter` mode of a compiled zot, or this
 * file under `deno run`). It reads the server's launch plan from one
 * environment variable, deletes it (a plain server inherits this
 * environment), starts the server exactly as planned and bridges it
 * (adapter.ts) until zot is done or the server exits.
 *
 * @module
 */

import { isRecord } from "../is_record.ts";

/** The variable carrying the server's launch plan (JSON). */
export const MCP_SERVER_ENV = "__ZOT_MCP_SERVER";

/** How to start the server: the host's launch plan for it. */
export interface ServerPlan {
  name: string;
  version?: string;
  command: string;
  args: string[];
  cwd: string;
  env: Record<string, string>;
  clearEnv: boolean;
}

const isStrings = (v: unknown): v is string[] =>
  Array.isArray(v) && v.every((x) => typeof x === "string");

/** Parse the plan, or say why it is unusable. */
export function parseServerPlan(text: string | undefined): ServerPlan | string {
  if (!text) return "no server plan (the MCP adapter is started by zot, not by hand)";
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    return "the server plan is not JSON";
  }
  if (
    !isRecord(v) || typeof v.name !== "string" || typeof v.command !== "string" ||
    !isStrings(v.args) || typeof v.cwd !== "string" || !isRecord(v.env) ||
    !Object.values(v.env).every((x) => typeof x === "string")
  ) return "the server plan is malformed";
  return {
    name: v.name,
    version: typeof v.version === "string" ? v.version : undefined,
    command: v.command,
    args: v.args,
    cwd: v.cwd,
    env: v.env as Record<string, string>,
    clearEnv: v.clearEnv === true,
  };
}

/** Run the adapter for the planned server; resolves to the exit code. */
export async function runAdapterMain(): Promise<number> {
  const plan = parseServerPlan(Deno.env.get(MCP_SERVER_ENV));
  Deno.env.delete(MCP_SERVER_ENV);
  if (typeof plan === "string") {
    console.error(`zot MCP adapter: ${plan}`);
    return 2;
  }
  let child: Deno.ChildProcess;
  try {
    child = new Deno.Command(plan.command, {
      args: plan.args,
      cwd: plan.cwd,
      env: plan.env,
      clearEnv: plan.clearEnv,
      stdin: "piped",
      stdout: "piped",
      // The server's stderr is the extension's log, as an extension's own would be.
      stderr: "inherit",
    }).spawn();
  } catch (e) {
    console.error(`Cannot start MCP server "${plan.name}": ${String(e)}`);
    return 1;
  }
  let done = false;
  // A server that exits ends the extension: the host reports it and its log says why.
  void child.status.then((s) => {
    if (done) return;
    console.error(
      `MCP server "${plan.name}" exited (code ${s.code}${s.signal ? `, ${s.signal}` : ""})`,
    );
    Deno.exit(1);
  });
  try {
    // Loaded after the spawn: the MCP SDK loads while the server starts.
    const { runAdapter } = await import("./adapter.ts");
    await runAdapter(plan.name, { stdin: child.stdin, stdout: child.stdout }, {
      version: plan.version,
      log: (line) => console.error(line),
    });
  } catch (e) {
    done = true;
    console.error(`MCP server "${plan.name}" failed: ${e instanceof Error ? e.message : e}`);
    stop(child);
    return 1;
  }
  done = true;
  stop(child);
  return 0;
}

function stop(child: Deno.ChildProcess): void {
  try {
    child.kill("SIGTERM");
  } catch {
    // Already gone.
  }
}

if (import.meta.main) Deno.exit(await runAdapterMain());
