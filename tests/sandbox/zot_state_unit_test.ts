/**
 * The pieces that keep zot's state unreadable, on a temp tree: the deny
 * list a runner with a read grant of `/` gets, the OS sandbox's read grants
 * around `$ZOT_HOME`, and the bounds beyond which both refuse.
 */

import { join } from "node:path";
import { assert, assertEquals, assertStringIncludes } from "../helpers/assert.ts";
import { tempDir } from "../helpers/tmp.ts";
import { ignoresCase, isStateGrant, stateDenyFor, swapCase } from "../../src/sandbox/zot_state.ts";
import { readsAroundHidden } from "../../src/ossandbox/hidden_reads.ts";

/** `<root>/home/.zot` holding state, its own data dir and another's, and a file beside it. */
async function tree(root: string) {
  const zot = join(root, "home", ".zot");
  const data = join(zot, "extension-data", "me");
  for (const d of [data, join(zot, "extension-data", "other"), join(zot, "sessions")]) {
    await Deno.mkdir(d, { recursive: true });
  }
  await Deno.writeTextFile(join(zot, "auth.json"), "KEY");
  await Deno.writeTextFile(join(root, "home", "notes.txt"), "NOTES");
  return { zot, data, ext: join(root, "exts", "me") };
}

for (const grant of ["/", "home", "home/.zot"]) {
  Deno.test(`a runner reading ${grant} is denied zot's state as a whole`, async () => {
    await using d = await tempDir();
    const t = await tree(d.path);
    const read = [grant === "/" ? "/" : join(d.path, grant), t.ext, t.data];
    assertEquals(stateDenyFor({ zotHome: t.zot, keep: [t.ext, t.data] }, read), [t.zot]);
  });
}

Deno.test("a read grant that leaves zot's state out denies nothing", async () => {
  await using d = await tempDir();
  const t = await tree(d.path);
  const read = [join(d.path, "home", "notes.txt"), t.ext, t.data];
  assertEquals(stateDenyFor({ zotHome: t.zot, keep: [t.ext, t.data] }, read), []);
});

Deno.test("a grant inside zot's state, on the way to its own data too, may not be given", () => {
  const places = { zotHome: "/h/.zot", keep: ["/x/ext", "/h/.zot/extension-data/me"] };
  for (const p of ["/h/.zot/auth.json", "/h/.zot/extension-data", "/h/.zot/extension-data/o"]) {
    assert(isStateGrant(places, p), p);
  }
  for (const p of ["/h/.zot", "/h", "/h/.zot/extension-data/me/sub", "/x/ext", "/h/.zotx"]) {
    assert(!isStateGrant(places, p), p);
  }
});

for (const grant of ["/", "home", "home/.zot"]) {
  Deno.test(`the OS sandbox's reads around zot's state for a grant of ${grant}`, async () => {
    await using d = await tempDir();
    const t = await tree(d.path);
    // The walk from "/" lists the temp dir, as crowded as the machine made it: the bound has
    // its own test below.
    const r = await readsAroundHidden(
      [grant === "/" ? "/" : join(d.path, grant), t.data],
      t.zot,
      [t.ext, t.data],
      Number.MAX_SAFE_INTEGER,
    );
    assert(r.ok);
    assert(!r.read.some((p) => p === t.zot || (p.startsWith(t.zot + "/") && p !== t.data)));
    assert(r.read.includes(t.data));
    if (grant !== "home/.zot") assert(r.read.includes(join(d.path, "home", "notes.txt")));
    // Every ancestor of $ZOT_HOME stays unreadable as a whole.
    for (let p = t.zot; p !== "/"; p = p.slice(0, p.lastIndexOf("/")) || "/") {
      assert(!r.read.includes(p), p);
    }
    assert(!r.read.includes("/"));
  });
}

Deno.test("the OS sandbox's reads around zot's state are bounded", async () => {
  await using d = await tempDir();
  const t = await tree(d.path);
  const r = await readsAroundHidden([d.path], t.zot, [t.data], 1);
  assert(!r.ok);
  assertStringIncludes(r.error, "grant narrower reads");
});

Deno.test("a case-sensitive file system is told apart from one that ignores case", async () => {
  await using d = await tempDir();
  const dir = join(d.path, "Zot");
  await Deno.mkdir(dir);
  assertEquals(swapCase("/a/Zot-1"), "/A/zOT-1");
  // Linux file systems compare names exactly: the swapped spelling is another (missing) path.
  assertEquals(await ignoresCase(dir), Deno.build.os !== "linux");
  assertEquals(await ignoresCase("/"), false);
});

Deno.test("the runner's flags deny zot's state, and a path the flags would split is not spelled", async () => {
  const { permissionFlags } = await import("../../src/sandbox/command.ts");
  const p = {
    read: ["/"],
    write: ["/z/extension-data/me"],
    net: false as const,
    env: false as const,
    run: false as const,
    sys: false as const,
    import: false as const,
  };
  assert(permissionFlags(p, [], ["/z"])?.includes("--deny-read=/z"));
  // "--deny-read=/a,b" would deny "/a" and "b": the Worker runner, which refuses, starts instead.
  assertEquals(permissionFlags(p, [], ["/a,b"]), undefined);
  assertEquals(permissionFlags(p, [], ["/z", "/x,y"]), undefined);
});
