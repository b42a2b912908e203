import { assert, assertEquals, assertStringIncludes } from "../../helpers/assert.ts";
import { assertNoLeftoverProcesses } from "../../helpers/procs.ts";
import { tempZot } from "../../helpers/tmp.ts";
import { zot } from "./run_zot.ts";

Deno.test("zot ext remove forgets the sandbox grant, so a reinstall asks again", async () => {
  await using z = await tempZot();
  const src = `${z.root}/greeter`;
  await Deno.mkdir(src);
  await Deno.writeTextFile(
    `${src}/extension.json`,
    JSON.stringify({ name: "greeter", exec: "./main.ts", scope: { env: ["GREETER_*"] } }),
  );
  await Deno.writeTextFile(`${src}/main.ts`, "export {};\n");
  const installed = await zot(z, "ext", "install", src, "--yes");
  assertEquals(installed.code, 0, installed.stderr);
  const grants = () => Deno.readTextFile(z.paths.grants).catch(() => "");
  assert((await grants()).includes("greeter"), "install --yes stores a grant");
  const removed = await zot(z, "ext", "remove", "greeter", "--yes");
  assertEquals(removed.code, 0, removed.stderr);
  assert(!(await grants()).includes("greeter"), "remove forgets the grant");
  await assertNoLeftoverProcesses(z.root);
});

Deno.test("zot ext remove keeps a sandboxed extension's data and says where it is", async () => {
  await using z = await tempZot();
  const src = `${z.root}/keeper`;
  await Deno.mkdir(src);
  await Deno.writeTextFile(
    `${src}/extension.json`,
    JSON.stringify({ name: "keeper", exec: "./main.ts" }),
  );
  await Deno.writeTextFile(`${src}/main.ts`, "export {};\n");
  assertEquals((await zot(z, "ext", "install", src, "--yes")).code, 0);
  const data = `${z.paths.extensionData}/keeper`;
  await Deno.mkdir(data, { recursive: true });
  await Deno.writeTextFile(`${data}/state.json`, "{}");
  const removed = await zot(z, "ext", "remove", "keeper", "--yes");
  assertEquals(removed.code, 0, removed.stderr);
  assertStringIncludes(removed.stderr, `kept its data in ${data} (delete that directory`);
  assertEquals(await Deno.readTextFile(`${data}/state.json`), "{}");
  await assertNoLeftoverProcesses(z.root);
});
