/**
 * `zot ext update`: fetch an installed extension again from where it came
 * from (its install record), say what changes, ask again when it wants more
 * than the user agreed to, and swap it in atomically.
 *
 * The swap: the new version is staged and validated beside the old one; the
 * old directory is renamed aside, the new one renamed into place, then the
 * consent and install records are stored. Any failure up to there renames
 * the old one back and restores both records, so an update either happens
 * completely or leaves the extension exactly as it was.
 *
 * @module
 */

import type { ZotPaths } from "../../config/paths.ts";
import { basename, join, resolve } from "../../path.ts";
import { errorMessage, ZotError } from "../../errors.ts";
import { askConsent, type ConsentIO } from "../consent.ts";
import { identityOf } from "../identity.ts";
import { lookupRecord, removeGrant, saveRecord } from "../../sandbox/grants.ts";
import { treeChanges, treeHash } from "../tree_hash.ts";
import { fetchInto, parseSourceSpec, type SourceSpec, specOfOrigin } from "./fetch_source.ts";
import { gitCommitsSince, type GitRunner, realGit } from "./git.ts";
import { installNamed, readStaged, untilAborted } from "./install.ts";
import { listInstalls } from "./lookup.ts";
import {
  describeOrigin,
  type InstallOrigin,
  readInstallRecord,
  saveInstallRecord,
} from "./record.ts";
import {
  previousDir,
  removeTree,
  restoreInterruptedSwaps,
  stagingDir,
  sweepStaleStaging,
} from "./staging.ts";
import { type Baseline, consentChanges, manifestDiff, rawManifest } from "./update_summary.ts";

/** Commits of history an update fetches, to list what it brings. */
const UPDATE_DEPTH = 50;

export interface UpdateOptions {
  paths: ZotPaths;
  /** `--check`: fetch and report, change nothing. */
  check?: boolean;
  /** `--yes`: agree to what the update asks for without a question. */
  yes?: boolean;
  io: ConsentIO;
  git?: GitRunner;
  log?: (line: string) => void;
  signal?: AbortSignal;
  /** Update from this source instead of the recorded one (it becomes the record). */
  source?: string;
  /** The npm registry for a new `npm:` source; default `ZOT_NPM_REGISTRY` or the public one. */
  registry?: string;
}

export interface UpdateOutcome {
  name: string;
  status: "up-to-date" | "available" | "updated";
  from?: InstallOrigin;
  to: InstallOrigin;
  /** What changes, one line each. */
  changes: string[];
}

function fail(message: string): ZotError {
  return new ZotError("ext-update", message);
}

/** The global install directory for `name` (manifest or directory name). */
async function findGlobal(paths: ZotPaths, name: string): Promise<string> {
  const root = resolve(paths.extensions);
  const found = (await listInstalls(paths)).filter((i) =>
    i.kind === "global" && (basename(i.dir) === name || (i.ok && i.source.manifest.name === name))
  );
  if (found.length === 0) {
    throw fail(
      `Cannot update "${name}": no installed extension of that name in ${root} ` +
        `(run "zot ext list" to see installed extensions)`,
    );
  }
  if (found.length > 1) throw fail(`Cannot update "${name}": it names several installs`);
  return found[0].dir;
}

/** Whether the fetched origin is the one installed (nothing to update). */
function sameVersion(from: InstallOrigin | undefined, to: InstallOrigin): boolean {
  if (!from || from.type !== to.type) return false;
  if (from.type === "git" && to.type === "git") {
    return from.url === to.url && from.commit !== undefined && from.commit === to.commit;
  }
  if (from.type === "npm" && to.type === "npm") {
    return from.package === to.package && from.version === to.version;
  }
  return false;
}

/** Put back what a killed update left aside, so it is found again. */
export async function restoreSwaps(root: string, log: (line: string) => void): Promise<void> {
  for (const dir of await restoreInterruptedSwaps(root)) {
    log(`restored ${dir}, set aside by an update that did not finish`);
  }
}

async function tidyStaging(root: string, log: (line: string) => void): Promise<void> {
  for (const stale of await sweepStaleStaging(root)) {
    log(`removed ${stale}, left behind by an install that did not finish`);
  }
}

/** Global installs (directory names) with a record, and those without one (for `--all`). */
export async function updatableNames(
  paths: ZotPaths,
): Promise<{ recorded: string[]; unrecorded: string[] }> {
  const recorded: string[] = [];
  const unrecorded: string[] = [];
  for (const i of await listInstalls(paths)) {
    if (i.kind !== "global") continue;
    const name = basename(i.dir);
    if (await readInstallRecord(paths, name)) recorded.push(name);
    else unrecorded.push(name);
  }
  return { recorded: recorded.sort(), unrecorded: unrecorded.sort() };
}

