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
import { readsAroundHidden } from "../ossandbox/hidden_reads.ts";
import type { OsPolicy } from "../ossandbox/policy.ts";
import { hostKind } from "../scope/net_host.ts";
import { errorMessage } from "../errors.ts";
import { type ConfineContext, confineRunGrant, sessionSocketDirs } from "./confine.ts";
import { existsSync } from "../path_exists.ts";

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
  const reads = await outerReads(ctx);
  if (!reads.ok) return { ok: false, why: reads.error };
  const policy: OsPolicy = {
    ...reads.policy,
    write: [ctx.dataDir, ...(ctx.writes ?? [])],
    // Only those that exist: one that does not would be made as an empty file in the user's tree.
    writeDeny: (ctx.denyWrite ?? []).filter(existsSync),
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

/**
 * What the OS sandbox around the view lets be read. It hides, by directory (a deny by file would
 * let a file replaced later through): zot's state (but the extension's own directories, whatever
 * a read grant covers), the home and the shared `/tmp` (but what the scope grants and the runner
 * needs there), and the usual doors to your other processes (the per-user runtime directory,
 * terminal multiplexers' sockets). This is the one place these are hidden: the view inside sees
 * through it, and so does `/proc/<pid>/root` of the sandbox's own processes.
 */
async function outerReads(
  ctx: Omit<ConfineContext, "hosts">,
): Promise<
  { ok: true; policy: Pick<OsPolicy, "readDeny" | "readAllow"> } | { ok: false; error: string }
> {
  const own = [ctx.extensionDir, ctx.dataDir, ...(ctx.denoDir ? [ctx.denoDir] : [])];
  const allowed = [...(ctx.runtime ?? []), ...(ctx.reads ?? []), ...(ctx.writes ?? []), ...own];
  const around = await readsAroundHidden(allowed, ctx.zotHome, own);
  if (!around.ok) return around;
  const readDeny = [ctx.zotHome, "/tmp", ...sessionSocketDirs(ctx.tmuxTmpdir)];
  if (ctx.home && ctx.home !== "/") readDeny.push(ctx.home);
  return { ok: true, policy: { readDeny, readAllow: around.read } };
}
