/**
 * Fails on a forbidden import edge, so the layered architecture stays
 * true: main -> cli -> modes -> extensions -> agent/tools -> providers,
 * sandbox -> model, scope, protocol, config. The SDK sees only the
 * protocol; protocol and tui are leaves; modes never import each other.
 *
 * The table names folders only, never single files: where two folders need
 * the same piece, it moves below both. And whatever the table says, two
 * folders that import each other (directly or around a loop) are reported
 * as a cycle, from the edges actually found.
 *
 * Usage: deno run -A scripts/check_layers.ts   (exit 1 and one line per violation)
 *
 * @module
 */

import { relative } from "node:path";

/** Layer of a repo-relative path: the first folder under src/, or "base" for src/*.ts. */
export function layerOf(path: string): string | undefined {
  if (!path.startsWith("src/")) return undefined;
  const parts = path.split("/");
  return parts.length === 2 ? "base" : parts[1];
}

/** Which layers each layer may import, besides itself and "base" (src/*.ts). */
export type LayerTable = Record<string, string[]>;

/** What each layer may import besides itself and "base" (src/errors.ts, src/version.ts). */
export const ALLOWED: LayerTable = {
  protocol: [],
  sdk: ["protocol"],
  tui: [],
  config: [],
  model: ["protocol"],
  scope: ["protocol"],
  providers: ["protocol", "config", "model"],
  skills: ["protocol", "config"],
  tools: ["protocol", "config", "model", "skills", "ossandbox"],
  agent: ["protocol", "config", "model", "providers", "skills"],
  // The OS sandbox core: a leaf the process starters (extensions, tools, sandbox) call.
  ossandbox: ["scope"],
  sandbox: ["protocol", "config", "scope", "ossandbox"],
  // The host implements the agent's hooks (agent/hooks.ts); the agent knows nothing of it.
  extensions: ["protocol", "config", "model", "scope", "sandbox", "skills", "agent", "ossandbox"],
  modes: ["*"],
  cli: ["*"],
  scaffold: ["protocol", "config", "sdk"],
  // The MCP adapter is an extension built on the SDK; the host starts it, never imports it.
  mcp: ["protocol", "sdk"],
};

/** Returns a violation message for the edge `from -> to`, or undefined. */
export function checkEdge(
  from: string,
  to: string,
  table: LayerTable = ALLOWED,
): string | undefined {
  const a = layerOf(from);
  const b = layerOf(to);
  if (!a || !b || a === b || b === "base") return undefined;
  if (a === "base") return `${from} -> ${to}: src/*.ts files are the base layer and import nothing`;
  if (a === "modes" && b === "modes") return undefined;
  const allowed = table[a];
  if (!allowed) return `${from}: unknown layer "${a}" (add it to scripts/check_layers.ts)`;
  if (b === "cli" && a !== "cli") return `${from} -> ${to}: only main.ts imports cli`;
  if (a === "modes") {
    return b === "cli" ? `${from} -> ${to}: modes must not import cli` : undefined;
  }
  if (allowed.includes("*") || allowed.includes(b)) return undefined;
  return `${from} -> ${to}: layer "${a}" must not import "${b}"`;
}

/** Also: two different mode folders never import each other (modes/common is for all). */
function modesEdge(from: string, to: string): string | undefined {
  if (layerOf(from) !== "modes" || layerOf(to) !== "modes") return undefined;
  const a = from.split("/")[2];
  const b = to.split("/")[2];
  if (a === b || b === "common" || a.endsWith(".ts") || b.endsWith(".ts")) return undefined;
  return `${from} -> ${to}: modes never import each other (share through src/modes/common)`;
}

/**
 * Folder cycles among `edges` (repo-relative `[from, to]` pairs): one message
 * per group of folders that reach each other, naming a loop through them.
 */
