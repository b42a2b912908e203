import { assertEquals, assertStringIncludes } from "../helpers/assert.ts";
import { tempDir } from "../helpers/tmp.ts";
import {
  BUILTIN_TOOL_NAMES,
  createBuiltinTools,
  createJail,
  unknownToolNames,
} from "../../src/tools/mod.ts";
import { createSkillTool } from "../../src/tools/skill.ts";
import type { Skill } from "../../src/skills/types.ts";
import { resultText, testContext } from "./_ctx.ts";

const skills: Skill[] = [
  {
    name: "deploy",
    description: "Deploy it",
    body: "Run make deploy.\n",
    path: "/p/.zot/skills/deploy/SKILL.md",
    source: "project",
  },
  {
    name: "git-tools:review",
    description: "Review",
    body: "Review carefully.",
    path: "builtin:x",
    source: "builtin",
  },
];

Deno.test("createBuiltinTools returns every tool, skill only when skills exist", () => {
  const all = createBuiltinTools({ cwd: "/", skills });
  assertEquals(all.map((t) => t.name), [...BUILTIN_TOOL_NAMES]);
  assertEquals(all.every((t) => t.source === "builtin"), true);
  const none = createBuiltinTools({ cwd: "/", skills: [] });
  assertEquals(none.map((t) => t.name), ["read", "write", "edit", "bash"]);
});

Deno.test("createBuiltinTools honours --tools and --no-tools", () => {
  assertEquals(
    createBuiltinTools({ cwd: "/", skills, enabled: ["bash", "read", "nope"] }).map((t) => t.name),
    [
      "read",
      "bash",
    ],
  );
  assertEquals(createBuiltinTools({ cwd: "/", skills, enabled: [] }), []);
  assertEquals(unknownToolNames(["bash", "nope", "weather"]), ["nope", "weather"]);
});

Deno.test("tools built by createBuiltinTools share the runtime-switchable jail", async () => {
  await using dir = await tempDir();
  const jail = createJail();
  const tools = createBuiltinTools({ cwd: dir.path, skills: [], jail });
  const bash = tools.find((t) => t.name === "bash")!;
  const ok = await bash.execute(
    { command: "cat /etc/hostname >/dev/null && echo ok" },
    testContext(dir.path),
  );
  assertEquals(resultText(ok), "ok");
  jail.root = dir.path;
  const blocked = await bash.execute({ command: "cat /etc/hostname" }, testContext(dir.path));
  assertEquals(blocked.outcome, "blocked");
});

Deno.test("skill tool returns the body or lists the available names", async () => {
  const tool = createSkillTool(skills);
  const ctx = testContext("/");
  const r = await tool.execute({ name: "deploy" }, ctx);
  assertEquals(
    resultText(r),
    `Skill "deploy" (/p/.zot/skills/deploy/SKILL.md)\nFiles it mentions are relative to /p/.zot/skills/deploy\n\nRun make deploy.`,
  );
  assertEquals(
    resultText(await tool.execute({ name: "git-tools:review" }, ctx)),
    `Skill "git-tools:review" (builtin:x)\n\nReview carefully.`,
  );
  const unknown = await tool.execute({ name: "nope" }, ctx);
  assertEquals(unknown.isError, true);
  assertEquals(resultText(unknown), `Unknown skill "nope" (available: deploy, git-tools:review)`);
  assertStringIncludes(resultText(await tool.execute({}, ctx)), `Missing required argument "name"`);
});
