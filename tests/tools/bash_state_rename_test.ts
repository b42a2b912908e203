/**
 * zot's home is hidden from a sandboxed command as a whole directory, so what zot saves there
 * while the command runs stays hidden: `auth.json` replaced by rename (how zot saves it), the
 * temp file beside it that the save writes first, a `$ZOT_HOME` that did not exist at the start.
 * And a credential directory of the home (`~/.docker`) keeps a file replaced by rename hidden
 * too. Against the real OS sandbox; the command and the test take turns through two FIFOs in
 * the project, so the save happens while the command is between its two reads.
 *
 * @module
 */

import { assert, assertEquals, assertStringIncludes } from "../helpers/assert.ts";
import { withTimeout } from "../helpers/wait.ts";
import { createBashTool } from "../../src/tools/bash.ts";
import type { BashSandbox } from "../../src/tools/bash_sandbox.ts";
import { osConfiner } from "../../src/modes/common/bash_sandbox.ts";
import { resetOsSandbox } from "../../src/ossandbox/confine.ts";
import { osSandboxStatus } from "../../src/ossandbox/availability.ts";
import { writeFileAtomic } from "../../src/config/atomic_file.ts";
import { resultText, testContext } from "./_ctx.ts";

const available = (await osSandboxStatus()).ok;
const opts = { ignore: !available, sanitizeResources: false, sanitizeOps: false };

/** A project, a home and a `$ZOT_HOME` (made only when `zotExists`). */
async function world(zotExists = true) {
  const root = await Deno.realPath(await Deno.makeTempDir({ prefix: "zot-bashsave-" }));
  const zot = `${root}/zot`;
  const project = `${root}/project`;
  const home = `${root}/home`;
  await Deno.mkdir(project);
  await Deno.mkdir(`${home}/.docker`, { recursive: true });
  if (zotExists) await Deno.mkdir(`${zot}/extensions/e`, { recursive: true });
  for (const fifo of ["ready", "go"]) {
    const made = await new Deno.Command("mkfifo", { args: [`${project}/${fifo}`] }).output();
    assert(made.success, "mkfifo failed");
  }
  const box: BashSandbox = {
    enabled: true,
    net: [],
    loopback: false,
    project,
    zotHome: zot,
    home,
    confiner: osConfiner(),
  };
  const bash = createBashTool({ sandbox: box });
  // Stops a command still waiting on its FIFO when a test fails half-way.
  const abort = new AbortController();
  const ctx = () => testContext(project, { signal: abort.signal });
  return {
    zot,
    home,
    project,
    run: (command: string) => bash.execute({ command }, ctx()),
    /**
     * Runs `first`, then `save` (from outside, while the command waits), then `second`;
     * returns the command's output.
     */
    async between(first: string, save: () => Promise<void>, second: string): Promise<string> {
      const running = bash.execute(
        { command: `${first}; echo x > ready; read x < go; echo after:; ${second}` },
        ctx(),
      );
      await withTimeout(Deno.readTextFile(`${project}/ready`), 20_000, "the command's first read");
      await save();
      await withTimeout(Deno.writeTextFile(`${project}/go`, "x\n"), 20_000, "the command");
      return resultText(await withTimeout(running, 20_000, "the command's end"));
    },
    async [Symbol.asyncDispose]() {
      abort.abort();
      if (box.tmp) await Deno.remove(box.tmp, { recursive: true }).catch(() => {});
      await Deno.remove(root, { recursive: true });
      await resetOsSandbox();
    },
  };
}

Deno.test(
  "sandboxed bash cannot read the temp file zot writes auth.json through",
  opts,
  async () => {
    await using w = await world();
    await Deno.writeTextFile(`${w.zot}/.auth.json.zot-1a2b3c4d.tmp`, '{"anthropic":"sk-ant-TEMP"}');
    await Deno.writeTextFile(`${w.zot}/some-new-state.json`, "NEW-STATE");
    const text = resultText(await w.run(`cat ${w.zot}/.auth.json.zot-*.tmp; ls -a ${w.zot}`));
    assert(!text.includes("sk-ant-TEMP"), text);
    assert(!text.includes("some-new-state"), text);
    assert(!text.includes("extensions"), text);
  },
);

for (const existing of [true, false]) {
  Deno.test(
    `sandboxed bash cannot read auth.json saved while it runs (there before: ${existing})`,
    opts,
    async () => {
      await using w = await world();
      if (existing) await Deno.writeTextFile(`${w.zot}/auth.json`, '{"anthropic":"sk-ant-OLD"}');
      const cat = `cat ${w.zot}/auth.json`;
      const text = await w.between(cat, async () => {
        await writeFileAtomic(`${w.zot}/auth.json`, '{"anthropic":"sk-ant-NEW"}');
      }, cat);
      assertStringIncludes(text, "after:");
      assert(!text.includes("sk-ant-"), text);
    },
  );
}

Deno.test("sandboxed bash cannot read a zot home first made while it runs", opts, async () => {
  await using w = await world(false);
  const cat = `cat ${w.zot}/auth.json`;
  const text = await w.between(`ls ${w.zot}`, async () => {
    await writeFileAtomic(`${w.zot}/auth.json`, '{"anthropic":"sk-ant-FIRST-LOGIN"}');
  }, cat);
  assertStringIncludes(text, "after:");
  assert(!text.includes("sk-ant-"), text);
  // The home was made before the command, private to the user.
  assertEquals((await Deno.stat(w.zot)).mode! & 0o777, 0o700);
});

Deno.test(
  "sandboxed bash cannot read ~/.docker/config.json replaced while it runs",
  opts,
  async () => {
    await using w = await world();
    const config = `${w.home}/.docker/config.json`;
    await Deno.writeTextFile(config, '{"auths":{"r":{"auth":"OLD-DOCKER"}}}');
    const text = await w.between(`cat ${config}`, async () => {
      await Deno.writeTextFile(`${config}.new`, '{"auths":{"r":{"auth":"NEW-DOCKER"}}}');
      await Deno.rename(`${config}.new`, config);
    }, `cat ${config}; ls -a ${w.home}/.docker`);
    assertStringIncludes(text, "after:");
    assert(!text.includes("DOCKER"), text);
  },
);

Deno.test("sandboxed bash cannot read zot's home through its real path", opts, async () => {
  await using w = await world();
  await Deno.writeTextFile(`${w.zot}/auth.json`, '{"anthropic":"sk-ant-REAL"}');
  // $ZOT_HOME names a link; the command reads where it leads.
  const link = `${w.project}/../zot-link`;
  await Deno.symlink(w.zot, link);
  const box = createBashTool({
    sandbox: {
      enabled: true,
      net: [],
      loopback: false,
      project: w.project,
      zotHome: link,
      confiner: osConfiner(),
    },
  });
  const r = await box.execute(
    { command: `cat ${w.zot}/auth.json ${link}/auth.json; echo done` },
    testContext(w.project),
  );
  assertStringIncludes(resultText(r), "done");
  assert(!resultText(r).includes("sk-ant-"), resultText(r));
});