export function folderCycles(edges: readonly (readonly [string, string])[]): string[] {
  const graph = new Map<string, Set<string>>();
  const example = new Map<string, string>();
  for (const [from, to] of edges) {
    const a = layerOf(from);
    const b = layerOf(to);
    if (!a || !b || a === b || a === "base" || b === "base") continue;
    if (!graph.has(a)) graph.set(a, new Set());
    graph.get(a)!.add(b);
    if (!example.has(`${a}>${b}`)) example.set(`${a}>${b}`, `${from} -> ${to}`);
  }
  const out: string[] = [];
  const done = new Set<string>();
  for (const start of [...graph.keys()].sort()) {
    if (done.has(start)) continue;
    const loop = findLoop(graph, start);
    if (!loop) continue;
    loop.forEach((l) => done.add(l));
    const steps = loop.map((l, i) => example.get(`${l}>${loop[(i + 1) % loop.length]}`));
    out.push(
      `folders import each other: ${[...loop, loop[0]].join(" -> ")} (${steps.join("; ")}); ` +
        `move the shared piece below both`,
    );
  }
  return out;
}

/** A loop of folders back to `start`, by breadth-first search (shortest), or undefined. */
function findLoop(graph: Map<string, Set<string>>, start: string): string[] | undefined {
  const parent = new Map<string, string>();
  const queue = [start];
  while (queue.length) {
    const node = queue.shift()!;
    for (const next of [...(graph.get(node) ?? [])].sort()) {
      if (next === start) {
        const path = [node];
        while (path[0] !== start) path.unshift(parent.get(path[0])!);
        return path;
      }
      if (parent.has(next)) continue;
      parent.set(next, node);
      queue.push(next);
    }
  }
  return undefined;
}

/** The table's own cycles: a table that allows a loop would let one in unnoticed. */
export function tableCycles(table: LayerTable): string[] {
  const edges: [string, string][] = [];
  for (const [a, allowed] of Object.entries(table)) {
    for (const b of allowed) {
      if (b !== "*") edges.push([`src/${a}/x.ts`, `src/${b}/x.ts`]);
    }
  }
  return folderCycles(edges).map((m) => `scripts/check_layers.ts allows a cycle: ${m}`);
}

interface InfoModule {
  specifier: string;
  dependencies?: { code?: { specifier?: string }; type?: { specifier?: string } }[];
}

/** Collect violations over the module graph of the given entry points (one deno info run). */
export async function findViolations(
  root: string,
  entries: string[],
  table: LayerTable = ALLOWED,
): Promise<string[]> {
  const entry = `${root}/.check_layers_entry.ts`;
  await Deno.writeTextFile(entry, entries.map((e) => `import "./${e}";`).join("\n") + "\n");
  let info: { modules: InfoModule[] };
  try {
    const res = await new Deno.Command(Deno.execPath(), {
      args: ["info", "--json", entry],
      cwd: root,
      stdout: "piped",
      stderr: "piped",
    }).output();
    if (!res.success) {
      throw new Error(`deno info failed: ${new TextDecoder().decode(res.stderr)}`);
    }
    info = JSON.parse(new TextDecoder().decode(res.stdout));
  } finally {
    await Deno.remove(entry).catch(() => {});
  }
  const out: string[] = [];
  const edges: [string, string][] = [];
  for (const m of info.modules) {
    if (!m.specifier.startsWith("file://")) continue;
    const from = relative(root, new URL(m.specifier).pathname);
    for (const d of m.dependencies ?? []) {
      const spec = d.code?.specifier ?? d.type?.specifier;
      if (!spec?.startsWith("file://")) continue;
      const to = relative(root, new URL(spec).pathname);
      edges.push([from, to]);
      const v = checkEdge(from, to, table) ?? modesEdge(from, to);
      if (v) out.push(v);
    }
  }
  return [...new Set(out), ...folderCycles(edges)];
}

/** Entry points: main.ts, the SDK, and every src file (dynamic imports included). */
export function entryPoints(root: string): string[] {
  const entries = ["main.ts"];
  const walk = (dir: string) => {
    for (const e of Deno.readDirSync(`${root}/${dir}`)) {
      const p = `${dir}/${e.name}`;
      if (e.isDirectory) walk(p);
      else if (e.name.endsWith(".ts")) entries.push(p);
    }
  };
  walk("src");
  return entries;
}

if (import.meta.main) {
  const root = Deno.cwd();
  const violations = [...tableCycles(ALLOWED), ...await findViolations(root, entryPoints(root))];
  for (const v of violations) console.error(v);
  console.error(violations.length ? `${violations.length} forbidden import(s)` : "layers ok");
  Deno.exit(violations.length ? 1 : 0);
}
