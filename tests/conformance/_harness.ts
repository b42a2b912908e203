/**
 * Conformance harness: real extension subprocesses from
 * tests/fixtures/conformance started through the real `spawnExtension` and
 * `ExtensionHost` in a temp ZOT_HOME, a UI that records every call, and a
 * check that no process is left behind.
 *
 * @module
 */

import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { spawnExtension } from "../../src/extensions/process/mod.ts";
import { ExtensionHost, type ExtensionHostOptions } from "../../src/extensions/host/mod.ts";
import type { ExtensionSource, SourceKind } from "../../src/extensions/types.ts";
import { descendants } from "../helpers/procs.ts";
import { tempZot } from "../helpers/tmp.ts";
import { until } from "../helpers/wait.ts";
import { PYTHON } from "../helpers/python.ts";
import { RecordingUi } from "../extensions/host/fake_channel.ts";
export { RecordingUi };

export const FIXTURES = fileURLToPath(new URL("../fixtures/conformance/", import.meta.url));

export { PYTHON };

/** A source for a fixture script run by `exec` with `args` (dir = the fixtures dir). */
export function source(
  name: string,
  exec: string,
  args: string[] = [],
  options: { language?: string; dir?: string; kind?: SourceKind } = {},
): ExtensionSource {
  const dir = options.dir ?? FIXTURES;
  return {
    manifest: { name, exec, args, language: options.language, enabled: true, raw: {} },
    dir,
    manifestPath: join(dir, "extension.json"),
    // Handed to the host directly, as `--ext` would: these sources share one fixtures directory,
    // which an installed extension never does (its consent record is per directory).
    kind: options.kind ?? "explicit",
  };
}

/** A python fixture from tests/fixtures/conformance with its arguments. */
export function py(name: string, script: string, ...args: string[]): ExtensionSource {
  return source(name, PYTHON, [join(FIXTURES, script), ...args], { language: "python" });
}

/**
 * A real host over `sources`, loaded (load errors are returned, not thrown)
 * but not yet waited for ready. Disposing stops it and checks that no child
 * process is left.
 */
export async function startHost(
  sources: ExtensionSource[],
  options: Partial<ExtensionHostOptions> = {},
) {
  const zot = await tempZot();
  const ui = options.ui instanceof RecordingUi ? options.ui : new RecordingUi();
  const host = new ExtensionHost({
    spawn: spawnExtension,
    paths: zot.paths,
    identity: { zotVersion: "0.1.0-test", provider: "fake", model: "fake-model", cwd: zot.cwd },
    ...options,
    ui,
  });
  const report = await host.load(sources);
  return {
    host,
    ui,
    zot,
    report,
    logText(name: string): string {
      return Deno.readTextFileSync(join(zot.paths.logs, `ext-${name}.log`));
    },
    async [Symbol.asyncDispose]() {
      try {
        await host.stop(1_000);
        await until(() => descendants().length === 0, 5_000, "extension processes to exit");
      } finally {
        await zot[Symbol.asyncDispose]();
      }
    },
  };
}
