/**
 * An MCP tool call round trip against the same call through a native
 * extension, both through the extension host as the agent calls them: the
 * reference MCP server's `echo` (an npm server in the sandbox runner, behind
 * zot's MCP adapter) and an `echo` tool of a sandboxed TypeScript extension
 * built on zot's SDK. Also the start of each, to `ready`. The MCP row needs
 * the npm registry once (the install fetches the server); without it the
 * row says so.
 *
 * @module
 */

import { join } from "node:path";
import type { BenchRow } from "./types.ts";
import { fmtMs, median } from "./_stats.ts";
import { spawnExtension } from "../../src/extensions/process/mod.ts";
import { ExtensionHost } from "../../src/extensions/host/mod.ts";
import { SILENT_UI } from "../../src/extensions/ui.ts";
import { readManifest } from "../../src/extensions/manifest.ts";
import type { ExtensionSource } from "../../src/extensions/types.ts";
import type { ToolContext } from "../../src/model/types.ts";
import { addMcpServer } from "../../src/extensions/manage/add_mcp.ts";
import { tempZot } from "../../tests/helpers/tmp.ts";

const GROUP = "mcp";
const SERVER = "npm:@modelcontextprotocol/server-everything@2026.8.31";
const ROOT = join(import.meta.dirname!, "..", "..");

const NATIVE = `import { Extension, textResult } from "./sdk/mod.ts";
const ext = new Extension("native", "1.0.0");
ext.tool({ name: "echo", description: "Echo.", schema: { type: "object" } },
  (args) => textResult("Echo: " + String(args.message)));
await ext.run();
`;

async function source(dir: string): Promise<ExtensionSource> {
  const read = await readManifest(dir);
  if (read.status !== "ok") throw new Error(`${dir}: ${JSON.stringify(read)}`);
  return {
    manifest: read.info.manifest,
    dir,
    manifestPath: read.info.manifestPath,
    kind: "explicit",
  };
}

async function nativeExtension(dir: string): Promise<ExtensionSource> {
  await Deno.mkdir(dir, { recursive: true });
  for (const sub of ["sdk", "protocol"]) {
    await new Deno.Command("cp", { args: ["-r", join(ROOT, "src", sub), join(dir, sub)] }).output();
  }
  // The protocol's few base helpers (src/*.ts) sit beside it, as in src/.
  for (const e of Deno.readDirSync(join(ROOT, "src"))) {
    if (e.isFile && e.name.endsWith(".ts")) {
      await Deno.copyFile(join(ROOT, "src", e.name), join(dir, e.name));
    }
  }
  await Deno.writeTextFile(join(dir, "main.ts"), NATIVE);
  await Deno.writeTextFile(
    join(dir, "extension.json"),
    JSON.stringify({ name: "native", version: "1.0.0", exec: "./main.ts" }),
  );
  return await source(dir);
}

/** Start `src`, then time `calls` echo calls; the start and the median call in ms. */
async function measure(
  z: Awaited<ReturnType<typeof tempZot>>,
  src: ExtensionSource,
  calls: number,
): Promise<{ startMs: number; callMs: number }> {
  const host = new ExtensionHost({
    spawn: spawnExtension,
    paths: z.paths,
    identity: { zotVersion: "bench", provider: "fake", model: "fake", cwd: z.cwd },
    ui: SILENT_UI,
  });
  try {
    const t0 = performance.now();
    const report = await host.load([src]);
    if (report.errors.length) throw new Error(report.errors.map((e) => e.message).join("; "));
    await host.waitForReady();
    const startMs = performance.now() - t0;
    const tool = host.tools().find((t) => t.name === "echo");
    if (!tool) throw new Error(`no echo tool in ${src.manifest.name}`);
    const ctx: ToolContext = {
      cwd: z.cwd,
      signal: new AbortController().signal,
      callId: "b",
      chain: [],
      interactive: false,
    };
    for (let i = 0; i < 20; i++) await tool.execute({ message: "warm" }, ctx);
    const samples: number[] = [];
    for (let i = 0; i < calls; i++) {
      const t = performance.now();
      await tool.execute({ message: `m${i}` }, ctx);
      samples.push(performance.now() - t);
    }
    return { startMs, callMs: median(samples) };
  } finally {
    await host.stop(1000);
  }
}

export async function bench(): Promise<BenchRow[]> {
  await using z = await tempZot();
  const native = await measure(z, await nativeExtension(join(z.root, "native")), 200);
  const rows: BenchRow[] = [
    {
      group: GROUP,
      name: "echo round trip, native sandboxed extension",
      value: fmtMs(native.callMs),
    },
  ];
  let mcp: { startMs: number; callMs: number };
  try {
    const installed = await addMcpServer(
      { name: "everything", command: SERVER, args: ["stdio"], env: {} },
      { paths: z.paths, yes: true, log: () => {} },
    );
    mcp = await measure(z, await source(installed.dir), 200);
  } catch (e) {
    rows.push({ group: GROUP, name: "echo round trip, MCP server", value: "-", note: String(e) });
    return rows;
  }
  rows.push(
    {
      group: GROUP,
      name: "echo round trip, MCP server (npm, sandboxed)",
      value: fmtMs(mcp.callMs),
      note: `${(mcp.callMs / native.callMs).toFixed(1)}x native (adapter hop + JSON-RPC)`,
    },
    {
      group: GROUP,
      name: "start to ready, native sandboxed extension",
      value: fmtMs(native.startMs),
    },
    {
      group: GROUP,
      name: "start to ready, MCP server (adapter + server)",
      value: fmtMs(mcp.startMs),
    },
  );
  return rows;
}
