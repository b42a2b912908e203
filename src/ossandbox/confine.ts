/**
 * Turns a command and an OsPolicy into the command that runs it inside the
 * OS sandbox (bubblewrap + seccomp on Linux, Seatbelt on macOS, both driven
 * by `@anthropic-ai/sandbox-runtime`, loaded only when something is confined).
 *
 * What we found about the runtime's network filtering, and why it is used
 * the way it is here: its filtering proxy is started once per process by
 * `initialize()` and decides every connection by the GLOBAL configuration;
 * the per-call `customConfig.network` only decides whether the wrapped
 * process is cut off from the network and routed through that proxy, not
 * which hosts the proxy lets through. So a per-call host list handed to
 * `wrapWithSandboxArgv` would silently be ignored. Per-process filtering is
 * done instead with the runtime's per-command allow lists: the global list
 * is empty (with no ask callback, so anything undecided is refused), each
 * confined process gets a fresh 128-bit id, the process's own hosts are
 * registered under that id, and the proxy credentials baked into the
 * process's environment carry the id. The id binds a connection to a list,
 * so it must stay secret from every other confined process: each runs in
 * its own pid namespace with its own /proc (it cannot read another's
 * environment or command line), the id is never written to disk, and it is
 * unregistered by `release()`. Loopback: the process has no network of its
 * own (its loopback is an empty namespace), and a literal `127.0.0.1:PORT`
 * in its list lets the proxy dial that port on this machine, nothing else;
 * the runtime's NO_PROXY would send such a request around the proxy into
 * the empty namespace, so it is unset inside the sandbox.
 *
 * @module
 */

import { ZotError } from "../errors.ts";
import { childGroups } from "../process_reaper.ts";
import { strayChildren } from "../stray_children.ts";
import { osSandboxStatus } from "./availability.ts";
import { hostOfEntry, isLoopbackHost, type OsPolicy } from "./policy.ts";

/** A confined command: spawn `argv` with `clearEnv: true` and `env`, then `release()`. */
export interface Confined {
  argv: string[];
  env: Record<string, string>;
  /** Forget the process's network allowance; call once the child has ended. */
  release(): Promise<void>;
}

export interface ConfineOptions {
  /**
   * The command is itself a bubblewrap sandbox (a `run` grant's view), which needs a user
   * namespace of its own inside this one. Off by default: a confined process that may create
   * namespaces reaches more of the kernel.
   */
  nestedSandbox?: boolean;
}

/** The OS sandbox could not confine a command; the message carries the remedy. */
export class OsSandboxError extends ZotError {
  constructor(message: string) {
    super("os-sandbox", message);
    this.name = "OsSandboxError";
  }
}

type Runtime = typeof import("@anthropic-ai/sandbox-runtime");

/** The loaded runtime, its seccomp helper's folder and the helpers its start adopted. */
interface Started {
  mod: Runtime;
  seccompDir?: string;
  helpers: number[];
}

let runtime: Promise<Started> | undefined;

let exitForwarded = false;

/**
 * The runtime stops its helpers (the `socat` bridges, their sockets in the
 * temp dir) in a listener of node's `exit` event, which `Deno.exit` does not
 * emit: measured on Deno 2.9.6, the bridge then lives on, re-parented to
 * init. `Deno.exit` does dispatch `unload`, so from the runtime's first load
 * on, `unload` emits node's `exit`. (Deno emits it itself only at a natural
 * end, which a process holding the runtime's proxy open never reaches.)
 */
async function forwardExit(): Promise<void> {
  if (exitForwarded) return;
  exitForwarded = true;
  const { default: process } = await import("node:process");
  globalThis.addEventListener("unload", () => process.emit("exit", Deno.exitCode));
}

/** Load the runtime and start its proxy once, with an allowlist of nothing. */
function started(): Promise<Started> {
  runtime ??= (async () => {
    await forwardExit();
    const mod = await import("@anthropic-ai/sandbox-runtime");
    const before = new Set(strayChildren());
    await mod.SandboxManager.initialize({
      network: { allowedDomains: [], deniedDomains: [] },
      filesystem: { denyRead: [], allowWrite: [], denyWrite: [] },
    });
    const helpers = adoptHelpers(before);
    return { mod, seccompDir: await seccompDirectory(), helpers };
  })();
  runtime.catch(() => runtime = undefined);
  return runtime;
}

/**
 * The folder of the runtime's seccomp helper, which lives in the package
 * cache under the home directory: a policy that denies the home directory
 * must still let the sandbox run it.
 */
async function seccompDirectory(): Promise<string | undefined> {
  if (Deno.build.os !== "linux") return undefined;
  const sec = await import("@anthropic-ai/sandbox-runtime/dist/sandbox/generate-seccomp-filter.js");
  const path: string | null | undefined = await sec.getApplySeccompBinaryPathAsync();
  return path ? path.slice(0, path.lastIndexOf("/")) : undefined;
}

/**
 * The runtime's helpers are the children that `initialize()` started in zot's own group (zot
 * puts everything it starts itself in a group of its own): the reaper's sentinel ends them if
 * zot dies. Returns their pids.
 */
function adoptHelpers(before: ReadonlySet<number>): number[] {
  const helpers = strayChildren().filter((pid) =>
    !before.has(pid) && pid !== childGroups.sentinelPid
  );
  for (const pid of helpers) childGroups.adopt(pid);
  return helpers;
}

/** Stop the runtime's proxy (tests, and a host that stops confining). */
export async function resetOsSandbox(): Promise<void> {
  const current = runtime;
  runtime = undefined;
  if (!current) return;
  try {
    const { mod, helpers } = await current;
    await mod.SandboxManager.reset();
    await Promise.all(helpers.map((pid) => childGroups.release(pid)));
  } catch {
    // it never started
  }
}

