/**
 * Real-subprocess setup for the host's end-to-end tests: sources for the
 * fixtures in tests/fixtures/host, a host over the real spawner in a temp
 * ZOT_HOME, and a check that nothing is left running afterwards.
 *
 * @module
 */

import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { spawnExtension } from "../../../src/extensions/process/mod.ts";
import { ExtensionHost, type ExtensionHostOptions } from "../../../src/extensions/host/mod.ts";
import type { ExtensionSource, SourceKind } from "../../../src/extensions/types.ts";
import { descendants } from "../../helpers/procs.ts";
import { tempZot } from "../../helpers/tmp.ts";
import { until } from "../../helpers/wait.ts";
import { RecordingUi } from "./fake_channel.ts";
import { PYTHON } from "../../helpers/python.ts";

export const HOST_FIXTURES = fileURLToPath(new URL("../../fixtures/host/", import.meta.url));

function sourceFor(
  name: string,
  exec: string,
  args: string[],
  language: string,
  kind: SourceKind = "global",
): ExtensionSource {
  return {
    manifest: { name, exec, args, language, enabled: true, raw: {} },
    dir: HOST_FIXTURES,
    manifestPath: join(HOST_FIXTURES, "extension.json"),
    kind,
  };
}

/** Config of the python fixture (see tests/fixtures/host/ext.py). */
export interface PyConfig {
  name: string;
  capabilities?: string[];
  commands?: string[];
  tools?: { name: string; mode?: "echo" | "crash" | "never" | "nested"; interactive?: boolean }[];
  events?: string[];
  intercept?: string[];
  guard?: { block_contains?: string; reason?: string; rewrite_prefix?: string };
  prompt_suffix?: string;
  count_events?: boolean;
}

export { PYTHON };

export function pySource(config: PyConfig): ExtensionSource {
  return sourceFor(
    config.name,
    PYTHON,
    [join(HOST_FIXTURES, "ext.py"), JSON.stringify(config)],
    "python",
  );
}

/** An ext.py extension with `config` that says hello only once the test writes to `fifo`. */
export function lateHelloSource(fifo: string, config: Record<string, unknown>): ExtensionSource {
  const name = String(config.name);
  return sourceFor(
    name,
    PYTHON,
    [join(HOST_FIXTURES, "late_hello.py"), fifo, JSON.stringify(config)],
    "python",
  );
}

export function nodeQuickSource(): ExtensionSource {
  return sourceFor("quick", "node", [join(HOST_FIXTURES, "quick.mjs")], "javascript");
}

export function shLegacySource(): ExtensionSource {
  return sourceFor("legacy", "./legacy.sh", [], "sh");
}

/** A started real host; disposing stops it and checks no process is left. */
export async function realHost(
  sources: ExtensionSource[],
  options: Partial<ExtensionHostOptions> = {},
) {
  const zot = await tempZot();
  const ui = options.ui instanceof RecordingUi ? options.ui : new RecordingUi();
  const host = new ExtensionHost({
    spawn: spawnExtension,
    paths: zot.paths,
    identity: { zotVersion: "0.1.0-test", provider: "fake", model: "fake-model", cwd: zot.cwd },
    ui,
    ...options,
  });
  const report = await host.load(sources);
  if (report.errors.length > 0) {
    throw new Error(`load failed: ${report.errors.map((d) => d.message).join("; ")}`);
  }
  await host.waitForReady();
  return {
    host,
    ui,
    zot,
    async [Symbol.asyncDispose]() {
      try {
        await host.stop(1000);
        await until(() => descendants().length === 0, 5000, "extension processes to exit");
      } finally {
        await zot[Symbol.asyncDispose]();
      }
    },
  };
}
