/**
 * Starting a plain program (Python, Go, shell...) that runs with a scope:
 * inside the OS sandbox. The scope's paths are resolved and checked exactly
 * as for a sandboxed TypeScript extension (placeholders, real paths, no
 * write into zot's state or a repository's .git), then mapped to an
 * OsPolicy:
 *
 * - reads: nothing but the system trees programs and interpreters need
 *   (/usr, /lib, /etc, ...), its own directory, its data directory, the
 *   program file itself and the granted paths, and, when its interpreter was
 *   installed by a toolchain manager under the home (pyenv, nvm...), that
 *   manager's tree, read-only (toolchain_roots.ts); the home directory,
 *   `$ZOT_HOME`, other users' files and the project are not there unless granted;
 * - writes: its data directory and the granted paths;
 * - network: the granted hosts, through the sandbox's filtering proxy (a
 *   host on this machine only when the scope names it);
 * - environment: the granted variables, PATH, HOME (its data directory)
 *   and PWD; nothing else of zot's.
 *
 * The process tree lives in its own pid namespace and dies with the
 * sandbox, so nothing it started outlives it. Where the sandbox cannot run,
 * the start is refused with the remedy, unless the user allowed this
 * extension to run unconfined (`zot ext unconfined <name>`).
 *
 * @module
 */

import { readsAround, withoutPlaceholders } from "../ossandbox/placeholders.ts";
import { readsAroundHidden } from "../ossandbox/hidden_reads.ts";
import { isHiddenState } from "../sandbox/zot_state.ts";
import type { ZotPaths } from "../config/paths.ts";
import { homeDir } from "../config/paths.ts";
import { errorMessage } from "../errors.ts";
import { osSandboxStatus } from "../ossandbox/availability.ts";
import { confineCommand } from "../ossandbox/confine.ts";
import type { OsPolicy } from "../ossandbox/policy.ts";
import { hostKind } from "../scope/net_host.ts";
import type { Scope } from "../scope/scope.ts";
import { sandboxDataDir } from "../sandbox/launch.ts";
import { grantedEnv, workerPermissions } from "../sandbox/permissions.ts";
import { allowedUnconfined } from "../sandbox/unconfined.ts";
import { trustedProjects } from "./trust.ts";
import { interpreterAccess } from "./toolchain_roots.ts";
import type { ExtensionSource, LaunchPlan } from "./types.ts";
import { existsSync } from "../path_exists.ts";

export type ConfinedLaunch = { ok: true; plan: LaunchPlan } | { ok: false; error: string };

/**
 * The system trees a confined program may read: where programs, shared
 * libraries, interpreters and their standard libraries, and the system's
 * configuration (name service, certificates, time zones) live. Those that
 * do not exist here are left out.
 */
export const SYSTEM_READ = [
  "/usr",
  "/bin",
  "/sbin",
  "/lib",
  "/lib32",
  "/lib64",
  "/libx32",
  "/etc",
  "/opt",
  "/nix/store",
  "/run/current-system",
  "/System",
  "/Library",
  "/private/etc",
  "/private/var/db/timezone",
];

/** What the confined extension runs as: the program resolved on its side, and its args. */
export interface ConfinedRequest {
  source: ExtensionSource;
  /** The exec, resolved (an absolute path). */
  program: string;
  args: string[];
  scope: Scope;
  paths: ZotPaths;
  /** zot's environment, the only source of granted variables; defaults to Deno's. */
  hostEnv?: Record<string, string>;
}

