import { assert, assertEquals, assertStringIncludes } from "../helpers/assert.ts";
import { tempZot } from "../helpers/tmp.ts";
import { discoverSkills, type SkillDiscoveryOptions } from "../../src/skills/discovery.ts";
import { skillsPromptSection } from "../../src/skills/prompt.ts";
import { BUILTIN_SKILLS } from "../../src/skills/builtin/mod.ts";
import { planSkillBundles } from "../../src/extensions/manifest_skill_plan.ts";
import type { ExtensionSource } from "../../src/extensions/types.ts";
import type { Skill } from "../../src/skills/types.ts";

async function skill(dir: string, frontmatter: string, body = "Body.") {
  await Deno.mkdir(dir, { recursive: true });
  await Deno.writeTextFile(`${dir}/SKILL.md`, `---\n${frontmatter}\n---\n${body}\n`);
}

function names(skills: Skill[]): string[] {
  return skills.map((s) => s.name);
}

function options(
  z: { cwd: string; home: string; root: string },
  extra: Partial<SkillDiscoveryOptions> = {},
) {
  return {
    cwd: z.cwd,
    zotHome: z.home,
    home: `${z.root}/user`,
    includeHome: false,
    disabled: false,
    builtin: [],
    ...extra,
  };
}

Deno.test("skills: discovery order, first per name wins, home dirs only with includeHome", async () => {
  await using z = await tempZot();
  const user = `${z.root}/user`;
  await skill(`${z.cwd}/.zot/skills/shared`, "description: from .zot");
  await skill(`${z.home}/skills/shared`, "description: from zot home");
  await skill(`${z.home}/skills/home-only`, "description: only in zot home");
  await skill(`${z.cwd}/.claude/skills/claude`, "description: project claude");
  await skill(`${user}/.claude/skills/claude`, "description: user claude");
  await skill(`${user}/.agents/skills/agent-user`, "description: user agents");
  await skill(
    `${z.cwd}/.agents/skills/nested/deeper/renamed`,
    "name: custom-name\ndescription: nested",
  );

  const project = await discoverSkills(options(z));
  assertEquals(names(project.value), ["shared", "claude", "custom-name"]);
  assertEquals(project.value[0].description, "from .zot");
  assertEquals(project.value[0].source, "project");
  assertEquals(project.diagnostics, []);

  const all = await discoverSkills(options(z, { includeHome: true }));
  assertEquals(names(all.value), ["shared", "home-only", "claude", "custom-name", "agent-user"]);
  assertEquals(all.value.find((s) => s.name === "claude")?.description, "project claude");
  assertEquals(all.value.find((s) => s.name === "home-only")?.source, "zot-home");
  const shadowed = all.diagnostics.map((d) => d.message);
  assert(
    shadowed.some((m) =>
      m.startsWith(`Skill "shared" at ${z.home}/skills/shared/SKILL.md is shadowed by`)
    ),
  );
  assert(all.diagnostics.every((d) => d.severity === "info" && d.code === "skill-shadowed"));
});

Deno.test("skills: built-ins come after project skills and --no-skills disables everything", async () => {
  await using z = await tempZot();
  await skill(`${z.cwd}/.zot/skills/zot-extension`, "description: project override");
  const r = await discoverSkills(options(z, { builtin: undefined }));
  assertEquals(names(r.value), ["zot-extension"]);
  assertEquals(r.value[0].description, "project override");
  const builtinOnly = await discoverSkills({ ...options(z, { builtin: undefined }), cwd: z.root });
  assertEquals(builtinOnly.value, [...BUILTIN_SKILLS]);
  const off = await discoverSkills(options(z, { builtin: undefined, disabled: true }));
  assertEquals(off, { value: [], diagnostics: [] });
});

Deno.test("skills: bad frontmatter is a diagnostic, not a throw", async () => {
  await using z = await tempZot();
  await skill(
    `${z.cwd}/.zot/skills/good`,
    "description: fine\nallowed-tools: [read, bash]\npermissions:\n  net: false",
  );
  await skill(`${z.cwd}/.zot/skills/no-desc`, "name: no-desc");
  await skill(`${z.cwd}/.zot/skills/broken`, "description: x\n: nope");
  await Deno.mkdir(`${z.cwd}/.zot/skills/plain`, { recursive: true });
  await Deno.writeTextFile(`${z.cwd}/.zot/skills/plain/SKILL.md`, "# no frontmatter\n");
  await skill(`${z.cwd}/.zot/skills/Bad Name`, "description: spaces");
  const r = await discoverSkills(options(z));
  assertEquals(names(r.value), ["good"]);
  assertEquals(r.value[0].allowedTools, ["read", "bash"]);
  assertEquals(r.value[0].permissions, { net: false });
  assertEquals(r.value[0].body, "Body.\n");
  const messages = r.diagnostics.map((d) => d.message).sort();
  assertEquals(messages.length, 4);
  assertStringIncludes(
    messages.join("\n"),
    `Invalid skill ${z.cwd}/.zot/skills/Bad Name/SKILL.md: invalid skill name "Bad Name"`,
  );
  assertStringIncludes(
    messages.join("\n"),
    `no-desc/SKILL.md: missing required "description" in the frontmatter`,
  );
  assertStringIncludes(messages.join("\n"), `plain/SKILL.md: missing YAML frontmatter`);
  assertStringIncludes(
    messages.join("\n"),
    `broken/SKILL.md: frontmatter line 3: a key must be text`,
  );
  assert(r.diagnostics.every((d) => d.severity === "error" && d.source === "skills"));
});

