import { templateFiles } from "../../src/scaffold/templates.ts";
import { LANGS } from "../../src/scaffold/mod.ts";
import { assertEquals } from "../helpers/assert.ts";

Deno.test("scaffolds carry package metadata with the zot-extension keyword", () => {
  for (const lang of LANGS) {
    const file = templateFiles("Todo", lang).find((f) => f.path === "package.json");
    const pkg = JSON.parse(file?.content ?? "{}");
    assertEquals(pkg.name, "todo", lang);
    assertEquals(pkg.keywords, ["zot-extension"], lang);
  }
});
