/**
 * One vocabulary per layer: inside the agent and the modes, a file speaks
 * either the domain's camelCase or the wire's snake_case, never both. Only
 * the adapters at an edge convert, and only they may hold both spellings.
 */

import { assertEquals } from "../helpers/assert.ts";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));

/** The same field in both vocabularies. */
const PAIRS: [string, string][] = [
  ["is_error", "isError"],
  ["delay_ms", "delayMs"],
  ["args_raw", "argsRaw"],
];

/** Files that convert at an edge (or declare the types of both sides). */
const ADAPTERS = new Set([
  "src/agent/blocks.ts",
  "src/model/types.ts",
  "src/modes/common/client_events.ts",
]);

function* tsFiles(dir: string): Generator<string> {
  for (const entry of Deno.readDirSync(`${ROOT}${dir}`)) {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory) yield* tsFiles(path);
    else if (entry.name.endsWith(".ts")) yield path;
  }
}

Deno.test("no file of the agent or the modes mixes wire and domain field names", () => {
  const mixed: string[] = [];
  for (const path of [...tsFiles("src/agent"), ...tsFiles("src/modes")]) {
    if (ADAPTERS.has(path)) continue;
    const text = Deno.readTextFileSync(`${ROOT}${path}`);
    for (const [wire, domain] of PAIRS) {
      if (text.includes(wire) && text.includes(domain)) mixed.push(`${path}: ${wire} / ${domain}`);
    }
  }
  assertEquals(mixed, [], "convert in the edge's adapter instead");
});
