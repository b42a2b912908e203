/**
 * The sandboxed `bash` tool reads none of zot's own state (stored keys,
 * conversations, consents, logs, extensions' data): zot's home is hidden as a
 * whole, the installed extensions with it, against the real OS sandbox.
 *
 * @module
 */

import { assert, assertStringIncludes } from "../helpers/assert.ts";
import { createBashTool } from "../../src/tools/bash.ts";
import type { BashSandbox } from "../../src/tools/bash_sandbox.ts";
import { osConfiner } from "../../src/modes/common/bash_sandbox.ts";
import { resetOsSandbox } from "../../src/ossandbox/confine.ts";
import { osSandboxStatus } from "../../src/ossandbox/availability.ts";
import { resultText, testContext } from "./_ctx.ts";

const available = (await osSandboxStatus()).ok;
const opts = { ignore: !available, sanitizeResources: false, sanitizeOps: false };

/** A project and a `$ZOT_HOME` holding state and an installed extension. */
async function tree() {
  const root = await Deno.realPath(await Deno.makeTempDir({ prefix: "zot-bashstate-" }));
  const zot = `${root}/zot`;
  const project = `${root}/project`;
  for (const dir of [project, `${zot}/sessions/p`, `${zot}/extension-data/e`, `${zot}/logs`]) {
    await Deno.mkdir(dir, { recursive: true });
  }
  await Deno.mkdir(`${zot}/extensions/e`, { recursive: true });
  await Deno.writeTextFile(`${zot}/sessions/p/s1.jsonl`, "CONVERSATION-TEXT\n");
  await Deno.writeTextFile(`${zot}/grants.json`, "GRANTS-TEXT\n");
  await Deno.writeTextFile(`${zot}/extension-data/e/token`, "EXT-DATA-TEXT\n");
  await Deno.writeTextFile(`${zot}/logs/ext-e.log`, "LOG-TEXT\n");
  await Deno.writeTextFile(`${zot}/extensions/e/extension.json`, "EXT-CODE-TEXT\n");
  const box: BashSandbox = {
    enabled: true,
    net: [],
    loopback: false,
    project,
    zotHome: zot,
    confiner: osConfiner(),
  };
  return {
    zot,
    project,
    bash: createBashTool({ sandbox: box }),
    async [Symbol.asyncDispose]() {
      if (box.tmp) await Deno.remove(box.tmp, { recursive: true }).catch(() => {});
      await Deno.remove(root, { recursive: true });
      await resetOsSandbox();
    },
  };
}

for (
  const [what, rel, text] of [
    ["a conversation", "sessions/p/s1.jsonl", "CONVERSATION-TEXT"],
    ["the grants", "grants.json", "GRANTS-TEXT"],
    ["an extension's data", "extension-data/e/token", "EXT-DATA-TEXT"],
    ["an extension's log", "logs/ext-e.log", "LOG-TEXT"],
  ]
) {
  Deno.test(`sandboxed bash cannot read ${what} of zot's`, opts, async () => {
    await using t = await tree();
    const r = await t.bash.execute({ command: `cat ${t.zot}/${rel}` }, testContext(t.project));
    assert(!resultText(r).includes(text), resultText(r));
  });
}

Deno.test("sandboxed bash reads nothing in zot's home, its extensions included", opts, async () => {
  await using t = await tree();
  const r = await t.bash.execute(
    { command: `cat ${t.zot}/extensions/e/extension.json; ls -a ${t.zot}; echo done` },
    testContext(t.project),
  );
  assertStringIncludes(resultText(r), "done");
  assert(!resultText(r).includes("EXT-CODE-TEXT"), resultText(r));
  assert(!resultText(r).includes("grants.json"), resultText(r));
});
