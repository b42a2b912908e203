/**
 * Launch plan for sandboxed TypeScript/JavaScript extensions: create the
 * data directory, resolve and real-path-check the entry and every granted
 * path, and build the runner command with a cleared environment holding only
 * what the scope grants.
 *
 * It takes plain values (a name, a directory, a parsed scope): reading the
 * manifest, parsing its scope and checking consent happen in the extension
 * loader above, which calls {@linkcode planSandboxLaunch}.
 *
 * @module
 */

import { dirname, join, resolve } from "../path.ts";
import { pathToFileURL } from "node:url";
import { homeDir, type ZotPaths } from "../config/paths.ts";
import { errorMessage } from "../errors.ts";
import { isInside } from "../path_inside.ts";
import { pathKey } from "../config/path_key.ts";
import type { Scope } from "../scope/scope.ts";
import { runnerCommand, usesWorkerRunner } from "./command.ts";
import { RUNNER_CONFIG_ENV, type RunnerConfig } from "./config.ts";
import { grantedEnv, workerPermissions } from "./permissions.ts";
import { describeScopeShort } from "./describe.ts";
import { sandboxDenoDir } from "./web_storage.ts";
import { confineRunner } from "./run_grant.ts";
import { needsStateView, withStateView } from "./state_view.ts";
import { ignoresCase, stateDenyFor } from "./zot_state.ts";

/** The extension to run, as values its loader has read and checked. */
export interface SandboxRequest {
  /** The manifest name: names the data directory, the runner and every message. */
  name: string;
  /** The extension directory as found (its real path is taken here). */
  dir: string;
  /** The manifest's exec: the entry, relative to `dir`. */
  exec: string;
  args: string[];
  /** Named in remedies. */
  manifestPath: string;
  /** A project extension keeps its data per project. */
  project: boolean;
  /** The parsed scope the runner is narrowed to. */
  scope: Scope;
  /** Real paths of the trusted projects: write grants keep out of their .git and .zot. */
  trusted: string[];
  /** An MCP server from npm, run from its pinned copy in the sandbox's Deno directory. */
  npm?: NpmEntry;
}

/** What the runner needs to start an npm package's executable. */
export interface NpmEntry {
  /** The module to run: `npm:<package>@<version>/<bin path>`. */
  entry: string;
  /** The lock file that pins the package's integrity (checked, never written). */
  lock: string;
  /** The package's own directory in the Deno cache: the only extra path it may read. */
  packageDir: string;
  /** The manifest's variables for the server (names already checked). */
  env: Record<string, string>;
}

export interface SandboxLaunchContext {
  paths: ZotPaths;
  /** True when the extension came from `--ext` (print the scope it runs with). */
  explicit: boolean;
  /** zot's environment, the only source of granted variables; defaults to Deno's. */
  hostEnv?: Record<string, string>;
  /** The zot executable to re-run; defaults to `Deno.execPath()`. */
  execPath?: string;
  /** Use the Worker runner under `deno run` too (the compiled binary's runner, for tests). */
  worker?: boolean;
}

/** How to start the runner: the shape of the extension host's launch plan. */
export interface SandboxPlan {
  command: string;
  args: string[];
  cwd: string;
  env: Record<string, string>;
  clearEnv: true;
  sandboxed: true;
  /** The real path of the data directory (`hello_ack.data_dir`). */
  dataDir: string;
  /** The scope in words, for `--ext`. */
  notes?: string[];
  /** Called once the process has ended (a proxied runner frees its network allowance). */
  release?: () => Promise<void>;
}

export type SandboxLaunchResult = { ok: true; plan: SandboxPlan } | { ok: false; error: string };

/**
 * `$ZOT_HOME/extension-data/<name>`; for a project extension
 * `$ZOT_HOME/project-extension-data/<path key of the project>/<name>`.
 */
export async function sandboxDataDir(
  paths: ZotPaths,
  extension: { name: string; project: boolean },
): Promise<string> {
  const { name } = extension;
  if (!extension.project) return join(paths.extensionData, name);
  return join(paths.projectExtensionData, await pathKey(await Deno.realPath(paths.cwd)), name);
}

/** The real path of `path`, or undefined (unset or gone). */
async function realOr(path: string | undefined): Promise<string | undefined> {
  if (!path) return undefined;
  return await Deno.realPath(path).catch(() => undefined);
}

/**
 * What the runner reads to start, read only, for a `run` grant's view that hides the home
 * directory: the folder of the Deno (or zot) executable and, under `deno run`, zot's code.
 */
