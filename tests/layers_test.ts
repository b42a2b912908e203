import { join } from "node:path";
import { assert, assertEquals, assertStringIncludes } from "./helpers/assert.ts";
import { tempDir } from "./helpers/tmp.ts";
import {
  ALLOWED,
  checkEdge,
  entryPoints,
  findViolations,
  folderCycles,
  tableCycles,
} from "../scripts/check_layers.ts";

Deno.test("check_layers flags forbidden edges", () => {
  assertEquals(checkEdge("src/protocol/a.ts", "src/protocol/b.ts"), undefined);
  assertEquals(checkEdge("src/sdk/a.ts", "src/protocol/b.ts"), undefined);
  assertEquals(typeof checkEdge("src/sdk/a.ts", "src/extensions/b.ts"), "string");
  assertEquals(typeof checkEdge("src/protocol/a.ts", "src/config/paths.ts"), "string");
  assertEquals(typeof checkEdge("src/agent/a.ts", "src/extensions/host/mod.ts"), "string");
  assertEquals(checkEdge("src/extensions/a.ts", "src/model/types.ts"), undefined);
  assertEquals(checkEdge("src/modes/print/a.ts", "src/agent/loop.ts"), undefined);
});

Deno.test("check_layers: the shared pieces sit below the folders that share them", () => {
  // What once needed a file exception in the table: each is a violation now.
  assertEquals(typeof checkEdge("src/providers/a.ts", "src/agent/types.ts"), "string");
  assertEquals(typeof checkEdge("src/tools/a.ts", "src/agent/types.ts"), "string");
  assertEquals(typeof checkEdge("src/sandbox/a.ts", "src/extensions/scope.ts"), "string");
  assertEquals(typeof checkEdge("src/skills/a.ts", "src/extensions/types.ts"), "string");
  for (const from of ["providers", "tools", "agent", "extensions"]) {
    assertEquals(checkEdge(`src/${from}/a.ts`, "src/model/types.ts"), undefined, from);
  }
  for (const from of ["sandbox", "extensions"]) {
    assertEquals(checkEdge(`src/${from}/a.ts`, "src/scope/parse.ts"), undefined, from);
  }
  assertEquals(typeof checkEdge("src/model/types.ts", "src/agent/loop.ts"), "string");
  assertEquals(typeof checkEdge("src/scope/parse.ts", "src/sandbox/launch.ts"), "string");
});

Deno.test("check_layers: the table names folders only and allows no cycle", () => {
  for (const [layer, allowed] of Object.entries(ALLOWED)) {
    for (const entry of allowed) assert(!entry.includes("/"), `${layer}: "${entry}" is a file`);
  }
  assertEquals(tableCycles(ALLOWED), []);
  const looped = tableCycles({ ...ALLOWED, providers: [...ALLOWED.providers, "agent"] });
  assertEquals(looped.length, 1);
  assertStringIncludes(looped[0], "agent -> providers -> agent");
});

Deno.test("check_layers reports two folders that import each other", () => {
  const cycles = folderCycles([
    ["src/providers/types.ts", "src/agent/types.ts"],
    ["src/agent/turn.ts", "src/providers/types.ts"],
    ["src/agent/turn.ts", "src/protocol/events.ts"],
  ]);
  assertEquals(cycles.length, 1);
  assertStringIncludes(cycles[0], "agent -> providers -> agent");
  assertStringIncludes(cycles[0], "src/providers/types.ts -> src/agent/types.ts");
  assertStringIncludes(cycles[0], "src/agent/turn.ts -> src/providers/types.ts");
});

Deno.test("check_layers reports a cycle around three folders, and none for a one-way chain", () => {
  const around = folderCycles([
    ["src/extensions/a.ts", "src/sandbox/b.ts"],
    ["src/sandbox/b.ts", "src/scope/c.ts"],
    ["src/scope/c.ts", "src/extensions/d.ts"],
  ]);
  assertEquals(around.length, 1);
  assertStringIncludes(around[0], "extensions -> sandbox -> scope -> extensions");
  assertEquals(
    folderCycles([
      ["src/extensions/a.ts", "src/sandbox/b.ts"],
      ["src/sandbox/b.ts", "src/scope/c.ts"],
      ["src/extensions/a.ts", "src/scope/c.ts"],
      ["src/scope/c.ts", "src/scope/d.ts"],
    ]),
    [],
  );
});

Deno.test("check_layers reports a cycle in a real module graph, even one the table allows", async () => {
  await using dir = await tempDir("zot-layers-");
  const root = await Deno.realPath(dir.path);
  await Deno.mkdir(join(root, "src/sandbox"), { recursive: true });
  await Deno.mkdir(join(root, "src/extensions"), { recursive: true });
  await Deno.writeTextFile(
    join(root, "src/sandbox/launch.ts"),
    'import { name } from "../extensions/types.ts";\nexport const plan = name;\n',
  );
  await Deno.writeTextFile(
    join(root, "src/extensions/types.ts"),
    'export const name = "x";\nexport const later = () => import("../sandbox/launch.ts");\n',
  );
  const entries = ["src/sandbox/launch.ts", "src/extensions/types.ts"];
  const lax = { ...ALLOWED, sandbox: [...ALLOWED.sandbox, "extensions"] };
  const found = await findViolations(root, entries, lax);
  assertEquals(found.length, 1, found.join("\n"));
  assertStringIncludes(found[0], "folders import each other: extensions -> sandbox -> extensions");
  // Under the real table the upward edge is also refused on its own.
  const strict = await findViolations(root, entries);
  assert(strict.some((v) => v.includes(`layer "sandbox" must not import "extensions"`)));
});

Deno.test("the source tree has no forbidden import edge", async () => {
  const root = new URL("..", import.meta.url).pathname.replace(/\/$/, "");
  assertEquals(await findViolations(root, entryPoints(root)), []);
});
