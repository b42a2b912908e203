import { join } from "node:path";
import { discover } from "../../../src/extensions/discovery.ts";
import { planSkillBundles } from "../../../src/extensions/manifest_skill_plan.ts";
import { bundleSkillName, kebabCase } from "../../../src/skills/bundle.ts";
import { assert, assertEquals, assertStringIncludes } from "../../helpers/assert.ts";
import { tempZot } from "../../helpers/tmp.ts";

async function ext(root: string, dir: string, manifest: Record<string, unknown> | string) {
  const path = join(root, dir);
  await Deno.mkdir(path, { recursive: true });
  const text = typeof manifest === "string" ? manifest : JSON.stringify(manifest);
  await Deno.writeTextFile(join(path, "extension.json"), text);
  return path;
}

Deno.test("discover: explicit > project > global, directory order within a root", async () => {
  await using z = await tempZot();
  const { paths } = z;
  await ext(paths.extensions, "zeta", { name: "zeta", exec: "z" });
  await ext(paths.extensions, "alpha", { name: "alpha", exec: "a" });
  await ext(paths.projectExtensions, "proj", { name: "proj", exec: "p" });
  const mine = await ext(z.root, "work/mine", { name: "mine", exec: "m" });
  const r = await discover({ paths, explicit: ["../work/mine"] });
  assertEquals(r.value.map((s) => [s.manifest.name, s.kind]), [
    ["mine", "explicit"],
    ["proj", "project"],
    ["alpha", "global"],
    ["zeta", "global"],
  ]);
  assertEquals(r.value[0].dir, mine);
  assertEquals(r.diagnostics, []);
});

Deno.test("discover: --ext paths keep the order given; one directory given twice counts once", async () => {
  await using z = await tempZot();
  const b = await ext(z.root, "b", { name: "bee", exec: "b" });
  const a = await ext(z.root, "a", { name: "ay", exec: "a" });
  await Deno.symlink(b, join(z.root, "b-link"));
  const missing = join(z.root, "missing");
  const r = await discover({
    paths: z.paths,
    explicit: [b, missing, a, join(z.root, "b-link"), b],
    noExt: true,
  });
  assertEquals(r.value.map((s) => [s.manifest.name, s.dir]), [["bee", b], ["ay", a]]);
  assertEquals(r.diagnostics.filter((d) => d.severity === "error").map((d) => d.dir), [missing]);
});

Deno.test("discover: --no-ext keeps only explicit paths", async () => {
  await using z = await tempZot();
  await ext(z.paths.extensions, "g", { name: "g", exec: "g" });
  const only = await ext(z.root, "only", { name: "only", exec: "o" });
  const r = await discover({ paths: z.paths, explicit: [only], noExt: true });
  assertEquals(r.value.map((s) => s.manifest.name), ["only"]);
});

Deno.test("discover: a project directory never shadows a global one; the global wins", async () => {
  await using z = await tempZot();
  const { paths } = z;
  const projTodo = await ext(paths.projectExtensions, "todo", { name: "todo", exec: "p" });
  const globTodo = await ext(paths.extensions, "todo", { name: "todo-global", exec: "g" });
  const globOther = await ext(paths.extensions, "zot-todo", { name: "todo", exec: "g" });
  const r = await discover({ paths, explicit: [] });
  assertEquals(r.value.map((s) => s.dir), [globTodo, globOther]);
  assertEquals(r.shadowed.map((s) => [s.source.dir, s.winner, s.by]), [
    [projTodo, globTodo, "directory"],
  ]);
  assertEquals(r.invalid, []);
  assertEquals(r.diagnostics.map((d) => d.message), [
    `skipped ${projTodo}: your own extension directory named "todo" wins over the project's (${globTodo})`,
  ]);
});