/** Update one global extension; throws ZotError with the remedy, after rolling back. */
export async function updateExtension(name: string, opts: UpdateOptions): Promise<UpdateOutcome> {
  const { paths, signal } = opts;
  const log = opts.log ?? ((line: string) => console.error(line));
  await restoreSwaps(resolve(paths.extensions), log);
  const dir = await findGlobal(paths, name);
  const dirName = basename(dir);
  const root = resolve(paths.extensions);
  const record = await readInstallRecord(paths, dirName);
  let spec: SourceSpec;
  if (opts.source) {
    spec = parseSourceSpec(opts.source, opts.registry);
    if (spec.type === "path") spec = { type: "path", path: resolve(spec.path) };
  } else if (record) {
    spec = specOfOrigin(record.origin);
  } else {
    throw fail(
      `Cannot update "${name}": zot has no record of where it came from (it was installed ` +
        `by hand or by an older zot; run "zot ext remove ${name}" and install it again)`,
    );
  }
  await tidyStaging(root, log);
  const staging = stagingDir(root, dirName);
  try {
    const to = await fetchInto(spec, staging, {
      git: opts.git ?? realGit,
      signal,
      depth: UPDATE_DEPTH,
    });
    signal?.throwIfAborted();
    const next = await readStaged(staging);
    const twin = await installNamed(root, next.manifest.name);
    if (twin && resolve(twin) !== resolve(dir)) {
      throw fail(
        `Cannot update "${name}": the new version is named "${next.manifest.name}", ` +
          `which ${twin} already is; rolled back`,
      );
    }
    const from = record?.origin;
    const changes: string[] = [];
    if (from) changes.push(`source: ${describeOrigin(from)} -> ${describeOrigin(to)}`);
    else changes.push(`source: ${describeOrigin(to)}`);
    if (sameVersion(from, to)) {
      return { name, status: "up-to-date", from, to, changes: [] };
    }
    if (spec.type === "path" || from?.type === "path") {
      const [a, b] = await Promise.all([treeHash(dir), treeHash(staging)]);
      if (a.ok && b.ok && a.tree.sha256 === b.tree.sha256 && !opts.source) {
        return { name, status: "up-to-date", from, to, changes: [] };
      }
      const files = a.ok && b.ok ? treeChanges(a.tree.entries, b.tree.entries) : undefined;
      if (files?.length) changes.push(`files: ${files.slice(0, 20).join(", ")}`);
    }
    if (from?.type === "git" && to.type === "git" && from.commit) {
      const commits = await gitCommitsSince(staging, from.commit);
      if (commits === undefined) changes.push("commits: history between them not available");
      else for (const c of commits) changes.push(`commit ${c}`);
    }
    const manifestPath = join(dir, "extension.json");
    for (
      const d of manifestDiff(await rawManifest(manifestPath), await rawManifest(next.manifestPath))
    ) {
      changes.push(`manifest ${d}`);
    }
    if (opts.check) return { name, status: "available", from, to, changes };

    // Consent: compare with what the user agreed to (else with what is installed now).
    const stored = await lookupRecord(paths.grants, dir);
    const oldSource = (await listInstalls(paths)).find((i) => i.dir === dir);
    let baseline: Baseline | undefined = stored.status === "ok" ? stored.record : undefined;
    if (!baseline && oldSource?.ok) baseline = await identityOf(oldSource.source);
    const now = await identityOf(next);
    const asks = baseline ? consentChanges(baseline, now) : ["nothing was agreed to before"];
    for (const line of changes) log(`  ${line}`);
    if (asks.length) {
      log(`"${name}" asks for more than you agreed to: ${asks.join("; ")}`);
      const asked = askConsent(next, {
        yes: opts.yes ?? false,
        io: opts.io,
        action: "Update",
        alwaysAsk: true,
      });
      const answer = await untilAborted(asked, signal);
      if (!answer.ok) throw fail(`update of ${name} cancelled: ${answer.reason}; rolled back`);
    }
    signal?.throwIfAborted();
    await swap(dir, staging, async () => {
      await saveRecord(paths.grants, dir, { ...now, via: "update" });
      await saveInstallRecord(paths, dirName, to);
    }, async () => {
      if (stored.status === "ok") await saveRecord(paths.grants, dir, stored.record);
      else if (stored.status === "none") await removeGrant(paths.grants, dir);
      await saveInstallRecord(paths, dirName, record?.origin);
    });
    log(`updated ${dir}`);
    return { name, status: "updated", from, to, changes };
  } catch (e) {
    if (signal?.aborted && signal.reason instanceof ZotError) throw signal.reason;
    if (e instanceof ZotError) throw e;
    throw fail(`update of ${name}: ${errorMessage(e)}; rolled back`);
  } finally {
    // Gone after a swap; partly filled or validated-but-refused otherwise.
    await removeTree(staging);
  }
}

/**
 * Put `staging` in place of `dir` and run `commit`; on any failure put the old `dir` back and
 * run `restore`. The old tree waits under a staging name, so if zot is killed in between, the
 * next install's sweep finds it (and it can be renamed back by hand).
 */
async function swap(
  dir: string,
  staging: string,
  commit: () => Promise<void>,
  restore: () => Promise<void>,
): Promise<void> {
  const previous = previousDir(staging);
  await Deno.rename(dir, previous);
  let placed = false;
  try {
    await Deno.rename(staging, dir);
    placed = true;
    await commit();
  } catch (e) {
    // Only what this update put there is removed.
    if (placed) await removeTree(dir).catch(() => {});
    await Deno.rename(previous, dir);
    await restore().catch(() => {});
    throw fail(`update of ${basename(dir)} failed: ${errorMessage(e)}; rolled back`);
  }
  await removeTree(previous);
}
