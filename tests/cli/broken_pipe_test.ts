/**
 * A reader that stops early (`zot ext logs x | head -1`) must not turn into
 * `zot: internal error: BrokenPipe`: zot ends quietly with 141, the status a
 * shell reports for git or ls in the same pipe.
 */

import { join } from "node:path";
import { assertEquals } from "../helpers/assert.ts";
import { tempZot } from "../helpers/tmp.ts";
import { zotIntoClosedPipe } from "./ext/run_zot.ts";

Deno.test("a closed stdout ends zot ext logs, logs -f, list --json and doctor quietly (141)", async () => {
  await using z = await tempZot();
  await Deno.mkdir(z.paths.logs, { recursive: true });
  // More than a pipe buffer, so even a live reader would leave writes pending.
  await Deno.writeTextFile(join(z.paths.logs, "ext-todo.log"), "line\n".repeat(100_000));
  const dir = join(z.paths.extensions, "todo");
  await Deno.mkdir(dir, { recursive: true });
  await Deno.writeTextFile(join(dir, "extension.json"), `{"name":"todo","exec":"./t.py"}`);
  const runs = [
    ["ext", "logs", "todo"],
    ["ext", "logs", "todo", "-f"],
    ["ext", "list", "--json"],
    ["ext", "list"],
    ["ext", "doctor", "--static"],
  ];
  for (const args of runs) {
    const r = await zotIntoClosedPipe(z, ...args);
    assertEquals([r.code, r.stderr], [141, ""], args.join(" "));
  }
});
