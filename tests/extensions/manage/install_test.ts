import { join } from "node:path";
import { installExtension } from "../../../src/extensions/manage/install.ts";
import type { GitRunner } from "../../../src/extensions/manage/git.ts";
import { gitRepoName, isGitSource } from "../../../src/extensions/manage/git.ts";
import { assert, assertEquals, assertRejects, assertStringIncludes } from "../../helpers/assert.ts";
import { tempZot } from "../../helpers/tmp.ts";

async function source(root: string, name: string, files: Record<string, string>) {
  const dir = join(root, name);
  for (const [rel, text] of Object.entries(files)) {
    await Deno.mkdir(join(dir, rel, ".."), { recursive: true });
    await Deno.writeTextFile(join(dir, rel), text);
  }
  return dir;
}

async function entries(dir: string): Promise<string[]> {
  const out: string[] = [];
  const walk = async (rel: string) => {
    for await (const e of Deno.readDir(join(dir, rel))) {
      const r = rel ? `${rel}/${e.name}` : e.name;
      out.push(e.isDirectory ? `${r}/` : r);
      if (e.isDirectory) await walk(r);
    }
  };
  await walk("");
  return out.sort();
}

const silent = { log: () => {} };

Deno.test("git sources: recognised and named", () => {
  for (
    const s of [
      "https://h/u/todo.git",
      "http://h/todo",
      "git://h/todo",
      "ssh://h/todo",
      "file:///x/todo",
      "git@h:u/todo.git",
      "../todo.git",
    ]
  ) {
    assert(isGitSource(s), s);
  }
  assert(!isGitSource("./todo"));
  assertEquals(gitRepoName("https://h/u/todo.git/"), "todo");
  assertEquals(gitRepoName("git@github.com:user/zot-todo.git"), "zot-todo");
  assertEquals(gitRepoName("file:///tmp/x/repo"), "repo");
});

Deno.test("install path: gitignore, negation, .git skipped, mode bits kept", async () => {
  await using z = await tempZot();
  const src = await source(z.root, "todo", {
    "extension.json": `{"name":"todo","exec":"./run.sh"}`,
    "run.sh": "#!/bin/sh\n",
    ".gitignore": "*.log\n!keep.log\nnode_modules/\n/secret.txt\n",
    "a.log": "x",
    "keep.log": "x",
    "node_modules/m/index.js": "x",
    "secret.txt": "x",
    "lib/secret.txt": "kept: not anchored here",
    ".git/HEAD": "ref",
    "lib/ro.txt": "x",
  });
  await Deno.chmod(join(src, "run.sh"), 0o750);
  await Deno.chmod(join(src, "lib/ro.txt"), 0o444);
  await Deno.symlink("lib/ro.txt", join(src, "link-in"));
  const done = await installExtension(src, { paths: z.paths, ...silent });
  const out = join(z.paths.extensions, "todo");
  assertEquals(done.dir, out);
  assertEquals(done.source.manifest.name, "todo");
  assertEquals(await entries(out), [
    ".gitignore",
    "extension.json",
    "keep.log",
    "lib/",
    "lib/ro.txt",
    "lib/secret.txt",
    "link-in",
    "run.sh",
  ]);
  assertEquals((await Deno.stat(join(out, "run.sh"))).mode! & 0o777, 0o750);
  assertEquals((await Deno.stat(join(out, "lib/ro.txt"))).mode! & 0o777, 0o444);
  assertEquals(await Deno.readLink(join(out, "link-in")), "lib/ro.txt");
  await assertRejects(
    () => installExtension(src, { paths: z.paths, ...silent }),
    `destination ${out} already exists; remove it first`,
  );
});

