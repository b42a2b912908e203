/**
 * zot from source, anywhere: `deno task install --root DIR` installs a
 * `zot` command that answers `--version` and, started in another directory,
 * works on that directory (a `bash pwd` tool call prints it); `deno task zot`
 * started elsewhere with `--config` does the same through INIT_CWD.
 */

import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { assert, assertEquals, assertStringIncludes } from "../helpers/assert.ts";
import { tempDir } from "../helpers/tmp.ts";
import { startFakeLlm } from "../helpers/fake_llm.ts";
import { installArgs } from "../../scripts/install_source.ts";
import { ZOT_VERSION } from "../../src/version.ts";

const CONFIG = fileURLToPath(new URL("../../deno.json", import.meta.url));
const dec = new TextDecoder();

function env(home: string): Record<string, string> {
  return {
    PATH: Deno.env.get("PATH") ?? "/usr/bin:/bin",
    HOME: Deno.env.get("HOME") ?? home,
    ZOT_HOME: home,
    NO_COLOR: "1",
    ...(Deno.env.get("DENO_DIR") ? { DENO_DIR: Deno.env.get("DENO_DIR")! } : {}),
  };
}

async function run(cmd: string, args: string[], cwd: string, home: string) {
  const out = await new Deno.Command(cmd, {
    args,
    cwd,
    env: env(home),
    clearEnv: true,
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).output();
  return { code: out.code, stdout: dec.decode(out.stdout), stderr: dec.decode(out.stderr) };
}

/** A -p run whose model calls `bash pwd`: resolves to what the tool printed. */
async function pwdThrough(cmd: string, args: string[], cwd: string, home: string) {
  await using llm = await startFakeLlm({
    script: [{ toolCalls: [{ name: "bash", args: { command: "pwd" } }] }, { text: "done" }],
  });
  const r = await run(
    cmd,
    [...args, "-p", "--base-url", llm.anthropicBaseUrl, "--api-key", "x", "where am I?"],
    cwd,
    home,
  );
  assertEquals(r.code, 0, r.stderr);
  assertEquals(r.stdout, "done\n");
  return JSON.stringify((await llm.request(1)).body);
}

Deno.test("install: deno task install --root puts a zot there that works in the directory it starts in", async () => {
  await using dir = await tempDir();
  const root = join(dir.path, "root");
  const project = join(dir.path, "project");
  const home = join(dir.path, "home");
  await Deno.mkdir(project);
  await Deno.mkdir(home);
  const installed = await run(
    Deno.execPath(),
    ["task", "--quiet", "--config", CONFIG, "install", "--root", root],
    dir.path,
    home,
  );
  assertEquals(installed.code, 0, installed.stderr);
  assertStringIncludes(installed.stderr, `Installed zot from `);
  const zot = join(root, "bin", Deno.build.os === "windows" ? "zot.cmd" : "zot");
  const version = await run(zot, ["--version"], project, home);
  assertEquals(version.stdout.trim(), ZOT_VERSION, version.stderr);
  assertStringIncludes(
    await pwdThrough(zot, [], project, home),
    JSON.stringify(project).slice(1, -1),
  );
});

Deno.test("install: deno task zot started elsewhere works in that directory", async () => {
  await using dir = await tempDir();
  const project = join(dir.path, "project");
  const home = join(dir.path, "home");
  await Deno.mkdir(project);
  await Deno.mkdir(home);
  const body = await pwdThrough(
    Deno.execPath(),
    ["task", "--quiet", "--config", CONFIG, "zot"],
    project,
    home,
  );
  assertStringIncludes(body, JSON.stringify(project).slice(1, -1));
  assert(!body.includes(fileURLToPath(new URL("../..", import.meta.url))), body);
});

Deno.test("install: only --root passes through to deno install", () => {
  const args = installArgs(["--root", "/opt/zot"]);
  assert(Array.isArray(args));
  assertEquals(args.slice(0, 6), ["install", "--global", "--force", "--name", "zot", "-A"]);
  assert(args.includes("--unstable-worker-options"));
  assertEquals(args.slice(-3, -1), ["--root", "/opt/zot"]);
  assertEquals(typeof installArgs(["--allow-net"]), "string");
});