async function runnerRuntime(execPath: string): Promise<string[]> {
  const paths = [dirname(await realOr(execPath) ?? execPath)];
  const code = await realOr(join(import.meta.dirname!, "..", ".."));
  if (code) paths.push(code);
  return paths;
}

/** Why `name` cannot name a directory of its own, or undefined. */
function unsafeName(request: SandboxRequest): string | undefined {
  const { name } = request;
  if (name === "" || name === "." || name === ".." || /[/\\\0]/.test(name)) {
    return `name ${JSON.stringify(name)} must not contain path separators or be "." or ".." ` +
      `(change "name" in ${request.manifestPath})`;
  }
  return undefined;
}

export async function planSandboxLaunch(
  request: SandboxRequest,
  ctx: SandboxLaunchContext,
): Promise<SandboxLaunchResult> {
  const { name, scope } = request;
  const fail = (why: string): SandboxLaunchResult => ({
    ok: false,
    error: `Cannot start extension "${name}": ${why}`,
  });
  // The name becomes a directory under extension-data: never a path. The
  // loader refuses such a name already; this keeps the rule where it matters.
  const badName = unsafeName(request);
  if (badName) return fail(badName);

  // A working copy is found only through --ext: its name alone would look among the installed.
  const doctor = ctx.explicit ? `zot ext doctor --ext ${request.dir}` : `zot ext doctor ${name}`;
  let extDir: string;
  try {
    extDir = await Deno.realPath(request.dir);
  } catch {
    return fail(`directory ${request.dir} not found (run "${doctor}")`);
  }
  const { exec, npm } = request;
  let entry = "";
  if (!npm) {
    try {
      entry = await Deno.realPath(resolve(extDir, exec));
    } catch {
      return fail(`exec "${exec}" not found in ${extDir} (run "${doctor}")`);
    }
  }
  if (!npm && !isInside(extDir, entry)) {
    return fail(
      `exec "${exec}" resolves to ${entry}, outside the extension directory ` +
        `(point "exec" in ${request.manifestPath} at a file inside ${extDir})`,
    );
  }

  let dataDir = join(ctx.paths.extensionData, name);
  let realData: string;
  let project: string;
  try {
    dataDir = await sandboxDataDir(ctx.paths, request);
    await Deno.mkdir(dataDir, { recursive: true, mode: 0o700 });
    // A data dir replaced by a symlink would hand out write access to its target.
    if ((await Deno.lstat(dataDir)).isSymlink) {
      return fail(`data directory ${dataDir} is a symlink (remove it; zot recreates it)`);
    }
    await Deno.chmod(dataDir, 0o700);
    realData = await Deno.realPath(dataDir);
    project = await Deno.realPath(ctx.paths.cwd);
  } catch (e) {
    return fail(
      `cannot prepare data directory ${dataDir}: ${errorMessage(e)} ` +
        `(check that ${ctx.paths.extensionData} is a directory you can write)`,
    );
  }

  const hostEnv = ctx.hostEnv ?? Deno.env.toObject();
  const perms = await workerPermissions(scope, {
    extension: extDir,
    data: realData,
    project,
    home: homeDir((k) => hostEnv[k]),
    zotHome: ctx.paths.home,
    trusted: request.trusted,
  });
  if (!perms.ok) return fail(perms.error);
  const keep = [extDir, realData];
  if (npm) {
    // Its own files (a server may read its package.json or docs), and nothing else of the cache.
    try {
      perms.permissions.read.push(await Deno.realPath(npm.packageDir));
      keep.push(perms.permissions.read.at(-1)!);
    } catch {
      return fail(`its npm package is not in ${npm.packageDir} (run "zot ext update ${name}")`);
    }
  }

  // A read grant around $ZOT_HOME never reaches zot's own state (zot_state.ts).
  const denyRead = stateDenyFor(
    { zotHome: await Deno.realPath(ctx.paths.home), keep },
    perms.permissions.read,
  );
  // Deno compares paths as written: where case is ignored, another spelling reads around the deny.
  if (denyRead.length && await ignoresCase(denyRead[0])) {
    return fail(
      `its read grant covers zot's own state in ${ctx.paths.home}, on a file system that ignores ` +
        `case, where the sandbox cannot keep it unreadable (grant a narrower read that leaves ` +
        `out ${ctx.paths.home})`,
    );
  }

  const config: RunnerConfig = {
    name,
    entry: npm ? npm.entry : pathToFileURL(entry).href,
    args: request.args,
    permissions: perms.permissions,
  };
  const runner = {
    name,
    memoryMb: scope.memory,
    remoteImports: scope.import.length > 0,
    execPath: ctx.execPath,
    permissions: perms.permissions,
    worker: ctx.worker,
    denyWrite: perms.denyWrite,
    denyRead,
    npmLock: npm?.lock,
  };
  if (npm && usesWorkerRunner(runner)) {
    return fail(
      `this zot's sandbox runner (a Worker, as in a compiled zot) cannot run npm packages ` +
        `(run zot under deno run to use MCP servers from npm)`,
    );
  }
  // Fail closed: a runner that cannot deny would hand out .git and .zot with the grant.
  if (perms.denyWrite.length && usesWorkerRunner(runner)) {
    return fail(
      `scope.write grants "${
        perms.denyWrite.map(dirname).filter((d, i, a) => a.indexOf(d) === i).join('", "')
      }", ` +
        `but this zot's sandbox runner (a Worker, as in a compiled zot) cannot keep writes out of ` +
        `the .git, .zot and HEAD there (write to "\${data}" instead, or run zot under deno run)`,
    );
  }
  // Fail closed: a runner that cannot deny would hand out zot's keys with the read grant.
  if (denyRead.length && usesWorkerRunner(runner)) {
    return fail(
      `its read grant covers zot's own state in ${ctx.paths.home}, and this zot's sandbox runner ` +
        `(a Worker, as in a compiled zot) cannot keep it unreadable (grant a narrower read that ` +
        `leaves out ${ctx.paths.home}, or run zot under deno run)`,
    );
  }
  const cmd = runnerCommand(runner);
  // The manifest's own variables first: nothing of the runner's below can be replaced by them.
  let env: Record<string, string> = { ...npm?.env, ...grantedEnv(scope, hostEnv) };
  // A granted program name is looked up on PATH, which the cleared
  // environment would otherwise lack (PATH is not a secret).
  if (scope.run.length && hostEnv.PATH && env.PATH === undefined) env.PATH = hostEnv.PATH;
  // zot's own Deno directory, where web storage cannot be created (web_storage.ts).
  try {
    env.DENO_DIR = await sandboxDenoDir(ctx.paths.home);
  } catch (e) {
    return fail(
      `cannot prepare the sandbox's Deno directory in ${ctx.paths.home}: ${errorMessage(e)} ` +
        `(check that ${ctx.paths.home} is a directory you can write)`,
    );
  }
  Object.assign(env, cmd.env, { [RUNNER_CONFIG_ENV]: JSON.stringify(config) });

  let { command, args } = cmd;
  let release: (() => Promise<void>) | undefined;
  if (scope.run.length) {
    const confined = await confineRunner({ command, args, env }, scope, {
      name,
      run: scope.run,
      zotHome: await Deno.realPath(ctx.paths.home),
      extensionDir: extDir,
      dataDir: realData,
      denoDir: await Deno.realPath(env.DENO_DIR),
      searchPath: hostEnv.PATH ?? "",
      tmuxTmpdir: hostEnv.TMUX_TMPDIR,
      home: await realOr(homeDir((k) => hostEnv[k])),
      reads: perms.permissions.read,
      writes: perms.permissions.write,
      runtime: await runnerRuntime(ctx.execPath ?? Deno.execPath()),
      denyWrite: perms.denyWrite,
    });
    if (!confined.ok) return fail(confined.why);
    ({ command, args, release } = confined);
    env = confined.env;
  } else {
    // No run grant: Deno alone holds the runner, and a link made later in a granted directory
    // would read zot's state under another name; the mount view covers it (state_view.ts).
    const viewContext = {
      zotHome: await Deno.realPath(ctx.paths.home),
      extensionDir: extDir,
      dataDir: realData,
      denoDir: await Deno.realPath(env.DENO_DIR),
      readable: [...perms.permissions.read, ...perms.permissions.write],
      searchPath: hostEnv.PATH ?? "",
    };
    if (needsStateView(viewContext)) {
      const view = withStateView(command, args, viewContext);
      if (!view.ok) return fail(view.why);
      ({ command, args } = view);
    }
  }

  const plan: SandboxPlan = {
    command,
    args,
    cwd: extDir,
    env,
    clearEnv: true,
    sandboxed: true,
    dataDir: realData,
    release,
  };
  if (ctx.explicit) plan.notes = describeScopeShort(name, scope);
  return { ok: true, plan };
}
