/**
 * What a headless run loads, by structure rather than timing: `zot -p` and
 * `zot --json` evaluate neither the TUI nor an LLM SDK nor the code of other
 * modes or of the provider not in use, nor the code of a built-in tool the
 * model did not call, and `--transport sdk` is what brings an SDK in.
 */

import { assert, assertEquals } from "../helpers/assert.ts";
import { tempZot } from "../helpers/tmp.ts";
import { type FakeScript, startFakeLlm } from "../helpers/fake_llm.ts";
import { loadedModules, npmPackages, zotFiles } from "../helpers/loaded_modules.ts";

/** Source folders and packages a headless run has no use for. */
const NOT_HEADLESS = [
  /^src\/tui\//,
  /^src\/modes\/interactive\//,
  /^src\/modes\/rpc\//,
  /^src\/scaffold\//,
  /^src\/sdk\//,
  /^src\/cli\/(program|ext\/)/,
  // The extension host, the sandbox runner and the OS sandbox start only for extensions.
  /^src\/extensions\/(host|process|check|manage|record)\//,
  /^src\/(sandbox|ossandbox|mcp)\//,
];
/** The code of the built-in tools: loaded at a tool's first call, not to send their specs. */
const TOOL_CODE = [
  "src/tools/read.ts",
  "src/tools/write.ts",
  "src/tools/edit.ts",
  "src/tools/edit_apply.ts",
  "src/tools/bash.ts",
  "src/tools/bash_launch.ts",
  "src/tools/bash_jail.ts",
  "src/tools/image.ts",
  "src/tools/file_access.ts",
  "src/tools/jail.ts",
  "src/tools/subagent.ts",
  "src/agent/subagents/command.ts",
];
const NO_PACKAGES = ["@anthropic-ai/sdk", "openai", "@mariozechner/pi-tui", "@xterm/headless"];

async function headlessRun(args: string[], script: FakeScript = () => ({ text: "graph answer" })) {
  await using z = await tempZot();
  await using llm = await startFakeLlm({ script });
  const run = await loadedModules([...args, "--base-url", llm.url, "--no-session"], z);
  assertEquals(
    run.code,
    0,
    run.stderr.split("\n").filter((l) => !l.startsWith("DEBUG")).join("\n"),
  );
  const files = zotFiles(run.modules);
  // The list is real: it names what every headless run must load.
  for (const known of ["main.ts", "src/cli/mod.ts", "src/providers/http.ts"]) {
    assert(files.includes(known), `${known} among the loaded modules: ${files.join(" ")}`);
  }
  return { files, packages: npmPackages(run.modules) };
}

for (const [mode, args] of [["-p", ["-p", "hi"]], ["--json", ["--json", "hi"]]] as const) {
  Deno.test(`zot ${mode} loads neither the TUI, an SDK, nor another mode's code`, async () => {
    const { files, packages } = await headlessRun([...args]);
    const stray = files.filter((f) => NOT_HEADLESS.some((re) => re.test(f)));
    assertEquals(stray, [], "modules a headless run does not use");
    assertEquals(packages.filter((p) => NO_PACKAGES.includes(p)), []);
    // An Anthropic run (the default) loads no OpenAI code.
    assertEquals(files.filter((f) => /^src\/providers\/.*openai/.test(f)), []);
    // A prompt that does not compact loads no compaction code.
    assert(!files.includes("src/agent/compaction.ts"), "compaction.ts loaded");
    // With no extension installed and no --ext, neither discovery nor the trust checks load.
    const discovery = ["src/extensions/discovery.ts", "src/extensions/trust.ts"];
    assertEquals(files.filter((f) => discovery.includes(f)), []);
    // No skill folder: zot's own skills without the discovery code.
    assert(!files.includes("src/skills/discovery.ts"), "skills/discovery.ts loaded");
    // A catalog model and no models.json: nothing to look up, so no lookup code.
    assert(!files.includes("src/providers/model_lookup.ts"), "model_lookup.ts loaded");
    // The model called no tool: the tools' code stays unloaded, their specs went out.
    assertEquals(files.filter((f) => TOOL_CODE.includes(f)), []);
    assert(files.includes("src/tools/specs.ts"), "the tool specs are loaded");
  });
}

Deno.test("zot -p in a project with a skill folder discovers its skills", async () => {
  await using z = await tempZot();
  const skill = `${z.cwd}/.zot/skills/deploy`;
  await Deno.mkdir(skill, { recursive: true });
  await Deno.writeTextFile(
    `${skill}/SKILL.md`,
    "---\nname: deploy\ndescription: Ship it\n---\nRun make deploy.\n",
  );
  await using llm = await startFakeLlm({ script: () => ({ text: "ok" }) });
  const run = await loadedModules(["-p", "hi", "--base-url", llm.url, "--no-session"], z);
  assertEquals(run.code, 0);
  assert(zotFiles(run.modules).includes("src/skills/discovery.ts"), "discovery loaded");
  const request = JSON.stringify(llm.requests[0]?.body ?? "");
  assert(request.includes("deploy") && request.includes("zot-extension"), request.slice(0, 400));
});

Deno.test("zot -p loads a built-in tool's code when the model calls it, and only that tool's", async () => {
  const { files } = await headlessRun(["-p", "hi"], [
    { toolCalls: [{ name: "read", args: { path: "missing.txt" } }] },
    { text: "done" },
  ]);
  assert(files.includes("src/tools/read.ts"), `read.ts loaded: ${files.join(" ")}`);
  const others = ["src/tools/bash.ts", "src/tools/edit.ts", "src/tools/write.ts"];
  assertEquals(files.filter((f) => others.includes(f)), []);
});

Deno.test("zot -p --transport sdk is what loads the SDK (the check above can see one)", async () => {
  const { packages } = await headlessRun(["-p", "hi", "--transport", "sdk"]);
  assert(packages.includes("@anthropic-ai/sdk"), `packages: ${packages.join(" ")}`);
  assert(!packages.includes("openai"), "the unused provider's SDK stays out");
});

Deno.test("zot -p with a shell extension loads the extension host but not the sandbox planner", async () => {
  const sh = new URL("../fixtures/extensions/hello-sh", import.meta.url).pathname;
  const { files } = await headlessRun(["-p", "hi", "--ext", sh]);
  assert(files.includes("src/extensions/host/mod.ts"), "the extension was started");
  assert(files.includes("src/extensions/trust.ts"), "an --ext path goes through discovery in full");
  assertEquals(
    files.filter((f) => f === "src/sandbox/launch.ts" || f === "src/sandbox/symlinks.ts"),
    [],
  );
  // An extension without skills and no skill folder: zot's own skills, no discovery code.
  const skillCode = ["src/skills/discovery.ts", "src/extensions/manifest_skill_plan.ts"];
  assertEquals(files.filter((f) => skillCode.includes(f)), []);
});

Deno.test("zot ext list with nothing installed loads neither discovery, the trust checks nor scopes", async () => {
  await using z = await tempZot();
  for (const args of [["ext", "list"], ["ext", "list", "--json"]]) {
    const run = await loadedModules(args, z);
    assertEquals(run.code, 0);
    const files = zotFiles(run.modules);
    assert(files.includes("src/cli/ext/list_run.ts"), `list_run.ts loaded: ${files.join(" ")}`);
    assertEquals(files.filter((f) => /^src\/(extensions|scope|sandbox)\//.test(f)), []);
    if (args.length === 3) assertEquals(JSON.parse(run.stdout), { extensions: [], skipped: [] });
    else assert(run.stderr.includes("no extensions installed"), run.stderr);
  }
});