Deno.test("discover: one manifest name in two global installs starts neither", async () => {
  await using z = await tempZot();
  const { paths } = z;
  const a = await ext(paths.extensions, "a-todo", { name: "todo", exec: "g" });
  const b = await ext(paths.extensions, "b-todo", { name: "todo", exec: "g" });
  const r = await discover({ paths, explicit: [] });
  assertEquals(r.value, []);
  const both = `none of them starts (keep one: rename the others, or remove them with ` +
    `"zot ext remove <directory name>")`;
  assertEquals(r.diagnostics.map((d) => d.message), [
    `${a}: manifest name "todo" is also used by ${b}; ${both}`,
    `${b}: manifest name "todo" is also used by ${a}; ${both}`,
  ]);
});

Deno.test("discover: a project extension named like a global one is refused; the global runs", async () => {
  await using z = await tempZot();
  const { paths } = z;
  const proj = await ext(paths.projectExtensions, "my-guard", { name: "guard", exec: "p" });
  const glob = await ext(paths.extensions, "guard", { name: "guard", exec: "g" });
  const r = await discover({ paths, explicit: [] });
  assertEquals(r.value.map((s) => s.dir), [glob]);
  assertEquals(r.invalid.map((i) => [i.dir, i.name]), [[proj, "guard"]]);
  assertEquals(r.diagnostics.map((d) => d.message), [
    `${proj}: manifest name "guard" is already used by your own extension (${glob}), which wins; ` +
    `the project's copy does not start (rename it in the project)`,
  ]);
});

Deno.test("discover: an invalid project manifest hides no global extension of its directory name", async () => {
  await using z = await tempZot();
  const { paths } = z;
  const bad = join(paths.projectExtensions, "guard");
  await Deno.mkdir(bad, { recursive: true });
  await Deno.writeTextFile(join(bad, "extension.json"), "{}");
  const glob = await ext(paths.extensions, "guard", { name: "guard", exec: "g" });
  const r = await discover({ paths, explicit: [] });
  assertEquals(r.value.map((s) => s.dir), [glob]);
  assertEquals(r.invalid.map((i) => i.dir), [bad]);
});

Deno.test("discover: a project extension held back by the gate takes no part in names", async () => {
  await using z = await tempZot();
  const { paths } = z;
  const pinned = await ext(paths.projectExtensions, "a-lint", { name: "lint", exec: "p" });
  const added = await ext(paths.projectExtensions, "b-lint", { name: "lint", exec: "p" });
  const glob = await ext(paths.extensions, "guard", { name: "guard", exec: "g" });
  const held = await ext(paths.projectExtensions, "guard", { name: "guard", exec: "p" });
  const r = await discover({
    paths,
    explicit: [],
    admitProject: (sources) =>
      Promise.resolve({
        run: sources.filter((s) => s.dir === pinned),
        held: sources.filter((s) => s.dir !== pinned).map((source) => ({ source, message: "new" })),
      }),
  });
  assertEquals(r.value.map((s) => s.dir), [pinned, glob]);
  assertEquals(r.held.map((h) => h.source.dir).sort(), [added, held].sort());
  assertEquals(r.invalid, []);
  assertEquals(r.shadowed, []);
});

Deno.test("discover: explicit path shadows an installed copy with the same name", async () => {
  await using z = await tempZot();
  const installed = await ext(z.paths.extensions, "todo", { name: "todo", exec: "g" });
  const work = await ext(z.root, "wip", { name: "todo", exec: "w" });
  const r = await discover({ paths: z.paths, explicit: [work, work] });
  assertEquals(r.value.map((s) => s.dir), [work]);
  assertEquals(r.shadowed.map((s) => s.source.dir), [installed]);
});

Deno.test("discover: dirs without manifest are ignored and never shadow; explicit ones error", async () => {
  await using z = await tempZot();
  await Deno.mkdir(join(z.paths.projectExtensions, "todo"), { recursive: true });
  await Deno.writeTextFile(join(z.paths.projectExtensions, "todo", "todos.json"), "[]");
  const glob = await ext(z.paths.extensions, "todo", { name: "todo", exec: "g" });
  const empty = join(z.root, "empty");
  await Deno.mkdir(empty);
  const r = await discover({ paths: z.paths, explicit: [empty, join(z.root, "missing")] });
  assertEquals(r.value.map((s) => s.dir), [glob]);
  assertEquals(r.diagnostics.map((d) => d.message), [
    `${empty}: missing extension.json`,
    `${join(z.root, "missing")}: not a directory`,
  ]);
  assertEquals(r.invalid.length, 2);
});

