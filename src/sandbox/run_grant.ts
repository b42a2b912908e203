/**
 * The runner of an extension whose scope grants `run`, confined as a whole:
 * the bubblewrap view (confine.ts) inside the OS sandbox. The OS sandbox
 * gives it a PID namespace of its own, refuses Unix sockets and holds the
 * network to the scope's hosts through its filtering proxy: Deno holds the
 * extension to them, the proxy holds every program it starts. A program
 * reaches those hosts through the proxy (`HTTP_PROXY`, `HTTPS_PROXY`,
 * `ALL_PROXY` are set; clients that ignore them reach nothing), and so does
 * the extension's own `fetch`. A scope without hosts has no network at all.
 *
 * @module
 */

import { confineCommand } from "../ossandbox/confine.ts";
import type { OsPolicy } from "../ossandbox/policy.ts";
import { hostKind } from "../scope/net_host.ts";
import { errorMessage } from "../errors.ts";
import { type ConfineContext, confineRunGrant } from "./confine.ts";

/** The runner's command, before confinement. */
export interface RunnerCommand {
  command: string;
  args: string[];
  env: Record<string, string>;
}

export type ConfinedRunner =
  | {
    ok: true;
    command: string;
    args: string[];
    env: Record<string, string>;
    release?: () => Promise<void>;
  }
  | { ok: false; why: string };

/** Where the scope's hosts come from: `net` and `import`. */
export interface RunGrantScope {
  net: readonly string[];
  import: readonly string[];
}

/** Confine `runner` for an extension granted `run`, or say why it cannot start. */
export async function confineRunner(
  runner: RunnerCommand,
  scope: RunGrantScope,
  ctx: Omit<ConfineContext, "hosts">,
): Promise<ConfinedRunner> {
  const hosts = [...scope.net, ...scope.import];
  const view = confineRunGrant(runner.command, runner.args, { ...ctx, hosts: hosts.length > 0 });
  if (!view.ok) return view;
  const policy: OsPolicy = {
    // The view inside decides what is readable and hides zot's state; this sandbox adds the
    // process namespace, the socket rule and the network, and keeps the rest read only.
    readDeny: [],
    readAllow: [],
    write: [ctx.dataDir, ...(ctx.writes ?? [])],
    // Only those that exist: one that does not would be made as an empty file in the user's tree.
    writeDeny: (ctx.denyWrite ?? []).filter(exists),
    netHosts: hosts,
    loopback: hosts.some((h) => hostKind(h) === "loopback"),
    env: runner.env,
  };
  try {
    const confined = await confineCommand([view.command, ...view.args], policy, ctx.extensionDir, {
      nestedSandbox: true,
    });
    return {
      ok: true,
      command: confined.argv[0],
      args: confined.argv.slice(1),
      env: confined.env,
      release: confined.release,
    };
  } catch (e) {
    return {
      ok: false,
      why: `its scope grants "run" (${ctx.run.join(", ")}), and the programs it starts must ` +
        `run in the OS sandbox: ${errorMessage(e)}`,
    };
  }
}

function exists(path: string): boolean {
  try {
    Deno.statSync(path);
    return true;
  } catch {
    return false;
  }
}
