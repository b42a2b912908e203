/**
 * `zot ext install <path|git-url[#ref]|npm:pkg[@range]>`: stage a copy, a
 * shallow clone or an unpacked npm tarball beside the destination, validate
 * it, ask for consent, then rename it into place and record where it came
 * from (record.ts). Any
 * failure, and Ctrl-C, removes the staging directory, so nothing
 * half-installed remains (see staging.ts for installs that were killed).
 *
 * @module
 */

import { basename, dirname, join, resolve, sep } from "../../path.ts";
import type { ZotPaths } from "../../config/paths.ts";
import { errorMessage, ZotError } from "../../errors.ts";
import { STAGING_PREFIX } from "../discovery.ts";
import { MANIFEST_FILE, readManifest } from "../manifest.ts";
import { nameProblem } from "../manifest_fields.ts";
import type { ExtensionSource } from "../types.ts";
import { fetchInto, parseSourceSpec, specDirName } from "./fetch_source.ts";
import { type GitRunner, realGit } from "./git.ts";
import { type InstallOrigin, saveInstallRecord } from "./record.ts";
import { removeTree, restoreInterruptedSwaps, stagingDir, sweepStaleStaging } from "./staging.ts";

/**
 * The answer of `confirm`. `commit` runs once the extension is in place (e.g. storing what the
 * user agreed to); if it fails, the install is rolled back, so consent is never stored for an
 * extension that is not installed, nor an extension installed without its consent stored.
 */
export type ConfirmResult =
  | { ok: true; commit?: (dir: string) => Promise<void> }
  | { ok: false; reason: string };

export interface InstallOptions {
  paths: ZotPaths;
  /** `--yes`: passed to `confirm`, which decides what it skips. */
  yes?: boolean;
  /**
   * Called after validation, before the final rename (scope consent plugs in
   * here). `staged.dir` is the staging directory; `destination` the final one.
   */
  confirm?: (
    staged: ExtensionSource,
    info: { destination: string; yes: boolean },
  ) => Promise<ConfirmResult>;
  git?: GitRunner;
  /** The npm registry for `npm:` sources; default `ZOT_NPM_REGISTRY` or the public one. */
  registry?: string;
  /** Where progress lines go; default stderr. */
  log?: (line: string) => void;
  /**
   * Ctrl-C: stops the clone or copy (or the wait for consent) and rolls back.
   * The install then throws `signal.reason` when it is a ZotError.
   */
  signal?: AbortSignal;
}

export interface Installed {
  name: string;
  dir: string;
  source: ExtensionSource;
  /** Where it came from, as recorded. */
  origin: InstallOrigin;
}

function fail(message: string): ZotError {
  return new ZotError("install", message);
}

/** The install directory name, refused when it could leave the extensions dir. */
function checkedName(name: string, src: string): string {
  if (!name || name.startsWith(".") || nameProblem(name) !== undefined) {
    throw fail(`cannot derive extension name from "${src}"`);
  }
  return name;
}

export async function exists(path: string): Promise<boolean> {
  try {
    await Deno.lstat(path);
    return true;
  } catch {
    return false;
  }
}

/** The install directory under `root` whose manifest is named `name`, if any. */
export async function installNamed(root: string, name: string): Promise<string | undefined> {
  for await (const entry of Deno.readDir(root)) {
    if (entry.name.startsWith(STAGING_PREFIX)) continue;
    const dir = join(root, entry.name);
    const read = await readManifest(dir).catch(() => undefined);
    if (read?.status === "ok" && read.info.manifest.name === name) return dir;
  }
  return undefined;
}

async function checkLocalSource(src: string): Promise<string> {
  const abs = resolve(src);
  let info: Deno.FileInfo;
  try {
    info = await Deno.stat(abs);
  } catch (e) {
    const why = e instanceof Deno.errors.NotFound ? "no such file or directory" : errorMessage(e);
    throw fail(
      `cannot read ${src}: ${why} (pass an extension directory, a git URL or npm:<package>)`,
    );
  }
  if (!info.isDirectory) throw fail(`not a directory: ${src}`);
  return abs;
}

/** Validate the staged manifest; the error messages say the install is rolled back. */
export async function readStaged(staging: string): Promise<ExtensionSource> {
  const read = await readManifest(staging);
  if (read.status === "missing") {
    throw fail(`installed dir lacks ${MANIFEST_FILE}; aborted and rolled back`);
  }
  if (read.status === "invalid") {
    throw fail(`installed ${MANIFEST_FILE} is invalid: ${read.problem}; aborted and rolled back`);
  }
  const { manifest, manifestPath, themePath } = read.info;
  return { manifest, dir: staging, manifestPath, kind: "global", themePath };
}

