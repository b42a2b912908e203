/**
 * A confined extension granted write access to a project never gets a protection that rests on
 * a placeholder file: nothing appears in the project while it runs (a `git clean` or another zot
 * could delete such a file and lift the protection), the protected names cannot be created, and
 * what is already there stays writable.
 *
 * @module
 */

import { join } from "node:path";
import { assert, assertEquals, assertStringIncludes } from "../helpers/assert.ts";
import { tempZot } from "../helpers/tmp.ts";
import { zotPaths } from "../../src/config/paths.ts";
import { planConfinedLaunch } from "../../src/extensions/confined_launch.ts";
import { resetOsSandbox } from "../../src/ossandbox/confine.ts";
import { MAX_SPLIT_ENTRIES, withoutPlaceholders } from "../../src/ossandbox/placeholders.ts";
import { parseScope } from "../../src/scope/parse.ts";

const opts = { sanitizeResources: false, sanitizeOps: false };

/** Run `payload` (sh) as a confined extension granted write to a project inside a git repo. */
async function confinedInProject(payload: string, prepare?: (project: string) => Promise<void>) {
  await using z = await tempZot();
  const repo = join(z.root, "repo");
  const project = join(repo, "sub");
  await Deno.mkdir(join(project, "src"), { recursive: true });
  await new Deno.Command("git", { args: ["init", "-q", repo] }).output();
  await Deno.writeTextFile(join(project, "notes.txt"), "before\n");
  await prepare?.(project);
  const ext = join(z.root, "ext");
  await Deno.mkdir(ext);
  await Deno.writeTextFile(join(ext, "main.sh"), `#!/bin/sh\ncd "$PROJ"\n${payload}\n`);
  await Deno.chmod(join(ext, "main.sh"), 0o755);
  const parsed = parseScope({ write: ["${project}"] });
  if (!parsed.ok) throw new Error(parsed.errors.join("; "));
  const entries = () => [...Deno.readDirSync(project)].map((e) => e.name).sort();
  const before = entries();
  const plan = await planConfinedLaunch({
    source: {
      manifest: { name: "writer", exec: "./main.sh", enabled: true, raw: {} },
      dir: ext,
      manifestPath: join(ext, "extension.json"),
      kind: "explicit",
    },
    program: join(ext, "main.sh"),
    args: [],
    scope: parsed.scope,
    paths: zotPaths(project, z.home),
    hostEnv: Deno.env.toObject(),
  });
  if (!plan.ok) throw new Error(plan.error);
  const p = plan.plan;
  const child = new Deno.Command(p.command, {
    args: p.args,
    cwd: p.cwd,
    env: { ...p.env, PROJ: await Deno.realPath(project) },
    clearEnv: true,
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const errText = new Response(child.stderr).text();
  // While it runs (it waits for a line on stdin): what the host sees in the project.
  const reader = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  let out = "";
  while (!out.includes("WAITING")) {
    const { value, done } = await reader.read();
    if (done) break;
    out += value;
  }
  const during = entries();
  const writer = child.stdin.getWriter();
  await writer.write(new TextEncoder().encode("go\n"));
  await writer.close();
  while (true) {
    const { value, done } = await reader.read();
    if (done) break;
    out += value;
  }
  await child.status;
  await p.release?.();
  await resetOsSandbox();
  const after = entries();
  const notes = await Deno.readTextFile(join(project, "notes.txt"));
  const git = await new Deno.Command("git", { args: ["-C", project, "status"], stderr: "piped" })
    .output();
  return { before, during, after, out, notes, git, err: await errText };
}

Deno.test(
  "confined writes: no placeholder file appears in the project, during or after",
  opts,
  async () => {
    const r = await confinedInProject(`echo WAITING; read line; echo done`);
    assertEquals(r.during, r.before, "nothing new in the project while it runs");
    assertEquals(r.after, r.before, "nothing left behind");
    // The project, a subdirectory of a repository, is still a working one for git.
    assertEquals(r.git.code, 0, new TextDecoder().decode(r.git.stderr));
  },
);

Deno.test(
  "confined writes: the protected names cannot be created; what exists stays writable",
  opts,
  async () => {
    const r = await confinedInProject(`echo WAITING; read line
for n in AGENTS.md CLAUDE.md HEAD .git .zot .claude .agents agents.md; do
  if ( echo planted > "$n" ) 2>/dev/null || mkdir "$n" 2>/dev/null; then echo "CREATED $n"; fi
done
echo after >> notes.txt && echo "APPENDED"
echo x > src/new.txt && echo "NESTED"`);
    // Whatever the sandbox's own view shows, nothing reaches the project on the host.
    assertStringIncludes(r.out, "APPENDED", r.err);
    assertStringIncludes(r.out, "NESTED", r.err);
    assertEquals(r.notes, "before\nafter\n");
    assertEquals(r.after.filter((n) => !r.before.includes(n)), []);
  },
);

Deno.test("withoutPlaceholders: a missing protected name makes its directory read-only, entry by entry", async () => {
  const root = await Deno.realPath(await Deno.makeTempDir());
  try {
    await Deno.mkdir(join(root, ".git"));
    await Deno.mkdir(join(root, "src"));
    await Deno.writeTextFile(join(root, "a.txt"), "");
    await Deno.symlink("/etc", join(root, "etc-link"));
    const split = await withoutPlaceholders([root, "/elsewhere"], [
      join(root, ".git"),
      join(root, "AGENTS.md"),
      "/elsewhere/HEAD",
    ]);
    assert(split.ok);
    assertEquals(split.write.sort(), ["/elsewhere", join(root, "a.txt"), join(root, "src")].sort());
    // Nothing is mounted for a name that does not exist, nor for one under a read-only root.
    assertEquals(split.writeDeny, []);
    // A granted file stays writable as it is: nothing can be created inside it.
    const file = join(root, "a.txt");
    const one = await withoutPlaceholders([file], [join(file, ".git"), join(file, "HEAD")]);
    assert(one.ok);
    assertEquals(one.write, [file]);
    for (let i = 0; i <= MAX_SPLIT_ENTRIES; i++) await Deno.writeTextFile(join(root, `f${i}`), "");
    const many = await withoutPlaceholders([root], [join(root, "AGENTS.md")]);
    assert(!many.ok);
    assertStringIncludes(many.error, "grant a subdirectory instead");
  } finally {
    await Deno.remove(root, { recursive: true });
  }
});