/**
 * The runtime makes its own temp dir writable for every process it wraps
 * (and points TMPDIR there): where it exists it would be one directory
 * shared by all confined processes, a channel between extensions and a
 * write outside every policy. Kept read-only; without it, TMPDIR points
 * nowhere and programs fall back to the private /tmp each sandbox gets.
 */
const RUNTIME_SHARED_WRITES = ["/tmp/claude", "/private/tmp/claude"];

/** One word of a POSIX shell command, quoted so the shell reads it back unchanged. */
export function shellQuote(word: string): string {
  return `'${word.replaceAll("'", `'\\''`)}'`;
}

/** The first thing wrong with `policy`, or undefined. */
export function policyProblem(argv: string[], policy: OsPolicy, cwd: string): string | undefined {
  if (argv.length === 0) return "the command is empty";
  for (const word of [...argv, cwd]) {
    if (word.includes("\0")) return "a command word contains a NUL byte";
  }
  if (!cwd.startsWith("/")) return `the working directory "${cwd}" is not absolute`;
  const paths = [
    ...policy.readDeny,
    ...policy.readAllow,
    ...policy.write,
    ...policy.writeDeny ?? [],
  ];
  for (const path of paths) {
    if (!path.startsWith("/")) return `the path "${path}" is not absolute`;
    if (path.includes("\0") || path.includes("\n")) return `the path "${path}" has a control byte`;
  }
  for (const entry of policy.netHosts) {
    if (!policy.loopback && isLoopbackHost(hostOfEntry(entry))) {
      return `the host "${entry}" is this machine and loopback is not allowed`;
    }
  }
  for (const [name, value] of Object.entries(policy.env)) {
    if (name === "" || name.includes("=") || name.includes("\0") || value.includes("\0")) {
      return `the environment variable "${name}" cannot be passed`;
    }
  }
  return undefined;
}

/**
 * The command that runs `argv` in `cwd` under `policy`. Throws an
 * OsSandboxError (with the remedy) when the sandbox is unavailable or the
 * policy cannot be expressed: it never hands back an unconfined command.
 */
export async function confineCommand(
  argv: string[],
  policy: OsPolicy,
  cwd: string,
  options: ConfineOptions = {},
): Promise<Confined> {
  const status = await osSandboxStatus();
  if (!status.ok) {
    throw new OsSandboxError(`The OS sandbox is unavailable: ${status.reason} (${status.remedy})`);
  }
  const problem = policyProblem(argv, policy, cwd);
  if (problem) throw new OsSandboxError(`Cannot confine "${argv[0] ?? ""}": ${problem}`);
  let started_: Awaited<ReturnType<typeof started>>;
  try {
    started_ = await started();
  } catch (e) {
    throw new OsSandboxError(
      `The OS sandbox did not start: ${e instanceof Error ? e.message : String(e)} ` +
        `(run "zot ext doctor")`,
    );
  }
  const { SandboxManager } = started_.mod;
  const id = commandId();
  try {
    SandboxManager.registerCommandNetworkLists(id, { allowedDomains: [...policy.netHosts] });
  } catch (e) {
    throw new OsSandboxError(
      `Cannot confine "${argv[0]}": a network host is not valid ` +
        `(${e instanceof Error ? e.message : String(e)})`,
    );
  }
  let released = false;
  // Set once the runtime wrapped the command: it then counts the command as running and keeps
  // the empty files it made as mount points (for deny paths that do not exist yet, such as
  // `.envrc` in the project) until told that the command ended.
  let wrappedOnce = false;
  const release = () => {
    if (released) return Promise.resolve();
    released = true;
    SandboxManager.unregisterCommandNetworkLists(id);
    if (wrappedOnce) SandboxManager.cleanupAfterCommand();
    return Promise.resolve();
  };
  try {
    const readAllow = [...policy.readAllow];
    if (started_.seccompDir) readAllow.push(started_.seccompDir);
    // The sockets that lead to the proxy sit in the temp dir: a policy that denies it (or "/")
    // must still let the process reach them, or it has no network even to granted hosts.
    for (
      const socket of [
        SandboxManager.getLinuxHttpSocketPath(),
        SandboxManager.getLinuxSocksSocketPath(),
      ]
    ) {
      if (socket) readAllow.push(socket);
    }
    const command = `unset NO_PROXY no_proxy; exec ${argv.map(shellQuote).join(" ")}`;
    const wrapped = await SandboxManager.wrapWithSandboxArgv(
      command,
      undefined,
      {
        allowNestedUserNamespaces: options.nestedSandbox === true,
        network: { allowedDomains: [], deniedDomains: [] },
        filesystem: {
          denyRead: [...policy.readDeny],
          allowRead: readAllow,
          allowWrite: [...policy.write],
          denyWrite: [...(policy.writeDeny ?? []), ...RUNTIME_SHARED_WRITES],
        },
      },
      undefined,
      cwd,
      { commandId: id },
    );
    wrappedOnce = true;
    if (wrapped.argv.length === 0) throw new Error("the runtime returned no command");
    return { argv: wrapped.argv, env: { ...policy.env }, release };
  } catch (e) {
    await release();
    if (e instanceof OsSandboxError) throw e;
    throw new OsSandboxError(
      `Cannot confine "${argv[0]}": ${e instanceof Error ? e.message : String(e)} ` +
        `(run "zot ext doctor")`,
    );
  }
}

/** 128 random bits, base64url: the runtime's minimum for an id that binds an allow list. */
function commandId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes)).replaceAll("+", "-").replaceAll("/", "_")
    .replaceAll("=", "");
}
