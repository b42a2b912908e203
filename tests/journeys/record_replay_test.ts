/**
 * Journeys: record a run's extension traffic with `--record-ext`, then play it back to the
 * extension with `zot ext replay`, the way a bug report is reproduced without a model.
 */

import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { assert, assertEquals, assertStringIncludes } from "../helpers/assert.ts";
import { startFakeLlm } from "../helpers/fake_llm.ts";
import { processesMatching } from "../helpers/procs.ts";
import { journey, shellExtension } from "./zot.ts";

const KEY = "sk-test-key-0123456789";
const MAIN = fileURLToPath(new URL("../../main.ts", import.meta.url));
const CONFIG = fileURLToPath(new URL("../../deno.json", import.meta.url));

async function recordedRun(j: Awaited<ReturnType<typeof journey>>, ...extra: string[]) {
  await using llm = await startFakeLlm({
    script: [
      { toolCalls: [{ name: "echoer_echo", args: { text: `hi ${KEY}` } }] },
      { text: "done" },
    ],
  });
  return await j.zot(
    "-p",
    "--ext",
    "./echoer",
    "--base-url",
    llm.anthropicBaseUrl,
    "--api-key",
    KEY,
    ...extra,
    "go",
  );
}

Deno.test("journey: --record-ext writes every frame, owner-only, with the API key redacted", async () => {
  await using j = await journey();
  await j.write(shellExtension("echoer"), ["echoer/main.sh"]);
  const r = await recordedRun(j, "--record-ext", "traffic.jsonl");
  assertEquals([r.code, r.stdout], [0, "done\n"], r.stderr);
  const path = join(j.cwd, "traffic.jsonl");
  const text = await Deno.readTextFile(path);
  assert(!text.includes(KEY), "the key never reaches the record");
  assertStringIncludes(text, "hi [redacted]");
  assertEquals((await Deno.stat(path)).mode! & 0o777, 0o600);
  const lines = text.trim().split("\n").map((l) => JSON.parse(l));
  const seen = lines.map((l) => `${l.direction} ${l.frame.type}`);
  for (
    const expected of [
      "from_extension hello",
      "from_extension register_tool",
      "to_extension tool_call",
      "from_extension tool_result",
      "to_extension shutdown",
    ]
  ) {
    assert(seen.includes(expected), `${expected} in ${seen.join(", ")}`);
  }
  assert(lines.every((l) => l.extension === "echoer" && !Number.isNaN(Date.parse(l.time))));

  // ZOT_RECORD_EXT records as the flag does (a whole shell session's runs, say).
  await using llm = await startFakeLlm({ script: [{ text: "plain" }] });
  const viaEnv = await new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "-A",
      "--quiet",
      "--config",
      CONFIG,
      MAIN,
      "-p",
      "--ext",
      "./echoer",
      "--base-url",
    ]
      .concat([llm.anthropicBaseUrl, "--api-key", KEY, "go"]),
    cwd: j.cwd,
    env: { ZOT_HOME: j.home, NO_COLOR: "1", ZOT_RECORD_EXT: "env.jsonl" },
    stdin: "null",
    stdout: "null",
    stderr: "null",
  }).output();
  assertEquals(viaEnv.code, 0);
  assertStringIncludes(await Deno.readTextFile(join(j.cwd, "env.jsonl")), '"type":"hello"');
  assertEquals(processesMatching(j.root), []);
});

Deno.test("journey: zot ext replay reproduces a recorded run and shows where answers changed", async () => {
  await using j = await journey();
  await j.write(shellExtension("echoer"), ["echoer/main.sh"]);
  const r = await recordedRun(j, "--record-ext", "traffic.jsonl");
  assertEquals(r.code, 0, r.stderr);

  const same = await j.zot("ext", "replay", "traffic.jsonl", "--ext", "./echoer");
  assertEquals(same.code, 0, same.stdout + same.stderr);
  assertStringIncludes(same.stdout, "same     registrations");
  assertStringIncludes(same.stdout, "same     tool_call echoer_echo");
  assertStringIncludes(same.stdout, "0 differ, 0 failed");

  // The extension now answers differently: the replay says where, with both answers.
  const script = join(j.cwd, "echoer/main.sh");
  await Deno.writeTextFile(
    script,
    (await Deno.readTextFile(script)).replace('(.args.text // "")', '("changed")'),
  );
  const differs = await j.zot("ext", "replay", "traffic.jsonl", "--ext", "./echoer", "--json");
  assertEquals(differs.code, 1, differs.stderr);
  const report = JSON.parse(differs.stdout);
  const step = report.steps.find((s: { step: string }) => s.step === "tool_call echoer_echo");
  assertEquals(step.status, "differs");
  assertEquals(step.recorded.content[0].text, "hi [redacted]");
  assertEquals(step.now.content[0].text, "changed");
  assertEquals(processesMatching(j.root), []);
});

Deno.test("journey: replay refuses what is not a record, and a record it cannot write stops the run", async () => {
  await using j = await journey();
  await j.write({ "junk.jsonl": "not json\n" });
  const bad = await j.zot("ext", "replay", "junk.jsonl");
  assertEquals(bad.code, 2);
  assertStringIncludes(bad.stderr, `"junk.jsonl" is not a record: line 1 is not JSON`);
  const missing = await j.zot("ext", "replay", "nowhere.jsonl");
  assertEquals(missing.code, 2);
  assertStringIncludes(missing.stderr, `Cannot read "nowhere.jsonl"`);

  await j.write(shellExtension("echoer"), ["echoer/main.sh"]);
  const r = await recordedRun(j, "--record-ext", join(j.cwd, "no/such/dir/t.jsonl"));
  assertEquals(r.code, 2, r.stderr);
  assertStringIncludes(r.stderr, "Cannot record extension traffic to");
  assertEquals(processesMatching(j.root), []);
});

Deno.test("journey: --record-ext refuses a symlink and narrows an existing file to its owner", async () => {
  await using j = await journey();
  await j.write(shellExtension("echoer"), ["echoer/main.sh"]);
  // A repository could ship the record's name as a link to a file a shell runs.
  const target = join(j.root, "bashrc");
  await Deno.writeTextFile(target, "# rc\n");
  await Deno.symlink(target, join(j.cwd, "linked.jsonl"));
  const linked = await recordedRun(j, "--record-ext", "linked.jsonl");
  assertEquals(linked.code, 2, linked.stderr);
  assertStringIncludes(linked.stderr, "it is a symlink");
  assertEquals(await Deno.readTextFile(target), "# rc\n");
  // A dangling link creates nothing either.
  await Deno.symlink(join(j.root, "nowhere"), join(j.cwd, "dangling.jsonl"));
  assertEquals((await recordedRun(j, "--record-ext", "dangling.jsonl")).code, 2);
  assertEquals(await Deno.stat(join(j.root, "nowhere")).then(() => true, () => false), false);
  // An existing regular file is appended to, and is the owner's alone afterwards.
  const existing = join(j.cwd, "old.jsonl");
  await Deno.writeTextFile(existing, "", { mode: 0o644 });
  await Deno.chmod(existing, 0o644);
  const r = await recordedRun(j, "--record-ext", "old.jsonl");
  assertEquals(r.code, 0, r.stderr);
  assertEquals((await Deno.stat(existing)).mode! & 0o777, 0o600);
  assertStringIncludes(await Deno.readTextFile(existing), '"type":"hello"');
});
