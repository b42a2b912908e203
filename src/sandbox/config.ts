/**
 * The contract between the host (which plans a sandboxed launch) and the
 * runner (which starts the worker). It travels in one environment variable
 * of the runner's cleared environment, which the runner deletes before the
 * extension's code runs: nothing on the command line (where `ps` shows it),
 * no temp file to leak when a run crashes, and no grantable name survives
 * for the worker or for children of an allowed `run` command to read.
 *
 * Kept free of imports so the runner starts fast.
 *
 * @module
 */

/** The variable carrying the runner configuration (JSON). */
export const RUNNER_CONFIG_ENV = "__ZOT_SANDBOX_RUNNER_CONFIG";

/**
 * Globals the runner deletes in the extension's realm before its entry
 * loads: web storage needs no permission and is not the extension's own
 * (see web_storage.ts, which also makes storing fail in every other realm).
 */
export const WEB_STORAGE_GLOBALS = [
  "localStorage",
  "sessionStorage",
  "caches",
  "Storage",
  "CacheStorage",
  "Cache",
] as const;

/** Worker permissions as Deno's `deno.permissions` takes them (ffi is always off). */
export interface WorkerPermissions {
  read: string[];
  write: string[];
  net: string[] | false;
  env: string[] | false;
  run: string[] | false;
  sys: string[] | false;
  import: string[] | false;
}

export interface RunnerConfig {
  /** Manifest name, for messages. */
  name: string;
  /** `file:` URL of the entry module. */
  entry: string;
  /** What the extension sees as `Deno.args`. */
  args: string[];
  permissions: WorkerPermissions;
}

const isStrings = (v: unknown): v is string[] =>
  Array.isArray(v) && v.every((x) => typeof x === "string");
const isList = (v: unknown): v is string[] | false => v === false || isStrings(v);

/** Parse the configuration; the host wrote it, but a hand-started runner must fail clearly. */
export function parseRunnerConfig(text: string | undefined): RunnerConfig | string {
  if (!text) return `no configuration (the runner is started by zot, not by hand)`;
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    return `configuration is not JSON`;
  }
  if (typeof v !== "object" || v === null) return `configuration is not an object`;
  const c = v as Record<string, unknown>;
  const p = c.permissions as Record<string, unknown> | undefined;
  if (
    typeof c.name !== "string" || typeof c.entry !== "string" || !isStrings(c.args) ||
    typeof p !== "object" || p === null || !isStrings(p.read) || !isStrings(p.write) ||
    !isList(p.net) || !isList(p.env) || !isList(p.run) || !isList(p.sys) || !isList(p.import)
  ) return `configuration is malformed`;
  return {
    name: c.name,
    entry: c.entry,
    args: c.args,
    permissions: {
      read: p.read,
      write: p.write,
      net: p.net,
      env: p.env,
      run: p.run,
      sys: p.sys,
      import: p.import,
    },
  };
}
