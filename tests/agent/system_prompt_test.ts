import { assert, assertEquals, assertStringIncludes } from "../helpers/assert.ts";
import { startFakeLlm } from "../helpers/fake_llm.ts";
import { tempZot } from "../helpers/tmp.ts";
import { runZot } from "../modes/run_zot.ts";
import {
  buildSystemPrompt,
  findProjectRoot,
  readContextFiles,
} from "../../src/agent/system_prompt.ts";

const base = {
  cwd: "/p",
  projectRoot: "/p",
  tools: [{ name: "write", description: "Write a file\nmore" }, {
    name: "read",
    description: "Read a file",
  }],
  skills: [{ name: "git", description: "Commit well" }],
  date: new Date("2026-01-02T03:04:05Z"),
  contextFiles: [{ name: "AGENTS.md", text: "Use tabs.\n" }],
};

Deno.test("the default prompt names zot, tools, skills, cwd, date and AGENTS.md", () => {
  const p = buildSystemPrompt(base);
  assertStringIncludes(p, "You are zot");
  assertStringIncludes(p, "- read: Read a file\n- write: Write a file");
  assertStringIncludes(p, "- git: Commit well");
  assertStringIncludes(p, "Current working directory: /p");
  assertStringIncludes(p, "2026-01-02");
  assertStringIncludes(p, "Project instructions from AGENTS.md:\n\nUse tabs.");
});

Deno.test("SYSTEM.md replaces the body, --system-prompt replaces all, append appends", () => {
  const custom = buildSystemPrompt({ ...base, customBody: "Be a pirate." });
  assertEquals(custom.startsWith("Be a pirate.\n\nAvailable tools:"), true);
  assertEquals(buildSystemPrompt({ ...base, override: "X", append: "Y" }), "X\n\nY");
  assertEquals(buildSystemPrompt({ ...base, append: "TAIL" }).endsWith("\n\nTAIL"), true);
});

Deno.test("context files come from the git root", async () => {
  await using z = await tempZot();
  await Deno.mkdir(`${z.cwd}/.git`);
  await Deno.mkdir(`${z.cwd}/sub`);
  await Deno.writeTextFile(`${z.cwd}/AGENTS.md`, "agents");
  await Deno.writeTextFile(`${z.cwd}/CLAUDE.md`, "claude");
  const root = await findProjectRoot(`${z.cwd}/sub`);
  assertEquals(root, z.cwd);
  assertEquals(await readContextFiles(root), [{ name: "AGENTS.md", text: "agents" }, {
    name: "CLAUDE.md",
    text: "claude",
  }]);
});

Deno.test("zot run in a package of a repository reads the root's and the package's AGENTS.md", async () => {
  await using z = await tempZot();
  await using llm = await startFakeLlm({ script: [{ text: "ok" }] });
  await Deno.mkdir(`${z.cwd}/.git`);
  const pkg = `${z.cwd}/packages/api`;
  await Deno.mkdir(pkg, { recursive: true });
  await Deno.writeTextFile(`${z.cwd}/AGENTS.md`, "Repository rule.");
  // A CLAUDE.md that is the AGENTS.md (a common symlink) is not sent twice.
  await Deno.symlink(`${z.cwd}/AGENTS.md`, `${z.cwd}/CLAUDE.md`);
  await Deno.writeTextFile(`${pkg}/AGENTS.md`, "Package rule.");
  await Deno.writeTextFile(`${pkg}/CLAUDE.md`, "  \n");
  const r = await runZot(["-p", "hi", "--base-url", llm.url, "--no-ext"], {
    cwd: pkg,
    home: z.home,
  });
  assertEquals(r.code, 0, r.stderr);
  const body = llm.requests[0].body as { system: { text: string }[] };
  const system = body.system.map((b) => b.text).join("");
  const root = system.indexOf("Project instructions from AGENTS.md:\n\nRepository rule.");
  const own = system.indexOf("Project instructions from packages/api/AGENTS.md:\n\nPackage rule.");
  assert(root > 0 && own > root, system);
  assertEquals(system.split("Repository rule.").length, 2);
  assertEquals(system.includes("CLAUDE.md"), false);
});