/** Plan the confined start of `request.source`, or say why it may not start. */
export async function planConfinedLaunch(request: ConfinedRequest): Promise<ConfinedLaunch> {
  const { source, scope, paths } = request;
  const name = source.manifest.name;
  const fail = (why: string): ConfinedLaunch => ({
    ok: false,
    error: `Cannot start extension "${name}": ${why}`,
  });
  const status = await osSandboxStatus();
  if (!status.ok) {
    if (await allowedUnconfined(paths.home, source.dir, name)) {
      return { ok: true, plan: unconfinedPlan(request, status.reason) };
    }
    return fail(
      `its scope needs the OS sandbox, which is unavailable: ${status.reason} ` +
        `(${status.remedy}; or run "zot ext unconfined ${name}" to let it run with your ` +
        `full privileges)`,
    );
  }
  const hostEnv = request.hostEnv ?? Deno.env.toObject();
  let extDir: string;
  let realData: string;
  let project: string;
  let trusted: string[];
  try {
    extDir = await Deno.realPath(source.dir);
    const dataDir = await sandboxDataDir(paths, { name, project: source.kind === "project" });
    await Deno.mkdir(dataDir, { recursive: true, mode: 0o700 });
    // A data dir replaced by a symlink would hand out write access to its target.
    if ((await Deno.lstat(dataDir)).isSymlink) {
      return fail(`data directory ${dataDir} is a symlink (remove it; zot recreates it)`);
    }
    await Deno.chmod(dataDir, 0o700);
    realData = await Deno.realPath(dataDir);
    project = await Deno.realPath(paths.cwd);
    trusted = await trustedProjects(paths.trust);
  } catch (e) {
    return fail(
      `cannot prepare its directories: ${errorMessage(e)} ` +
        `(check that ${paths.extensionData} is a directory you can write)`,
    );
  }
  const perms = await workerPermissions(scope, {
    extension: extDir,
    data: realData,
    project,
    home: homeDir((k) => hostEnv[k]),
    zotHome: paths.home,
    trusted,
  });
  if (!perms.ok) return fail(perms.error);
  const program = await Deno.realPath(request.program).catch(() => request.program);
  // No protection may rest on a placeholder file someone could delete (placeholders.ts).
  const writes = await withoutPlaceholders(perms.permissions.write, perms.denyWrite);
  if (!writes.ok) return fail(writes.error);
  const reads = readsAround(perms.permissions.read, writes.closed);
  if (!reads.ok) return fail(reads.error);
  // zot's own state is never mounted, whatever the grants (sandbox/zot_state.ts): a grant that
  // holds $ZOT_HOME becomes its pieces around it, so nothing there, existing or not, is readable.
  const state = { zotHome: await Deno.realPath(paths.home), keep: [extDir, realData] };
  if (isHiddenState(state, program)) {
    return fail(`its program "${program}" lies in zot's own state, which no extension may read`);
  }
  let around;
  try {
    around = await readsAroundHidden(
      [...SYSTEM_READ.filter(existsSync), ...reads.read],
      state.zotHome,
      state.keep,
    );
  } catch (e) {
    return fail(`cannot list what its read grants hold: ${errorMessage(e)}`);
  }
  if (!around.ok) return fail(around.error);
  const policy = osPolicyFor(scope, {
    read: around.read,
    system: [],
    write: writes.write,
    writeDeny: writes.writeDeny,
    program,
    data: realData,
    extension: extDir,
    hostEnv,
  });
  // An interpreter a toolchain manager installed under the home directory: its root, read-only.
  const toolchain = await interpreterAccess({
    program: request.program,
    searchPath: policy.env.PATH,
    home: homeDir((k) => hostEnv[k]),
    zotHome: paths.home,
    readable: policy.readAllow,
    hostEnv,
    cwd: extDir,
  });
  if (!toolchain.ok) return fail(toolchain.error);
  policy.readAllow = unique([...policy.readAllow, ...toolchain.value.read]);
  policy.readDeny = unique([...policy.readDeny, ...toolchain.value.deny]);
  Object.assign(policy.env, toolchain.value.env);
  try {
    const confined = await confineCommand([request.program, ...request.args], policy, extDir);
    return {
      ok: true,
      plan: {
        command: confined.argv[0],
        args: confined.argv.slice(1),
        cwd: extDir,
        env: confined.env,
        clearEnv: true,
        // The host enforces the scope's protocol grants for it, as for a sandboxed extension.
        sandboxed: true,
        dataDir: realData,
        release: confined.release,
      },
    };
  } catch (e) {
    return fail(errorMessage(e));
  }
}

/** The resolved places an OsPolicy is built from. */
export interface PolicyPlaces {
  /** Readable (own dir, data dir, granted reads and writes), real paths. */
  read: string[];
  /** Writable (data dir, granted writes), real paths. */
  write: string[];
  /** Inside the writable ones, still not writable (.git, .zot, HEAD). */
  writeDeny: string[];
  /** The system trees to read; default: those of {@linkcode SYSTEM_READ} that exist. */
  system?: string[];
  /** The program's real path: readable, wherever it is installed. */
  program: string;
  data: string;
  extension: string;
  hostEnv: Record<string, string>;
}

/** The OsPolicy of a confined plain extension with `scope`. */
export function osPolicyFor(scope: Scope, at: PolicyPlaces): OsPolicy {
  const env: Record<string, string> = {
    ...grantedEnv(scope, at.hostEnv),
    PATH: at.hostEnv.PATH || "/usr/local/bin:/usr/bin:/bin",
    // Programs that keep state under ~ find their data directory there.
    HOME: at.data,
    PWD: at.extension,
  };
  return {
    // Everything is unreadable but what is listed below.
    readDeny: ["/"],
    readAllow: unique([
      ...at.system ?? SYSTEM_READ.filter(existsSync),
      // The program file itself, not its folder: that may be the home directory.
      at.program,
      ...at.read,
    ]),
    write: unique(at.write),
    writeDeny: at.writeDeny,
    netHosts: [...scope.net],
    loopback: scope.net.some((h) => hostKind(h) === "loopback"),
    env,
  };
}

/** The plain start of an extension the user allowed to run unconfined. */
function unconfinedPlan(request: ConfinedRequest, why: string): LaunchPlan {
  const { source } = request;
  return {
    command: request.program,
    args: request.args,
    cwd: source.dir,
    env: { PWD: source.dir },
    sandboxed: false,
    dataDir: source.dir,
    notes: [
      `extension "${source.manifest.name}" runs UNCONFINED, with your full privileges: ` +
      `the OS sandbox is unavailable (${why}) and you allowed it to run without ` +
      `(run "zot ext unconfined ${source.manifest.name} --revoke" to stop that)`,
    ],
  };
}

function unique(list: string[]): string[] {
  return [...new Set(list)];
}
