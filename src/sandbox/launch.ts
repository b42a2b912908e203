/**
 * Launch plan for sandboxed TypeScript/JavaScript extensions: check the
 * scope and its stored grant, create the data directory, resolve and
 * real-path-check every granted path, and build the runner command with a
 * cleared environment holding only what the scope grants.
 *
 * @module
 */

import { dirname, join, resolve } from "../path.ts";
import { pathToFileURL } from "node:url";
import { homeDir, type ZotPaths } from "../config/paths.ts";
import { errorMessage } from "../errors.ts";
import { isInside } from "../path_inside.ts";
import { pathKey } from "../config/path_key.ts";
import { parseScope } from "../scope/parse.ts";
import type { Scope } from "../scope/scope.ts";
import { checkConsent } from "../extensions/consent_check.ts";
import type { ExtensionSource, LaunchPlan } from "../extensions/types.ts";
import { nameProblem } from "../extensions/manifest_fields.ts";
import { runnerCommand, usesWorkerRunner } from "./command.ts";
import { confineRunGrant } from "./confine.ts";
import { RUNNER_CONFIG_ENV, type RunnerConfig } from "./config.ts";
import { grantedEnv, workerPermissions } from "./permissions.ts";
import { describeScopeShort } from "./describe.ts";
import { sandboxDenoDir } from "./web_storage.ts";
import { trustedProjects } from "../extensions/trust.ts";

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

export type SandboxLaunchResult = { ok: true; plan: LaunchPlan } | { ok: false; error: string };

/**
 * `$ZOT_HOME/extension-data/<name>`; for a project extension
 * `$ZOT_HOME/project-extension-data/<path key of the project>/<name>`.
 */
export async function sandboxDataDir(
  paths: ZotPaths,
  source: Pick<ExtensionSource, "kind" | "manifest">,
): Promise<string> {
  const name = source.manifest.name;
  if (source.kind !== "project") return join(paths.extensionData, name);
  return join(paths.projectExtensionData, await pathKey(await Deno.realPath(paths.cwd)), name);
}

/** The scope a source declares, or the load error naming its manifest. */
export function sourceScope(source: ExtensionSource): { ok: true; scope: Scope } | {
  ok: false;
  error: string;
} {
  const parsed = parseScope(source.manifest.scope);
  if (parsed.ok) return parsed;
  return {
    ok: false,
    error:
      `Cannot start extension "${source.manifest.name}": invalid scope in ${source.manifestPath}: ${
        parsed.errors.join("; ")
      }`,
  };
}

export async function planSandboxLaunch(
  source: ExtensionSource,
  ctx: SandboxLaunchContext,
): Promise<SandboxLaunchResult> {
  const name = source.manifest.name;
  const fail = (why: string): SandboxLaunchResult => ({
    ok: false,
    error: `Cannot start extension "${name}": ${why}`,
  });
  // The name becomes a directory under extension-data: never a path.
  const badName = nameProblem(name);
  if (badName) return fail(badName);
  const declared = sourceScope(source);
  if (!declared.ok) return declared;
  const scope = declared.scope;

  // What the user agreed to (name, exec, kind, scope), checked at every start but for `--ext`.
  if (!ctx.explicit) {
    const consent = await checkConsent(source, ctx.paths);
    if (!consent.ok) return fail(consent.why);
  }

  let extDir: string;
  try {
    extDir = await Deno.realPath(source.dir);
  } catch {
    return fail(`directory ${source.dir} not found (run "zot ext doctor ${name}")`);
  }
  const exec = source.manifest.exec ?? "";
  let entry: string;
  try {
    entry = await Deno.realPath(resolve(extDir, exec));
  } catch {
    return fail(`exec "${exec}" not found in ${extDir} (run "zot ext doctor ${name}")`);
  }
  if (!isInside(extDir, entry)) {
    return fail(
      `exec "${exec}" resolves to ${entry}, outside the extension directory ` +
        `(point "exec" in ${source.manifestPath} at a file inside ${extDir})`,
    );
  }

  let dataDir = join(ctx.paths.extensionData, name);
  let realData: string;
  let project: string;
  try {
    dataDir = await sandboxDataDir(ctx.paths, source);
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
  // Write grants must keep out of trusted projects' .git and .zot: unreadable trust is no answer.
  let trusted: string[];
  try {
    trusted = await trustedProjects(ctx.paths.trust);
  } catch (e) {
    return fail(`cannot read ${ctx.paths.trust}: ${errorMessage(e)} (check its permissions)`);
  }
  const perms = await workerPermissions(scope, {
    extension: extDir,
    data: realData,
    project,
    home: homeDir((k) => hostEnv[k]),
    zotHome: ctx.paths.home,
    trusted,
  });
  if (!perms.ok) return fail(perms.error);

  const config: RunnerConfig = {
    name,
    entry: pathToFileURL(entry).href,
    args: source.manifest.args ?? [],
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
  };
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
  const cmd = runnerCommand(runner);
  const env: Record<string, string> = { ...grantedEnv(scope, hostEnv) };
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
  if (scope.run.length) {
    const confined = confineRunGrant(command, args, {
      name,
      run: scope.run,
      zotHome: await Deno.realPath(ctx.paths.home),
      extensionDir: extDir,
      dataDir: realData,
      denoDir: await Deno.realPath(env.DENO_DIR),
      searchPath: hostEnv.PATH ?? "",
      tmuxTmpdir: hostEnv.TMUX_TMPDIR,
    });
    if (!confined.ok) return fail(confined.why);
    ({ command, args } = confined);
  }

  const plan: LaunchPlan = {
    command,
    args,
    cwd: extDir,
    env,
    clearEnv: true,
    sandboxed: true,
    dataDir: realData,
  };
  if (ctx.explicit) plan.notes = describeScopeShort(name, scope);
  return { ok: true, plan };
}
