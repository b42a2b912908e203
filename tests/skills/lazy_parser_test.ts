/**
 * The YAML parser is loaded only once a SKILL.md is read: skill discovery
 * reaches it through a dynamic import alone, so a run without skill files
 * never loads it (the module graph from `deno info` says which imports are
 * static).
 */

import { fileURLToPath } from "node:url";
import { assert, assertEquals } from "../helpers/assert.ts";

interface Info {
  roots: string[];
  modules: {
    specifier: string;
    dependencies?: {
      isDynamic?: boolean;
      code?: { specifier?: string };
      type?: { specifier?: string };
    }[];
  }[];
}

async function graph(entry: string): Promise<Info> {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["info", "--json", fileURLToPath(new URL(entry, import.meta.url))],
    stdout: "piped",
    stderr: "piped",
  }).output();
  assert(out.success, new TextDecoder().decode(out.stderr));
  return JSON.parse(new TextDecoder().decode(out.stdout));
}

/** Every module reachable from the root, through static imports only or through all. */
function reachable(info: Info, dynamic: boolean): Set<string> {
  const bySpecifier = new Map(info.modules.map((m) => [m.specifier, m]));
  const seen = new Set<string>();
  const stack = [...info.roots];
  while (stack.length > 0) {
    const at = stack.pop()!;
    if (seen.has(at)) continue;
    seen.add(at);
    for (const dep of bySpecifier.get(at)?.dependencies ?? []) {
      if (dep.isDynamic && !dynamic) continue;
      for (const to of [dep.code?.specifier, dep.type?.specifier]) if (to) stack.push(to);
    }
  }
  return seen;
}

const parser = (s: string) => s.startsWith("npm:js-yaml@") || s.endsWith("/skills/frontmatter.ts");

Deno.test("skill discovery loads the YAML parser only through its dynamic import", async () => {
  for (const entry of ["../../src/skills/discovery.ts", "../../src/modes/common/tools.ts"]) {
    const info = await graph(entry);
    assertEquals([...reachable(info, false)].filter(parser), [], `static imports of ${entry}`);
    assertEquals([...reachable(info, true)].filter(parser).length, 2, `all imports of ${entry}`);
  }
});
