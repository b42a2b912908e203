/**
 * Load real extension directories through the real host (discovery as for
 * `--ext`, the real spawner and sandbox) in a temp ZOT_HOME, with a UI that
 * records what the host shows.
 *
 * @module
 */

import type { PanelSpec } from "../../src/protocol/frames.ts";
import type { ToolCaller, ToolResult } from "../../src/model/types.ts";
import { discover } from "../../src/extensions/discovery.ts";
import { ExtensionHost } from "../../src/extensions/host/mod.ts";
import { spawnExtension } from "../../src/extensions/process/mod.ts";
import type { ExtensionSource } from "../../src/extensions/types.ts";
import type { HostUi } from "../../src/extensions/ui.ts";
import type { ZotPaths } from "../../src/config/paths.ts";
import { descendants } from "../helpers/procs.ts";
import { tempZot } from "../helpers/tmp.ts";
import { until, withTimeout } from "../helpers/wait.ts";
import { type Diagnostic, diagnosticText } from "../../src/diagnostic.ts";

export const EXAMPLES = new URL("../../examples/extensions/", import.meta.url).pathname;

/** Every HostUi call, in order; tests await the call they expect. */
export class RecordingUi implements HostUi {
  readonly calls: Array<{ op: string; ext: string; args: unknown[] }> = [];
  #waiters: Array<() => void> = [];
  constructor(readonly interactive = true) {}

  #add(op: string, ext: string, ...args: unknown[]) {
    this.calls.push({ op, ext, args });
    this.#waiters.splice(0).forEach((w) => w());
  }

  /** Resolve with the first recorded call matching `check` (bounded). */
  async waitFor(
    check: (c: RecordingUi["calls"][number]) => boolean,
    what: string,
    ms = 10_000,
  ): Promise<RecordingUi["calls"][number]> {
    const find = () => this.calls.find(check);
    return await withTimeout(
      (async () => {
        while (!find()) await new Promise<void>((r) => this.#waiters.push(r));
        return find()!;
      })(),
      ms,
      what,
    );
  }

  /** Drop recorded calls (so the next waitFor sees only new ones). */
  clear(): void {
    this.calls.length = 0;
  }

  notify(ext: string, level: string, message: string) {
    this.#add("notify", ext, level, message);
  }
  display(ext: string, text: string) {
    this.#add("display", ext, text);
  }
  clearNotes(ext: string) {
    this.#add("clearNotes", ext);
  }
  submit(ext: string, text: string) {
    this.#add("submit", ext, text);
  }
  runCommand(ext: string, command: string, args: string) {
    this.#add("runCommand", ext, command, args);
  }
  openPanel(ext: string, panel: PanelSpec) {
    this.#add("openPanel", ext, panel);
  }
  renderPanel(ext: string, panel: PanelSpec) {
    this.#add("renderPanel", ext, panel);
  }
  closePanel(ext: string, panelId: string) {
    this.#add("closePanel", ext, panelId);
  }
  warn(d: Diagnostic) {
    this.#add("warn", d.extension ?? "zot", diagnosticText(d));
  }
}

export interface Loaded extends AsyncDisposable {
  host: ExtensionHost;
  ui: RecordingUi;
  paths: ZotPaths;
  sources: ExtensionSource[];
}

export interface LoadOptions {
  ui?: RecordingUi;
  toolCaller?: ToolCaller;
  /** Load from $ZOT_HOME/extensions (after `zot ext install`) instead of `--ext`. */
  zotHome?: { root: string; home: string; cwd: string; paths: ZotPaths } & AsyncDisposable;
}

/** Start the extensions in `dirs` (as `--ext` paths), or the installed ones. */
export async function load(dirs: string[], options: LoadOptions = {}): Promise<Loaded> {
  const zot = options.zotHome ?? await tempZot();
  const ui = options.ui ?? new RecordingUi();
  const found = await discover({ paths: zot.paths, explicit: dirs, noExt: dirs.length > 0 });
  if (found.invalid.length) {
    await zot[Symbol.asyncDispose]();
    throw new Error(`invalid: ${found.invalid.map((i) => i.problem).join("; ")}`);
  }
  const host = new ExtensionHost({
    spawn: spawnExtension,
    paths: zot.paths,
    identity: { zotVersion: "0.1.0-test", provider: "fake", model: "fake-1", cwd: zot.cwd },
    ui,
    toolCaller: options.toolCaller,
  });
  const dispose = async () => {
    try {
      await host.stop(1000);
      await until(() => descendants().length === 0, 5000, "extension processes to exit");
    } finally {
      await zot[Symbol.asyncDispose]();
    }
  };
  const report = await host.load(found.value);
  if (report.errors.length) {
    await dispose();
    throw new Error(`load failed: ${report.errors.map((d) => d.message).join("; ")}`);
  }
  await host.waitForReady();
  return { host, ui, paths: zot.paths, sources: found.value, [Symbol.asyncDispose]: dispose };
}

/** Run an extension tool the way the agent does. */
export function runTool(
  host: ExtensionHost,
  name: string,
  args: Record<string, unknown>,
  options: { signal?: AbortSignal; interactive?: boolean } = {},
): Promise<ToolResult> {
  const tool = host.tools().find((t) => t.name === name);
  if (!tool) throw new Error(`No tool "${name}" (have: ${host.tools().map((t) => t.name)})`);
  return tool.execute(args, {
    cwd: "/work",
    signal: options.signal ?? new AbortController().signal,
    callId: `call-${name}`,
    chain: [],
    interactive: options.interactive ?? false,
  });
}

/** The text of a tool result. */
export function resultText(r: ToolResult): string {
  return r.content.map((b) => b.type === "text" ? b.text : `[${b.type}]`).join("");
}