Deno.test("install path: refusals leave nothing behind", async () => {
  await using z = await tempZot();
  const p = { paths: z.paths, ...silent };
  await assertRejects(() => installExtension(join(z.root, "nope"), p), "cannot read");
  const file = join(z.root, "file.txt");
  await Deno.writeTextFile(file, "x");
  await assertRejects(() => installExtension(file, p), `not a directory: ${file}`);
  const bare = await source(z.root, "bare", { "README": "x" });
  await assertRejects(() => installExtension(bare, p), "source lacks extension.json");
  await assertRejects(() => installExtension("/", p), `cannot derive extension name from "/"`);
  const outward = await source(z.root, "outward", { "extension.json": `{"name":"o","exec":"x"}` });
  await Deno.symlink("/etc/hostname", join(outward, "host"));
  await assertRejects(
    () => installExtension(outward, p),
    "symlinks point outside the extension (host -> /etc/hostname)",
  );
  const dotdot = await source(z.root, "dotdot", { "extension.json": `{"name":"d","exec":"x"}` });
  await Deno.mkdir(join(dotdot, "sub"));
  await Deno.symlink("../../outward", join(dotdot, "sub", "up"));
  await assertRejects(() => installExtension(dotdot, p), "sub/up ->");
  await Deno.writeTextFile(join(z.root, "extension.json"), `{"name":"r","exec":"x"}`);
  await assertRejects(() => installExtension(z.root, p), "it contains the extensions directory");
  const invalid = await source(z.root, "invalid", { "extension.json": `{"exec":"x"}` });
  await assertRejects(
    () => installExtension(invalid, p),
    "installed extension.json is invalid: manifest: name is required; aborted and rolled back",
  );
  assertEquals(await entries(z.paths.extensions), []);
});

Deno.test("install: a manifest name another install already has is refused and rolled back", async () => {
  await using z = await tempZot();
  const p = { paths: z.paths, ...silent };
  const first = await source(z.root, "weather", {
    "extension.json": `{"name":"weather","exec":"x"}`,
  });
  await installExtension(first, p);
  const twin = await source(z.root, "aaa", { "extension.json": `{"name":"weather","exec":"x"}` });
  await assertRejects(
    () => installExtension(twin, p),
    `an extension named "weather" is already installed in ${join(z.paths.extensions, "weather")} ` +
      `(run "zot ext remove weather" first); rolled back`,
  );
  assertEquals(await entries(z.paths.extensions), ["weather/", "weather/extension.json"]);
});

Deno.test("install: the confirm hook sees the staged copy and can cancel (rolled back)", async () => {
  await using z = await tempZot();
  const src = await source(z.root, "todo", { "extension.json": `{"name":"todo","exec":"x.ts"}` });
  let seen = "";
  await assertRejects(
    () =>
      installExtension(src, {
        paths: z.paths,
        yes: true,
        ...silent,
        confirm: async (staged, info) => {
          seen = `${staged.manifest.name} ${info.yes} ${info.destination}`;
          assert((await Deno.stat(join(staged.dir, "extension.json"))).isFile);
          return { ok: false, reason: "scope not accepted" };
        },
      }),
    "scope not accepted",
  );
  assertEquals(seen, `todo true ${join(z.paths.extensions, "todo")}`);
  assertEquals(await entries(z.paths.extensions), []);
});

Deno.test("install git: a failed clone or a clone without manifest is rolled back", async () => {
  await using z = await tempZot();
  const failing: GitRunner = {
    clone: () => Promise.resolve({ ok: false, error: "exited with status 128" }),
  };
  await assertRejects(
    () =>
      installExtension("https://example.invalid/x.git", {
        paths: z.paths,
        git: failing,
        ...silent,
      }),
    "git clone: exited with status 128",
  );
  const empty: GitRunner = {
    clone: async (_url, dest) => {
      await Deno.mkdir(dest);
      await Deno.writeTextFile(join(dest, "README"), "x");
      return { ok: true };
    },
  };
  const err = await assertRejects(
    () =>
      installExtension("https://example.invalid/x.git", { paths: z.paths, git: empty, ...silent }),
  );
  assertStringIncludes(err.message, "installed dir lacks extension.json; aborted and rolled back");
  const evil: GitRunner = {
    clone: async (_url, dest) => {
      await Deno.mkdir(dest);
      await Deno.writeTextFile(join(dest, "extension.json"), `{"name":"x","exec":"x"}`);
      await Deno.symlink("/etc", join(dest, "etc"));
      return { ok: true };
    },
  };
  await assertRejects(
    () =>
      installExtension("https://example.invalid/x.git", { paths: z.paths, git: evil, ...silent }),
    "symlinks point outside",
  );
  for (const bad of ["https://example.invalid/..", "https://example.invalid/.git", "git@h:"]) {
    await assertRejects(
      () => installExtension(bad, { paths: z.paths, git: empty, ...silent }),
      "cannot derive extension name",
    );
  }
  assertEquals(await entries(z.paths.extensions), []);
});
