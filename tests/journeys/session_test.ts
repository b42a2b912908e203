/**
 * Journeys: sessions across `-p` runs: `-c` continues, `--no-session`
 * leaves nothing, `--session <file>` names a new session and resumes it.
 */

import { join } from "node:path";
import { assert, assertEquals, assertStringIncludes } from "../helpers/assert.ts";
import { startFakeLlm } from "../helpers/fake_llm.ts";
import type { FakeRequest } from "../helpers/fake_llm.ts";
import { journey } from "./zot.ts";

/** The user texts a model request carried (Anthropic wire format). */
function userTexts(request: FakeRequest): string[] {
  const body = request.body as { messages: { role: string; content: unknown }[] };
  return body.messages.filter((m) => m.role === "user").map((m) => JSON.stringify(m.content));
}

async function sessionFiles(root: string): Promise<string[]> {
  const out: string[] = [];
  const walk = async (dir: string) => {
    try {
      for await (const e of Deno.readDir(dir)) {
        if (e.isDirectory) await walk(join(dir, e.name));
        else out.push(join(dir, e.name));
      }
    } catch (e) {
      if (!(e instanceof Deno.errors.NotFound)) throw e;
    }
  };
  await walk(root);
  return out;
}

Deno.test("journey: -p then -p -c continues; --no-session saves nothing", async () => {
  await using j = await journey();
  await using llm = await startFakeLlm({
    script: [{ text: "one" }, { text: "two" }, { text: "three" }],
  });
  const common = ["--base-url", llm.anthropicBaseUrl, "--api-key", "x"];
  assertEquals((await j.zot("-p", ...common, "first question")).stdout, "one\n");
  assertEquals((await j.zot("-p", "-c", ...common, "second question")).stdout, "two\n");
  const second = await llm.request(1);
  const texts = userTexts(second).join(" ");
  assertStringIncludes(texts, "first question");
  assertStringIncludes(texts, "second question");
  const before = await sessionFiles(join(j.home, "sessions"));
  assertEquals(before.length, 1);
  const lines = (await Deno.readTextFile(before[0])).trimEnd().split("\n").length;

  assertEquals((await j.zot("-p", "--no-session", ...common, "third")).stdout, "three\n");
  const after = await sessionFiles(join(j.home, "sessions"));
  assertEquals(after, before);
  assertEquals((await Deno.readTextFile(after[0])).trimEnd().split("\n").length, lines);
});

Deno.test("journey: --session <new file> starts a named session that a later run resumes", async () => {
  await using j = await journey();
  await using llm = await startFakeLlm({ script: [{ text: "noted" }, { text: "recalled" }] });
  const common = ["--base-url", llm.anthropicBaseUrl, "--api-key", "x"];
  const first = await j.zot("-p", "--session", "work.jsonl", ...common, "remember 42");
  assertEquals(first.code, 0, first.stderr);
  assertEquals(first.stdout, "noted\n");
  const file = join(j.cwd, "work.jsonl");
  assert((await Deno.stat(file)).isFile);
  const again = await j.zot("-p", "--session", "work.jsonl", ...common, "what was it?");
  assertEquals(again.code, 0, again.stderr);
  assertStringIncludes(userTexts(await llm.request(1)).join(" "), "remember 42");
  // Nothing was written under $ZOT_HOME/sessions: the named file is the session.
  assertEquals(await sessionFiles(join(j.home, "sessions")), []);

  const bad = await j.zot("-p", "--session", "no/such/dir/x.jsonl", ...common, "hi");
  assertEquals(bad.code, 2);
  assertStringIncludes(bad.stderr, "is not a directory (create it first");
});

Deno.test("journey: --no-session with -c or --session is a usage error that names both", async () => {
  await using j = await journey();
  for (const flags of [["-c"], ["--session", "work.jsonl"]]) {
    const r = await j.zot("-p", "--no-session", ...flags, "--api-key", "x", "hi");
    assertEquals(r.code, 2, r.stderr);
    assertStringIncludes(
      r.stderr,
      `"--no-session" cannot be combined with "${flags[0] === "-c" ? "--continue" : "--session"}"`,
    );
    assertEquals(r.stdout, "");
  }
  assertEquals(await sessionFiles(join(j.home, "sessions")), []);
});

Deno.test("journey: a session resumed with -c after a near-full request compacts before the prompt", async () => {
  await using j = await journey();
  // claude-opus-4-7 (the default) has a 200k window: 190k is past the 80% mark.
  await using llm = await startFakeLlm({
    script: [
      { text: "a1" },
      { text: "a2" },
      { text: "a3", usage: { input: 150_000, cacheRead: 40_000 } },
      { text: "they talked about q1" },
      { text: "a4" },
    ],
  });
  const common = ["--base-url", llm.anthropicBaseUrl, "--api-key", "x"];
  for (const q of ["q1", "q2", "q3"]) {
    const r = await j.zot("-p", "-c", ...common, q);
    assertEquals(r.code, 0, r.stderr);
  }
  const fourth = await j.zot("-p", "-c", ...common, "q4");
  assertEquals([fourth.code, fourth.stdout], [0, "a4\n"], fourth.stderr);
  // The summary request carries no tools and the older messages as text.
  const summary = (await llm.request(3)).body as { tools?: unknown[] };
  assertEquals(summary.tools, undefined);
  assertStringIncludes(JSON.stringify(summary), "[user] q1");
  const texts = userTexts(await llm.request(4));
  assertStringIncludes(texts[0], "Summary of the earlier conversation");
  assert(!texts.join(" ").includes('"q1"'), texts.join(" "));

  // The next resume starts from the summary's smaller context: no second compaction.
  llm.push({ text: "a5" });
  const fifth = await j.zot("-p", "-c", ...common, "q5");
  assertEquals([fifth.code, fifth.stdout], [0, "a5\n"], fifth.stderr);
  assertEquals(llm.requests.length, 6);
});

Deno.test("journey: --session naming a non-session file or a directory says so; an empty file starts one", async () => {
  await using j = await journey();
  await using llm = await startFakeLlm({ script: [{ text: "started" }] });
  const common = ["--base-url", llm.anthropicBaseUrl, "--api-key", "x"];
  await j.write({ "README.md": "# Notes\nimportant\n", "work.jsonl": "" });
  await Deno.mkdir(join(j.cwd, "logs"));

  const readme = await j.zot("-p", "--session", "README.md", ...common, "hi");
  assertEquals(readme.code, 2, readme.stderr);
  assertStringIncludes(readme.stderr, "has no header line (is it a zot session file?)");
  assertEquals(await Deno.readTextFile(join(j.cwd, "README.md")), "# Notes\nimportant\n");

  const dir = await j.zot("-p", "--session", "logs", ...common, "hi");
  assertEquals(dir.code, 2, dir.stderr);
  assertStringIncludes(dir.stderr, `Session "logs" is a directory (name a .jsonl file in it)`);

  const empty = await j.zot("-p", "--session", "work.jsonl", ...common, "hi");
  assertEquals([empty.code, empty.stdout], [0, "started\n"], empty.stderr);
  const lines = (await Deno.readTextFile(join(j.cwd, "work.jsonl"))).trimEnd().split("\n");
  assertEquals(JSON.parse(lines[0]).type, "session");
  assertEquals(lines.length, 3);
  assertEquals(llm.requests.length, 1);
});
