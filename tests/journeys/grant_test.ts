/**
 * Journey: an installed sandboxed extension whose manifest later asks for
 * more than least privilege. README: "it does not start until you agree
 * again (zot ext grant <name>), and the message says what widened".
 */

import { join } from "node:path";
import { assertEquals, assertStringIncludes } from "../helpers/assert.ts";
import { journey } from "./zot.ts";

Deno.test({
  name: "journey: a least-privilege install later widened to net says what it now asks for",
  async fn() {
    await using j = await journey();
    assertEquals((await j.zot("ext", "new", "tsx")).code, 0);
    assertEquals((await j.zot("ext", "install", "./tsx", "--yes")).code, 0);
    const manifestPath = join(j.home, "extensions", "tsx", "extension.json");
    const manifest = JSON.parse(await Deno.readTextFile(manifestPath));
    manifest.scope = { net: ["example.com"] };
    await Deno.writeTextFile(manifestPath, JSON.stringify(manifest));
    const r = await j.zot("ext", "doctor", "tsx");
    assertEquals(r.code, 1);
    assertStringIncludes(r.stdout, `run "zot ext grant tsx"`);
    // What the user must judge before agreeing: the host it now wants.
    assertStringIncludes(r.stdout, "example.com");
  },
});
