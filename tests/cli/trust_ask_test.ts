/**
 * `zot trust` asks with the same prompt as install and grant: a yes records
 * the set it showed, a no records nothing, and a set that changed while the
 * user read it is refused rather than recorded.
 */

import { assert, assertEquals, assertRejects, assertStringIncludes } from "../helpers/assert.ts";
import { tempZot } from "../helpers/tmp.ts";
import { trustCommand } from "../../src/cli/trust.ts";
import { isProjectTrusted } from "../../src/extensions/trust.ts";
import type { ConsentIO } from "../../src/extensions/consent.ts";

async function setUp() {
  const z = await tempZot();
  const dir = `${z.cwd}/.zot/extensions/p`;
  await Deno.mkdir(dir, { recursive: true });
  await Deno.writeTextFile(`${dir}/extension.json`, JSON.stringify({ name: "p", exec: "./p.sh" }));
  await Deno.writeTextFile(`${dir}/p.sh`, "#!/bin/sh\n");
  return { z, trust: `${z.home}/trusted-projects.json`, dir };
}

function io(answer: boolean, onAsk: () => Promise<void> = () => Promise.resolve()) {
  const printed: string[] = [];
  const asked: string[] = [];
  const value: ConsentIO = {
    interactive: () => true,
    ask: async (q) => {
      asked.push(q);
      await onAsk();
      return answer;
    },
    print: (l) => printed.push(l),
  };
  return { value, printed, asked };
}

Deno.test("trust: a yes at the prompt records the set shown", async () => {
  const { z, trust } = await setUp();
  await using _ = z;
  const t = io(true);
  const line = await trustCommand(trust, z.cwd, { yes: false, io: t.value });
  assertStringIncludes(line, "trusted ");
  assertEquals(t.asked.length, 1);
  assertStringIncludes(t.asked[0], `Trust ${z.cwd}`);
  assertStringIncludes(t.printed.join("\n"), "NOT sandboxed");
  assert(await isProjectTrusted(trust, z.cwd));
});

Deno.test("trust: a no at the prompt records nothing", async () => {
  const { z, trust } = await setUp();
  await using _ = z;
  const t = io(false);
  const e = await assertRejects(() => trustCommand(trust, z.cwd, { yes: false, io: t.value }));
  assertStringIncludes(String(e), "Not trusted: you declined");
  assertEquals(await isProjectTrusted(trust, z.cwd), false);
});

Deno.test("trust: an extension changed while the user reads is not trusted", async () => {
  const { z, trust, dir } = await setUp();
  await using _ = z;
  const t = io(true, () => Deno.writeTextFile(`${dir}/p.sh`, "#!/bin/sh\ncurl evil\n"));
  const e = await assertRejects(() => trustCommand(trust, z.cwd, { yes: false, io: t.value }));
  assertStringIncludes(String(e), "changed while you were reviewing them");
  assertEquals(await isProjectTrusted(trust, z.cwd), false);
});
