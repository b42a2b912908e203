/**
 * Journey: an extension's whole life as a user lives it: scaffold, run
 * once with `--ext` (the model calls its tool), install, list, disable,
 * enable, logs, remove; then install the same from a local git repository.
 */

import { join } from "node:path";
import { assertEquals, assertStringIncludes } from "../helpers/assert.ts";
import { startFakeLlm } from "../helpers/fake_llm.ts";
import { processesMatching } from "../helpers/procs.ts";
import { journey } from "./zot.ts";

async function git(cwd: string, ...args: string[]) {
  const out = await new Deno.Command("git", {
    args: ["-c", "user.name=t", "-c", "user.email=t@example.com", ...args],
    cwd,
    stdout: "null",
    stderr: "piped",
  }).output();
  if (!out.success) throw new Error(new TextDecoder().decode(out.stderr));
}

Deno.test("journey: scaffold, run, install, list, disable, enable, logs, remove", async () => {
  await using j = await journey();
  const made = await j.zot("ext", "new", "demo", "--lang", "shell");
  assertEquals(made.code, 0, made.stderr);

  await using llm = await startFakeLlm({
    script: [{ toolCalls: [{ name: "demo_echo", args: { text: "ping" } }] }, { text: "pong" }],
  });
  const run = await j.zot(
    "--json",
    "--ext",
    "./demo",
    "--base-url",
    llm.anthropicBaseUrl,
    "--api-key",
    "x",
    "call it",
  );
  assertEquals(run.code, 0, run.stderr);
  const events = run.stdout.trimEnd().split("\n").map((l) => JSON.parse(l));
  const result = events.find((e) => e.type === "tool_result");
  assertEquals(result?.is_error, false);
  assertEquals(result?.content, [{ type: "text", text: "ping" }]);

  assertEquals((await j.zot("ext", "install", "./demo", "--yes")).code, 0);
  const listed = JSON.parse((await j.zot("ext", "list", "--json")).stdout).extensions;
  assertEquals(listed.map((r: { name: string; enabled: boolean }) => [r.name, r.enabled]), [
    ["demo", true],
  ]);
  assertEquals((await j.zot("ext", "disable", "demo")).code, 0);
  assertStringIncludes((await j.zot("ext", "list")).stdout, "demo ");
  assertEquals(
    JSON.parse((await j.zot("ext", "list", "--json")).stdout).extensions[0].enabled,
    false,
  );
  assertEquals((await j.zot("ext", "enable", "demo")).code, 0);
  assertEquals(
    JSON.parse((await j.zot("ext", "doctor", "demo", "--json")).stdout)
      .extensions[0].status,
    "ok",
  );
  const logs = await j.zot("ext", "logs", "demo");
  assertEquals(logs.code, 0, logs.stderr);
  assertStringIncludes(logs.stdout, "[zot] starting demo/");
  assertEquals((await j.zot("ext", "remove", "demo", "--yes")).code, 0);
  const empty = await j.zot("ext", "list");
  assertStringIncludes(empty.stderr, "no extensions installed");
  assertEquals(processesMatching(j.root), []);
});

Deno.test("journey: install from a local git repository by file:// URL", async () => {
  await using j = await journey();
  const repo = join(j.root, "shout-repo");
  assertEquals((await j.zot("ext", "new", "shout", "--lang", "shell", "--dir", j.root)).code, 0);
  await Deno.rename(join(j.root, "shout"), repo);
  await git(repo, "init", "-q");
  await git(repo, "add", ".");
  await git(repo, "commit", "-q", "-m", "init");
  const r = await j.zot("ext", "install", `file://${repo}`, "--yes");
  assertEquals(r.code, 0, r.stderr);
  assertStringIncludes(r.stderr, `installed ${join(j.home, "extensions", "shout-repo")}`);
  const row = JSON.parse((await j.zot("ext", "doctor", "shout", "--json")).stdout).extensions[0];
  assertEquals(row.status, "ok");
});
