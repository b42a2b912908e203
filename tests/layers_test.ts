import { assertEquals } from "./helpers/assert.ts";
import { checkEdge, entryPoints, findViolations } from "../scripts/check_layers.ts";

Deno.test("check_layers flags forbidden edges", () => {
  assertEquals(checkEdge("src/protocol/a.ts", "src/protocol/b.ts"), undefined);
  assertEquals(checkEdge("src/sdk/a.ts", "src/protocol/b.ts"), undefined);
  assertEquals(typeof checkEdge("src/sdk/a.ts", "src/extensions/b.ts"), "string");
  assertEquals(typeof checkEdge("src/protocol/a.ts", "src/config/paths.ts"), "string");
  assertEquals(typeof checkEdge("src/agent/a.ts", "src/extensions/host/mod.ts"), "string");
  assertEquals(checkEdge("src/extensions/a.ts", "src/model/types.ts"), undefined);
  assertEquals(typeof checkEdge("src/providers/a.ts", "src/agent/types.ts"), "string");
  assertEquals(checkEdge("src/modes/print/a.ts", "src/agent/loop.ts"), undefined);
});

Deno.test("the source tree has no forbidden import edge", async () => {
  const root = new URL("..", import.meta.url).pathname.replace(/\/$/, "");
  assertEquals(await findViolations(root, entryPoints(root)), []);
});