function source(name: string, dir: string, skills: string[]): ExtensionSource {
  return {
    manifest: { name, skills, enabled: true, raw: {} },
    dir,
    manifestPath: `${dir}/extension.json`,
    kind: "global",
  };
}

Deno.test("skills: extension bundles are named <manifest>:<dir>, kebab-cased", async () => {
  await using z = await tempZot();
  const ext = `${z.home}/extensions/git-tools`;
  await skill(`${ext}/skills/Writing Git Commits`, "name: ignored\ndescription: commit messages");
  await skill(`${ext}/skills/group/Review`, "description: reviews");
  await skill(`${ext}/single`, "description: direct file");
  await skill(`${z.cwd}/.zot/skills/git-tools:review`, "description: not allowed here");
  const planned = await planSkillBundles([source("Git Tools", ext, ["skills", "single/SKILL.md"])]);
  assertEquals(planned.diagnostics, []);
  const r = await discoverSkills(options(z, { bundles: planned.value }));
  assertEquals(names(r.value).sort(), [
    "git-tools:review",
    "git-tools:single",
    "git-tools:writing-git-commits",
  ]);
  const commits = r.value.find((s) => s.name === "git-tools:writing-git-commits")!;
  assertEquals(commits.source, "extension");
  assertEquals(commits.extension, "Git Tools");
  // A project skill cannot use a name with a colon (reserved for bundles).
  assertStringIncludes(
    r.diagnostics.map((d) => d.message).join("\n"),
    `invalid skill name "git-tools:review"`,
  );
});

Deno.test("skills: bundle entries and symlinks may not escape the extension directory", async () => {
  await using z = await tempZot();
  const ext = `${z.home}/extensions/sneaky`;
  await skill(`${z.root}/outside/secret`, "description: outside");
  await Deno.mkdir(`${ext}/skills`, { recursive: true });
  const escaped = await planSkillBundles([source("sneaky", ext, ["../../../outside"])]);
  assertEquals(escaped.value, []);
  assertStringIncludes(
    escaped.diagnostics[0].message,
    `manifest: skill path "../../../outside" escapes extension directory`,
  );

  // An entry inside the bundle holding a symlink to the outside is scanned, but the link is refused.
  await Deno.symlink(`${z.root}/outside/secret`, `${ext}/skills/linked`);
  await skill(`${ext}/skills/fine`, "description: inside");
  const planned = await planSkillBundles([source("sneaky", ext, ["skills"])]);
  const r = await discoverSkills(options(z, { bundles: planned.value }));
  assertEquals(names(r.value), ["sneaky:fine"]);
  assertEquals(r.diagnostics.length, 1);
  assertStringIncludes(r.diagnostics[0].message, "escapes extension directory");
  assertEquals(r.diagnostics[0].extension, "sneaky");
});

Deno.test("skills: the prompt section lists names and descriptions", () => {
  assertEquals(skillsPromptSection([]), "");
  const text = skillsPromptSection([...BUILTIN_SKILLS]);
  assertStringIncludes(text, "# Skills");
  assertStringIncludes(text, `- zot-extension: ${BUILTIN_SKILLS[0].description}`);
  assertStringIncludes(text, '"skill" tool');
});

Deno.test("skills: symlinked skill directories are followed outside bundles, each once", async () => {
  await using z = await tempZot();
  await skill(`${z.root}/shared-skills/lint`, "description: lint things");
  await Deno.mkdir(`${z.cwd}/.zot/skills`, { recursive: true });
  await Deno.symlink(`${z.root}/shared-skills/lint`, `${z.cwd}/.zot/skills/lint`);
  await Deno.symlink(`${z.root}/shared-skills`, `${z.cwd}/.zot/skills/again`);
  const r = await discoverSkills(options(z));
  assertEquals(names(r.value), ["lint"]);
});
