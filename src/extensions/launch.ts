/**
 * How to start one extension's process. Plain extensions run as declared,
 * like the reference host: exec resolved against the extension dir or
 * `$PATH`, cwd = the extension dir, zot's full environment inherited, and
 * `data_dir` = the extension dir. Exec entries that are TypeScript or
 * JavaScript files go to the Deno permission sandbox instead, and plain
 * programs with a `scope` (or all of them, by a setting) to the OS sandbox.
 *
 * @module
 */

import { delimiter, isAbsolute, join, sep } from "../path.ts";
import type { ZotPaths } from "../config/paths.ts";
import type { ExtensionSource, LaunchPlan } from "./types.ts";
import { isSandboxedExec } from "../sandbox/launch_kind.ts";
import { checkConsent } from "./consent_check.ts";
import { isInside } from "../path_inside.ts";
import { readJsonObject } from "../config/json_file.ts";
import { defaultScope } from "../scope/scope.ts";

export type LaunchResult = { ok: true; plan: LaunchPlan } | { ok: false; error: string };

export interface LaunchOptions {
  paths: ZotPaths;
  /** `$PATH` used for bare exec names; defaults to zot's own. */
  searchPath?: string;
}

export { isSandboxedExec };

/** Build the launch plan, or the reason there is none. */
export async function planLaunch(
  source: ExtensionSource,
  options: LaunchOptions,
): Promise<LaunchResult> {
  if (source.manifest.mcp) {
    // Loaded for MCP extensions only, like the sandbox planner below.
    const { planMcpLaunch } = await import("./mcp_launch.ts");
    return await planMcpLaunch(source, source.manifest.mcp, options);
  }
  const exec = source.manifest.exec;
  if (!exec) {
    return { ok: false, error: `extension "${source.manifest.name}" has no exec to start` };
  }
  if (isSandboxedExec(exec)) {
    // Loaded for sandboxed extensions only: a run with Go, Python or shell extensions does without
    // the sandbox planner and the Node compatibility layer its file URLs bring.
    const { planSandboxLaunch } = await import("./sandbox_launch.ts");
    return await planSandboxLaunch(source, {
      paths: options.paths,
      explicit: source.kind === "explicit",
    });
  }
  // A plain program has no scope to check, but still only runs as what the user agreed to.
  const consent = await checkConsent(source, options.paths);
  if (!consent.ok) {
    return { ok: false, error: `Cannot start extension "${source.manifest.name}": ${consent.why}` };
  }
  const resolved = resolveExec(exec, source.dir, options.searchPath ?? envPath());
  if (!resolved.ok) return resolved;
  // A link in the extension named like a program that leads to a script would let the script's
  // shebang decide. Programs elsewhere (on $PATH, or by an absolute path outside the extension)
  // are the system's: npm's `npx` is a link to a .js file.
  const target = await Deno.realPath(resolved.path).catch(() => resolved.path);
  const own = isInside(await Deno.realPath(source.dir).catch(() => source.dir), target);
  if (own && isSandboxedExec(target)) {
    return {
      ok: false,
      error: `Cannot start extension "${source.manifest.name}": exec "${exec}" leads to ` +
        `${target}, a JavaScript or TypeScript file, which runs only sandboxed ` +
        `(point "exec" in ${source.manifestPath} at that file itself)`,
    };
  }
  // A program with a scope runs in the OS sandbox; so does every plain program when the user's
  // settings ask for least privilege. Loaded only then: the sandbox runtime is not small.
  const scope = source.manifest.scope ??
    (await confinesPlain(options.paths.config) ? defaultScope() : undefined);
  if (scope) {
    const { planConfinedLaunch } = await import("./confined_launch.ts");
    return await planConfinedLaunch({
      source,
      program: resolved.path,
      args: source.manifest.args ?? [],
      scope,
      paths: options.paths,
    });
  }
  return {
    ok: true,
    plan: {
      command: resolved.path,
      args: source.manifest.args ?? [],
      cwd: source.dir,
      // Its working directory, as the reference host leaves it: PWD agrees with the cwd
      // (inherited, it would name zot's project directory instead).
      env: { PWD: source.dir },
      sandboxed: false,
      dataDir: source.dir,
    },
  };
}

/**
 * The setting `"confinePlainExtensions": true` in zot's config: every plain
 * program without a scope of its own runs in the OS sandbox with least
 * privilege.
 */
export async function confinesPlain(configPath: string): Promise<boolean> {
  const { value } = await readJsonObject(configPath);
  return value.confinePlainExtensions === true;
}

export type ExecResolution = { ok: true; path: string } | { ok: false; error: string };

/**
 * Absolute → as is; `./x`, `../x` or anything with a separator → joined to
 * the extension dir; a bare name → the first executable on `searchPath`.
 */
export function resolveExec(exec: string, dir: string, searchPath: string): ExecResolution {
  if (isAbsolute(exec) || exec === "." || exec === ".." || exec.includes(sep)) {
    const path = isAbsolute(exec) ? exec : join(dir, exec);
    const kind = executableKind(path);
    if (kind === "ok") return { ok: true, path };
    if (kind === "missing") {
      return { ok: false, error: `exec: "${exec}": executable file not found at ${path}` };
    }
    return {
      ok: false,
      error: `exec: "${exec}": ${path} is not executable (run "chmod +x ${path}")`,
    };
  }
  const found = which(exec, searchPath);
  if (found) return { ok: true, path: found };
  return { ok: false, error: `exec: "${exec}": executable file not found in $PATH` };
}

/** First regular executable file named `name` in the `:`-separated `searchPath`. */
export function which(name: string, searchPath: string): string | undefined {
  for (const dir of searchPath.split(delimiter)) {
    // An empty entry means the current directory to a shell; that would
    // resolve against zot's cwd, so it is skipped on purpose.
    if (dir === "") continue;
    const path = join(dir, name);
    if (executableKind(path) === "ok") return path;
  }
  return undefined;
}

function executableKind(path: string): "ok" | "missing" | "not-executable" {
  let info: Deno.FileInfo;
  try {
    info = Deno.statSync(path);
  } catch {
    return "missing";
  }
  if (!info.isFile) return "not-executable";
  const mode = info.mode ?? 0o755;
  return (mode & 0o111) !== 0 ? "ok" : "not-executable";
}

function envPath(): string {
  try {
    return Deno.env.get("PATH") ?? "";
  } catch {
    return "";
  }
}
