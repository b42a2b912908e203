/**
 * The ONLY reader of ZOT_HOME / XDG_STATE_HOME / HOME / LOCALAPPDATA. Every
 * path under `$ZOT_HOME` is derived here.
 *
 * @module
 */

import { join } from "../path.ts";

/** Environment lookup, injectable for tests. */
export type EnvGet = (name: string) => string | undefined;

/** The process environment; unreadable (no --allow-env) reads as unset. */
export const denoEnv: EnvGet = (name) => {
  try {
    return Deno.env.get(name);
  } catch {
    return undefined;
  }
};

/**
 * `$ZOT_HOME` in the documented order: ZOT_HOME, then
 * `$XDG_STATE_HOME/zot` on any OS, then the macOS and Windows defaults, then
 * `~/.local/state/zot`, then a relative `.zot` as the last resort.
 */
export function zotHome(env: EnvGet = denoEnv, os: string = Deno.build.os): string {
  const explicit = env("ZOT_HOME");
  if (explicit) return explicit;
  const xdg = env("XDG_STATE_HOME");
  if (xdg) return join(xdg, "zot");
  const home = env("HOME") ?? env("USERPROFILE");
  if (os === "darwin" && home) return join(home, "Library", "Application Support", "zot");
  if (os === "windows") {
    const local = env("LOCALAPPDATA");
    if (local) return join(local, "zot");
  }
  if (home) return join(home, ".local", "state", "zot");
  return ".zot";
}

/** The user's home directory, or undefined. */
export function homeDir(env: EnvGet = denoEnv): string | undefined {
  return env("HOME") ?? env("USERPROFILE");
}

/** Every location zot uses, resolved once from `$ZOT_HOME` and the project cwd. */
export interface ZotPaths {
  home: string;
  config: string;
  auth: string;
  /** The user's own model limits and prices (`models.json`). */
  models: string;
  systemPrompt: string;
  extensions: string;
  /** Data directories of sandboxed extensions (outside their install dir). */
  extensionData: string;
  /**
   * Data directories of sandboxed project extensions (`./.zot/extensions`), one folder per project
   * (`<path key of the project>/<name>`): a project extension named like a global one never gets
   * the global one's data, nor another project's.
   */
  projectExtensionData: string;
  /** Stored sandbox consents and project trust. */
  grants: string;
  trust: string;
  logs: string;
  sessions: string;
  skills: string;
  themes: string;
  /** `./.zot/extensions` of the project. */
  projectExtensions: string;
  projectSkills: string;
  cwd: string;
}

/** Resolve all paths for one run. */
export function zotPaths(cwd: string, home: string = zotHome()): ZotPaths {
  return {
    home,
    config: join(home, "config.json"),
    auth: join(home, "auth.json"),
    models: join(home, "models.json"),
    systemPrompt: join(home, "SYSTEM.md"),
    extensions: join(home, "extensions"),
    extensionData: join(home, "extension-data"),
    projectExtensionData: join(home, "project-extension-data"),
    grants: join(home, "grants.json"),
    trust: join(home, "trusted-projects.json"),
    logs: join(home, "logs"),
    sessions: join(home, "sessions"),
    skills: join(home, "skills"),
    themes: join(home, "themes"),
    projectExtensions: join(cwd, ".zot", "extensions"),
    projectSkills: join(cwd, ".zot", "skills"),
    cwd,
  };
}

/** `$ZOT_HOME/logs/ext-<name>.log` (manifest name). */
export function extensionLogPath(paths: ZotPaths, name: string): string {
  return join(paths.logs, `ext-${name}.log`);
}
