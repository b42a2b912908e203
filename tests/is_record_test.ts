// The one "is a JSON object" guard: what it accepts, and that no copy of it comes back elsewhere
// in src/ (copies drift: one forgets arrays, another null).
import { assertEquals } from "./helpers/assert.ts";
import { isRecord } from "../src/is_record.ts";

Deno.test("isRecord accepts plain objects only", () => {
  for (const yes of [{}, { a: 1 }, JSON.parse('{"__proto__":{"x":1}}'), Object.create(null)]) {
    assertEquals(isRecord(yes), true);
  }
  for (const no of [null, undefined, [], [1], "{}", 0, true, () => {}]) {
    assertEquals(isRecord(no), false, String(no));
  }
});

Deno.test("src/ writes the object guard once, in src/is_record.ts", async () => {
  // `typeof v === "object" && v !== null && !Array.isArray(v)`, any variable name or spacing.
  const copy =
    /typeof\s+(\w+)\s*===\s*"object"\s*&&\s*\1\s*!==\s*null\s*&&\s*!\s*Array\.isArray\(\s*\1\s*\)/;
  const root = new URL("../src/", import.meta.url);
  const found: string[] = [];
  const walk = async (dir: URL, rel: string) => {
    for await (const entry of Deno.readDir(dir)) {
      const path = `${rel}${entry.name}`;
      if (entry.isDirectory) await walk(new URL(`${entry.name}/`, dir), `${path}/`);
      else if (
        entry.name.endsWith(".ts") && copy.test(await Deno.readTextFile(new URL(entry.name, dir)))
      ) {
        found.push(path);
      }
    }
  };
  await walk(root, "");
  assertEquals(found, ["is_record.ts"], "import { isRecord } from src/is_record.ts instead");
});
