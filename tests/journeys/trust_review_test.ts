/**
 * Journeys: `zot trust` says what it lets run before anything is recorded
 * (a plain program named as such, with its full privileges; a sandboxed
 * one with what its scope lets it do) and asks: without a terminal and
 * without `--yes` it refuses with the remedy and records nothing.
 */

import { assert, assertEquals, assertStringIncludes } from "../helpers/assert.ts";
import { journey, shellExtension } from "./zot.ts";

const SANDBOXED = {
  ".zot/extensions/web/extension.json": JSON.stringify({
    name: "web",
    exec: "./main.ts",
    scope: { net: ["example.com:443"] },
  }),
  ".zot/extensions/web/main.ts": "// never started here\n",
};

async function project(j: Awaited<ReturnType<typeof journey>>) {
  const files = shellExtension("sh");
  await j.write(
    {
      ...Object.fromEntries(Object.entries(files).map(([k, v]) => [`.zot/extensions/${k}`, v])),
      ...SANDBOXED,
    },
    [".zot/extensions/sh/main.sh"],
  );
}

Deno.test("journey: zot trust without a terminal or --yes lists what it unlocks and refuses", async () => {
  await using j = await journey();
  await project(j);
  const r = await j.zot("trust");
  assertEquals(r.code, 1, r.stderr);
  assertStringIncludes(r.stderr, `"sh" (sh): runs "./main.sh" as a plain program, NOT sandboxed`);
  assertStringIncludes(r.stderr, "it can do anything you can");
  assertStringIncludes(r.stderr, `"web" (web): runs "./main.ts" sandboxed`);
  assertStringIncludes(r.stderr, "example.com:443");
  assertStringIncludes(r.stderr, `Not trusted: stdin is not a terminal`);
  assertStringIncludes(r.stderr, `run "zot trust --yes"`);
  // Nothing recorded: the project is not trusted and its extensions stay held back.
  assertEquals((await j.zot("trust", "--list")).stdout, "");
  const list = JSON.parse((await j.zot("ext", "list", "--json")).stdout);
  assert(list.extensions.every((e: { state: string }) => e.state === "held_back"), list);
});

Deno.test("journey: zot trust --yes records the set it showed", async () => {
  await using j = await journey();
  await project(j);
  const r = await j.zot("trust", "--yes");
  assertEquals(r.code, 0, r.stderr);
  assertStringIncludes(r.stderr, "NOT sandboxed");
  assertStringIncludes(r.stderr, "trusted ");
  assert((await j.zot("trust", "--list")).stdout.trim() !== "");
});

Deno.test("journey: zot trust of a project without extensions asks nothing", async () => {
  await using j = await journey();
  const r = await j.zot("trust");
  assertEquals(r.code, 0, r.stderr);
  assertStringIncludes(r.stderr, "trusted ");
});