Deno.test("discover: symlinked extension dirs are followed; staging dirs are not read", async () => {
  await using z = await tempZot();
  const real = await ext(z.root, "elsewhere/linked", { name: "linked", exec: "l" });
  await Deno.mkdir(z.paths.extensions, { recursive: true });
  await Deno.symlink(real, join(z.paths.extensions, "linked"));
  await ext(z.paths.extensions, ".zot-install-half-abc", { name: "half", exec: "h" });
  const r = await discover({ paths: z.paths });
  assertEquals(r.value.map((s) => [s.manifest.name, s.dir]), [
    ["linked", join(z.paths.extensions, "linked")],
  ]);
});

Deno.test("discover: disabled manifests are returned marked disabled; bad ones are diagnostics", async () => {
  await using z = await tempZot();
  await ext(z.paths.extensions, "off", { name: "off", exec: "o", enabled: false });
  const bad = await ext(z.paths.extensions, "bad", `{"name": "bad",`);
  const r = await discover({ paths: z.paths });
  assertEquals(r.value.map((s) => [s.manifest.name, s.manifest.enabled]), [["off", false]]);
  assertEquals(r.invalid.map((i) => i.dir), [bad]);
  assertEquals(r.diagnostics.length, 1);
  assertStringIncludes(r.diagnostics[0].message, `${bad}: parse manifest:`);
  assertEquals(r.diagnostics[0].severity, "error");
  assertEquals(r.diagnostics[0].code, "manifest-invalid");
});

Deno.test("discover: an untrusted project's extensions are held back with a diagnostic", async () => {
  await using z = await tempZot();
  const proj = await ext(z.paths.projectExtensions, "todo", { name: "todo", exec: "p" });
  const glob = await ext(z.paths.extensions, "todo", { name: "todo", exec: "g" });
  const r = await discover({ paths: z.paths, projectTrusted: false });
  assertEquals(r.value.map((s) => s.dir), [glob]);
  assertEquals(r.untrusted.map((s) => s.dir), [proj]);
  assertStringIncludes(r.diagnostics[0].message, "not trusted");
});

Deno.test("skills: plan bundles with kebab-case prefixes, skipping disabled and shadowed", async () => {
  await using z = await tempZot();
  const explicit = await ext(z.root, "extensions", { name: "Git Tools", skills: ["skills"] });
  await Deno.mkdir(join(explicit, "skills", "Writing Git Commits"), { recursive: true });
  await Deno.writeTextFile(join(explicit, "skills", "Writing Git Commits", "SKILL.md"), "x");
  const off = await ext(z.paths.extensions, "off", { name: "off", skills: ["s"], enabled: false });
  await Deno.mkdir(join(off, "s"));
  const r = await discover({ paths: z.paths, explicit: [explicit] });
  const plan = await planSkillBundles(r.value);
  assertEquals(plan.diagnostics, []);
  assertEquals(plan.value.length, 1);
  const bundle = plan.value[0];
  assertEquals([bundle.extension, bundle.prefix, bundle.dir], ["Git Tools", "git-tools", explicit]);
  assertEquals(bundle.roots, [{ entry: "skills", path: join(explicit, "skills"), kind: "dir" }]);
  assertEquals(
    bundleSkillName(bundle.prefix, "Writing Git Commits"),
    "git-tools:writing-git-commits",
  );
  assertEquals(kebabCase("myCoolTools"), "my-cool-tools");
});

Deno.test("skills: traversal in a discovered bundle is an error naming the dir", async () => {
  await using z = await tempZot();
  const dir = await ext(z.paths.extensions, "evil", { name: "evil", skills: ["../outside"] });
  const r = await discover({ paths: z.paths });
  assert(r.value.length === 0);
  assertStringIncludes(
    r.diagnostics[0].message,
    `${dir}: manifest: skill path "../outside" escapes`,
  );
});
