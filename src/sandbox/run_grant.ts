/**
 * The runner of an extension whose scope grants `run`, confined as a whole
 * (confine.ts says why: a granted program is outside Deno's checks). Without
 * network hosts in the scope, the bubblewrap view alone holds it, with an
 * empty network. With hosts, that view runs inside the OS sandbox, whose
 * filtering proxy lets through only the scope's hosts: Deno holds the
 * extension to them, the proxy holds every program it starts. A program then
 * reaches those hosts through the proxy (`HTTP_PROXY`, `HTTPS_PROXY`,
 * `ALL_PROXY` are set; clients that ignore them reach nothing), and so does
 * the extension's own `fetch`.
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
  ctx: Omit<ConfineContext, "network">,
): Promise<ConfinedRunner> {
  const hosts = [...scope.net, ...scope.import];
  const view = confineRunGrant(runner.command, runner.args, {
    ...ctx,
    network: hosts.length > 0 ? "proxied" : "none",
  });
  if (!view.ok) return view;
  if (hosts.length === 0) return { ...view, env: runner.env };
  const policy: OsPolicy = {
    // The view inside decides what is readable and hides zot's state; this sandbox adds the
    // network and keeps the rest of the file system read only.
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
      why: `its scope grants "run" (${ctx.run.join(", ")}) and network hosts, and the programs ` +
        `it starts must be held to those hosts by the OS sandbox: ${errorMessage(e)}`,
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
