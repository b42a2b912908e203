/**
 * Fails on a forbidden import edge, so the layered architecture stays
 * true: main -> cli -> modes -> agent/extensions/tools -> providers,
 * protocol, config. The SDK sees only the protocol; protocol and tui are
 * leaves; modes never import each other.
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

/** What each layer may import besides itself and "base" (src/errors.ts, src/version.ts). */
const ALLOWED: Record<string, string[]> = {
  protocol: [],
  sdk: ["protocol"],
  tui: [],
  config: [],
  model: ["protocol"],
  scope: ["protocol"],
  providers: ["protocol", "config", "model"],
  skills: ["protocol", "config"],
  tools: ["protocol", "config", "model", "skills"],
  agent: ["protocol", "config", "model", "providers", "skills"],
  sandbox: ["protocol", "config", "scope"],
  extensions: ["protocol", "config", "model", "scope", "sandbox", "skills", "agent/hooks.ts"],
  modes: ["*"],
  cli: ["*"],
  scaffold: ["protocol", "config", "sdk"],
};

/** Returns a violation message for the edge `from -> to`, or undefined. */
export function checkEdge(from: string, to: string): string | undefined {
  const a = layerOf(from);
  const b = layerOf(to);
  if (!a || !b || a === b || b === "base") return undefined;
  if (a === "base") return `${from} -> ${to}: src/*.ts files are the base layer and import nothing`;
  if (a === "modes" && b === "modes") return undefined;
  const allowed = ALLOWED[a];
  if (!allowed) return `${from}: unknown layer "${a}" (add it to scripts/check_layers.ts)`;
  if (b === "cli" && a !== "cli") return `${from} -> ${to}: only main.ts imports cli`;
  if (a === "modes") {
    return b === "cli" ? `${from} -> ${to}: modes must not import cli` : undefined;
  }
  if (allowed.includes("*")) return undefined;
  const sub = to.slice("src/".length);
  if (allowed.includes(b) || allowed.includes(sub)) return undefined;
  return `${from} -> ${to}: layer "${a}" must not import "${b}"`;
}

/** Also: two different mode folders never import each other (modes/shared is for all). */
function modesEdge(from: string, to: string): string | undefined {
  if (layerOf(from) !== "modes" || layerOf(to) !== "modes") return undefined;
  const a = from.split("/")[2];
  const b = to.split("/")[2];
  if (a === b || b === "shared" || a.endsWith(".ts") || b.endsWith(".ts")) return undefined;
  return `${from} -> ${to}: modes never import each other (share through src/modes/shared)`;
}

interface InfoModule {
  specifier: string;
  dependencies?: { code?: { specifier?: string }; type?: { specifier?: string } }[];
}

/** Collect violations over the module graph of the given entry points (one deno info run). */
export async function findViolations(root: string, entries: string[]): Promise<string[]> {
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
  for (const m of info.modules) {
    if (!m.specifier.startsWith("file://")) continue;
    const from = relative(root, new URL(m.specifier).pathname);
    for (const d of m.dependencies ?? []) {
      const spec = d.code?.specifier ?? d.type?.specifier;
      if (!spec?.startsWith("file://")) continue;
      const to = relative(root, new URL(spec).pathname);
      const v = checkEdge(from, to) ?? modesEdge(from, to);
      if (v) out.push(v);
    }
  }
  return [...new Set(out)];
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
  const violations = await findViolations(root, entryPoints(root));
  for (const v of violations) console.error(v);
  console.error(violations.length ? `${violations.length} forbidden import(s)` : "layers ok");
  Deno.exit(violations.length ? 1 : 0);
}
