import { assert, assertEquals, assertStringIncludes } from "../helpers/assert.ts";
import { tempDir, tempZot } from "../helpers/tmp.ts";
import { BASE_FILES, PROTOCOL_FILES, SDK_FILES, VENDOR_DIR } from "../../src/scaffold/vendor.ts";
import { startFakeLlm } from "../helpers/fake_llm.ts";
import { load, resultText, runTool } from "../examples/harness.ts";

const ROOT = new URL("../../", import.meta.url).pathname;

async function zot(args: string[], env: Record<string, string> = {}, cwd?: string) {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "--quiet", "--config", `${ROOT}deno.json`, `${ROOT}main.ts`, ...args],
    cwd,
    env: { NO_COLOR: "1", ...env },
    stdin: "null",
  }).output();
  const dec = new TextDecoder();
  return { code: out.code, stdout: dec.decode(out.stdout), stderr: dec.decode(out.stderr) };
}

for (const lang of ["ts", "python", "shell"]) {
  Deno.test(`ext new --lang ${lang}: the scaffold starts and answers its command and tool`, async () => {
    await using dir = await tempDir();
    const made = await zot(["ext", "new", "demo", "--lang", lang, "--dir", dir.path]);
    assertEquals(made.code, 0, made.stderr);
    assertStringIncludes(made.stdout, "zot --ext");
    await using env = await load([`${dir.path}/demo`]);
    const outcome = await env.host.invokeCommand("demo", "Ada");
    assertEquals(
      outcome.ok && outcome.action === "display" ? outcome.display : outcome,
      "Hello, Ada! (from demo)",
    );
    const r = await runTool(env.host, "demo_echo", { text: "hi there" });
    assertEquals([resultText(r), r.isError ?? false], ["hi there", false]);

    // And literally `zot --ext ./demo`, with a fake model calling its tool.
    await using z = await tempZot();
    await using llm = await startFakeLlm({
      script: [{ toolCalls: [{ name: "demo_echo", args: { text: "echo-7" } }] }, { text: "done" }],
    });
    const run = await zot(["-p", "go", "--base-url", llm.url, "--ext", "./demo"], {
      ZOT_HOME: z.home,
      ANTHROPIC_API_KEY: "test-key",
    }, dir.path);
    assertEquals([run.code, run.stdout], [0, "done\n"], run.stderr);
    assertStringIncludes(JSON.stringify(llm.requests[1].body), "echo-7");
  });
}

Deno.test("ext new + ext install: the installed TypeScript scaffold runs from $ZOT_HOME", async () => {
  await using dir = await tempDir();
  const home = await tempZot();
  assertEquals((await zot(["ext", "new", "inst", "--dir", dir.path])).code, 0);
  const installed = await zot(["ext", "install", "--yes", `${dir.path}/inst`], {
    ZOT_HOME: home.home,
  });
  assertEquals(installed.code, 0, installed.stderr);
  await using env = await load([], { zotHome: home });
  const outcome = await env.host.invokeCommand("inst", "");
  assertEquals(
    outcome.ok && outcome.action === "display" ? outcome.display : outcome,
    "Hello from inst!",
  );
});

Deno.test("ext new: the vendored SDK is a byte copy of src/sdk, src/protocol and their leaf imports", async () => {
  await using dir = await tempDir();
  assertEquals((await zot(["ext", "new", "copy", "--dir", dir.path])).code, 0);
  const listed = async (p: string) =>
    (await Array.fromAsync(Deno.readDir(p))).map((e) => e.name).filter((n) => n.endsWith(".ts"))
      .sort();
  // The lists in vendor.ts must follow the directories (a compiled binary cannot list them).
  assertEquals(await listed(`${ROOT}src/sdk`), [...SDK_FILES]);
  assertEquals(await listed(`${ROOT}src/protocol`), [...PROTOCOL_FILES, "mod.ts"].sort());
  for (const f of SDK_FILES) {
    assertEquals(
      await Deno.readTextFile(`${dir.path}/copy/${VENDOR_DIR}/sdk/${f}`),
      await Deno.readTextFile(`${ROOT}src/sdk/${f}`),
    );
  }
  for (const f of PROTOCOL_FILES) {
    assertEquals(
      await Deno.readTextFile(`${dir.path}/copy/${VENDOR_DIR}/protocol/${f}`),
      await Deno.readTextFile(`${ROOT}src/protocol/${f}`),
    );
  }
  for (const f of BASE_FILES) {
    assertEquals(
      await Deno.readTextFile(`${dir.path}/copy/${VENDOR_DIR}/${f}`),
      await Deno.readTextFile(`${ROOT}src/${f}`),
    );
  }
  // What users start from passes deno's default fmt, lint and type check.
  for (const sub of [["fmt", "--check"], ["lint"], ["check"]]) {
    const out = await new Deno.Command(Deno.execPath(), {
      args: [...sub, "main.ts"],
      cwd: `${dir.path}/copy`,
      env: { NO_COLOR: "1" },
      stdin: "null",
    }).output();
    assertEquals(out.success, true, `deno ${sub[0]}: ${new TextDecoder().decode(out.stderr)}`);
  }
  const manifest = JSON.parse(await Deno.readTextFile(`${dir.path}/copy/extension.json`));
  assertEquals([manifest.exec, manifest.scope], ["./main.ts", {}]);
});

Deno.test("ext new: refuses bad names, unknown languages and existing directories, leaving nothing behind", async () => {
  await using dir = await tempDir();
  const bad = await zot(["ext", "new", "../evil", "--dir", dir.path]);
  assertEquals(bad.code, 2);
  assertStringIncludes(bad.stderr, 'Invalid extension name "../evil"');
  const lang = await zot(["ext", "new", "x", "--lang", "rust", "--dir", dir.path]);
  assertEquals(lang.code, 2);
  assertStringIncludes(lang.stderr, 'unknown language "rust" (use one of: ts, python, shell)');
  await Deno.mkdir(`${dir.path}/taken`);
  const taken = await zot(["ext", "new", "taken", "--dir", dir.path]);
  assertEquals(taken.code, 1);
  assertStringIncludes(
    taken.stderr,
    `Cannot create extension "taken": ${dir.path}/taken already exists`,
  );
  const missing = await zot(["ext", "new", "y", "--dir", `${dir.path}/nope`]);
  assertStringIncludes(missing.stderr, "not found");
  const left = (await Array.fromAsync(Deno.readDir(dir.path))).map((e) => e.name);
  assertEquals(left, ["taken"]);
  assert(!left.some((n) => n.startsWith(".zot-new-")));
});
