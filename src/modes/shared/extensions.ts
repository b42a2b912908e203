/**
 * Starting the extensions of a run: discovery (explicit `--ext` first, then
 * project and global unless `--no-ext`), load, the shared ready wait. The
 * host module is imported only when there is something to run, so a run
 * without extensions does not pay for it.
 *
 * @module
 */

import type { ZotPaths } from "../../config/paths.ts";
import type { HostUi } from "../../extensions/ui.ts";
import type { ExtensionHost, HostTimeouts } from "../../extensions/host/mod.ts";
import type { ExtensionSource } from "../../extensions/types.ts";
import { discover } from "../../extensions/discovery.ts";
import { isProjectTrusted, untrustedMessage } from "../../extensions/trust.ts";
import { ZOT_VERSION } from "../../version.ts";
import { BUILTIN_COMMAND_NAMES } from "./builtin_names.ts";
import type { LineWriter } from "./output.ts";

export interface StartExtensionsOptions {
  paths: ZotPaths;
  sources: readonly ExtensionSource[];
  ui: HostUi;
  provider: string;
  model: string;
  builtinTools: Iterable<string>;
  /** Where load errors go (`extension load: <err>`). */
  warn: LineWriter;
  timeouts?: Partial<HostTimeouts>;
}

/** Runnable sources now (also what `/reload-ext` re-reads). */
export async function discoverSources(
  paths: ZotPaths,
  explicit: readonly string[],
  noExt: boolean,
  warn: LineWriter,
): Promise<ExtensionSource[]> {
  // Project extensions come with the repository: they run only in a trusted project.
  const projectTrusted = await isProjectTrusted(paths.trust, paths.cwd);
  const found = await discover({ paths, explicit, noExt, projectTrusted });
  if (found.untrusted.length) {
    warn(
      `extension load: ${untrustedMessage(found.untrusted.map((s) => s.manifest.name), paths.cwd)}`,
    );
  }
  for (const d of found.diagnostics) {
    if (d.level === "error") warn(`extension load: ${d.message}`);
  }
  return found.value.filter((s) => s.manifest.enabled !== false);
}

/** The started host, or undefined when no extension is configured. */
export async function startExtensions(
  o: StartExtensionsOptions,
): Promise<ExtensionHost | undefined> {
  const sources = o.sources.filter((s) => s.manifest.exec);
  if (sources.length === 0) return undefined;
  const [{ ExtensionHost }, { spawnExtension }] = await Promise.all([
    import("../../extensions/host/mod.ts"),
    import("../../extensions/process/mod.ts"),
  ]);
  const host = new ExtensionHost({
    spawn: spawnExtension,
    paths: o.paths,
    identity: { zotVersion: ZOT_VERSION, provider: o.provider, model: o.model, cwd: o.paths.cwd },
    ui: o.ui,
    builtinCommands: BUILTIN_COMMAND_NAMES,
    builtinTools: o.builtinTools,
    timeouts: o.timeouts,
  });
  const report = await host.load(o.sources);
  for (const error of report.errors) o.warn(`extension load: ${error}`);
  // Launch notes, e.g. the scope an `--ext` sandboxed extension runs with.
  for (const status of host.status()) for (const line of status.notes) o.warn(line);
  await host.waitForReady();
  return host;
}