/** `staged` as it reads once renamed from its staging directory to `out`. */
export function movedSource(staged: ExtensionSource, out: string): ExtensionSource {
  const moved = { ...staged, dir: out, manifestPath: join(out, MANIFEST_FILE) };
  if (staged.themePath) moved.themePath = join(out, staged.themePath.slice(staged.dir.length + 1));
  return moved;
}

/** The refusal for an install over an existing one; the CLI offers the update instead. */
export function existsRefusal(out: string, name: string): ZotError {
  return new ZotError(
    "install-exists",
    `destination ${out} already exists; remove it first (or update it: "zot ext update ${name}")`,
  );
}

/** `promise`, or a rejection with the abort reason as soon as `signal` aborts. */
export function untilAborted<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  signal.throwIfAborted();
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}

/** Install `src` into `$ZOT_HOME/extensions/<name>`. Throws ZotError on failure. */
export async function installExtension(src: string, options: InstallOptions): Promise<Installed> {
  const { paths } = options;
  const log = options.log ?? ((line: string) => console.error(line));
  let spec = parseSourceSpec(src, options.registry);
  if (spec.type === "path") spec = { type: "path", path: await checkLocalSource(spec.path) };
  const name = checkedName(specDirName(spec, basename), src);
  const root = resolve(paths.extensions);
  if (spec.type === "path") {
    const from = spec.path;
    if (!(await exists(join(from, MANIFEST_FILE)))) {
      throw fail(
        `source lacks ${MANIFEST_FILE} (expected "${
          join(from, MANIFEST_FILE)
        }"; "zot ext new <name>" creates a working extension)`,
      );
    }
    if (root === from || root.startsWith(from + sep)) {
      throw fail(`cannot install ${src}: it contains the extensions directory ${root}`);
    }
  }
  const out = join(root, name);
  if (dirname(out) !== root) throw fail(`cannot derive extension name from "${src}"`);
  for (const dir of await restoreInterruptedSwaps(root)) {
    log(`restored ${dir}, set aside by an update that did not finish`);
  }
  if (await exists(out)) throw existsRefusal(out, name);
  await Deno.mkdir(root, { recursive: true, mode: 0o755 });
  for (const stale of await sweepStaleStaging(root)) {
    log(`removed ${stale}, left behind by an install that did not finish`);
  }
  const { signal } = options;
  const staging = stagingDir(root, name);
  let committed = false;
  try {
    const origin = await fetchInto(spec, staging, { git: options.git ?? realGit, signal });
    signal?.throwIfAborted();
    const staged = await readStaged(staging);
    const { manifest } = staged;
    const twin = await installNamed(root, manifest.name);
    if (twin) {
      // One name, one install: the name picks the log, the grant's data directory and the
      // commands; a second copy would be shadowed, or take over the first one's data.
      throw fail(
        `an extension named "${manifest.name}" is already installed in ${twin} ` +
          `(run "zot ext remove ${manifest.name}" first); rolled back`,
      );
    }
    let commit: ((dir: string) => Promise<void>) | undefined;
    if (options.confirm) {
      const asked = options.confirm(staged, { destination: out, yes: options.yes ?? false });
      const answer = await untilAborted(asked, signal);
      if (!answer.ok) throw fail(`install of ${name} cancelled: ${answer.reason}; rolled back`);
      commit = answer.commit;
    }
    signal?.throwIfAborted();
    if (await exists(out)) throw existsRefusal(out, name);
    await Deno.rename(staging, out);
    try {
      await commit?.(out);
      await saveInstallRecord(paths, name, origin);
    } catch (e) {
      await removeTree(out);
      throw fail(`install ${src}: ${errorMessage(e)}; rolled back`);
    }
    committed = true;
    log(`installed ${out}`);
    return { name, dir: out, source: movedSource(staged, out), origin };
  } catch (e) {
    // Whatever failed after Ctrl-C (git stopped, the prompt abandoned) failed because of it.
    if (signal?.aborted && signal.reason instanceof ZotError) throw signal.reason;
    if (e instanceof ZotError) throw e;
    throw fail(`install ${src}: ${errorMessage(e)}; aborted and rolled back`);
  } finally {
    if (!committed) await removeTree(staging);
  }
}
