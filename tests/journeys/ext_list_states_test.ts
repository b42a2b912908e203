/**
 * Journeys: `zot ext list` says which installed extensions a run here would
 * start and why the others would not: held back (a project not trusted, or
 * an extension changed since `zot trust`), needs grant (a scope nobody
 * granted), disabled. `--json` has the same states in snake_case. Listing
 * records nothing.
 */

import { join } from "node:path";
import { assertEquals, assertStringIncludes } from "../helpers/assert.ts";
import { journey, shellExtension } from "./zot.ts";

interface Row {
  name: string;
  scope: string;
  state: string;
  why: string | null;
}

async function install(home: string, files: Record<string, string>) {
  for (const [rel, text] of Object.entries(files)) {
    const path = join(home, "extensions", rel);
    await Deno.mkdir(join(path, ".."), { recursive: true });
    await Deno.writeTextFile(path, text);
    if (rel.endsWith(".sh")) await Deno.chmod(path, 0o755);
  }
}

Deno.test("journey: ext list shows held back, needs grant, disabled and ready", async () => {
  await using j = await journey();
  const project = shellExtension("proj");
  await j.write(
    Object.fromEntries(Object.entries(project).map(([k, v]) => [`.zot/extensions/${k}`, v])),
    [".zot/extensions/proj/main.sh"],
  );
  await install(j.home, {
    ...shellExtension("plain"),
    "web/extension.json": JSON.stringify({
      name: "web",
      exec: "./main.ts",
      scope: { net: ["example.com:443"] },
    }),
    "web/main.ts": "// not started by a listing\n",
    "off/extension.json": JSON.stringify({ name: "off", exec: "./main.ts", enabled: false }),
    "off/main.ts": "\n",
  });
  const list = async () => {
    const r = await j.zot("ext", "list", "--json");
    assertEquals(r.code, 0, r.stderr);
    const rows: Row[] = JSON.parse(r.stdout).extensions;
    return (name: string) => rows.find((row) => row.name === name)!;
  };
  let row = await list();
  assertEquals(row("proj").state, "held_back");
  assertStringIncludes(row("proj").why!, `is not a trusted project (run "zot trust"`);
  assertEquals(row("web").state, "needs_grant");
  assertStringIncludes(row("web").why!, `(run "zot ext grant web")`);
  assertEquals([row("plain").state, row("plain").why], ["ready", null]);
  assertEquals([row("off").state, row("off").why], ["disabled", null]);
  // A listing is a dry run: it recorded no first start of "plain".
  assertEquals(await Deno.stat(join(j.home, "grants.json")).then(() => true, () => false), false);

  // The table says the same, and why under it.
  const table = await j.zot("ext", "list");
  const line = (name: string) => table.stdout.split("\n").find((l) => l.includes(` ${name} `))!;
  assertStringIncludes(line("proj"), "held back");
  assertStringIncludes(line("web"), "needs grant");
  assertStringIncludes(line("off"), "disabled");
  assertStringIncludes(line("plain"), "ready");
  assertStringIncludes(table.stdout, `\nweb: Cannot start extension "web": its scope has not been`);

  // Trusted: the project's extension is ready; changed since, it is held back again.
  assertEquals((await j.zot("trust", "--yes")).code, 0);
  assertEquals((await j.zot("ext", "grant", "web", "--yes")).code, 0);
  row = await list();
  assertEquals([row("proj").state, row("web").state], ["ready", "ready"]);
  await j.write({ ".zot/extensions/proj/main.sh": "#!/bin/sh\nexit 0\n" });
  row = await list();
  assertEquals(row("proj").state, "held_back");
  assertStringIncludes(row("proj").why!, "changed since you trusted");
});
