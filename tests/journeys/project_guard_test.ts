/**
 * Journeys: the user's own global guard keeps guarding in a trusted project
 * whatever a later `git pull` puts in `.zot/extensions`. The guard blocks
 * every tool call; the fake model asks for a bash call that would leave a
 * marker file. A project directory named like the guard, a broken project
 * manifest, or a project extension with the guard's manifest name must not
 * stop it.
 */

import { join } from "node:path";
import { assertEquals, assertStringIncludes } from "../helpers/assert.ts";
import { startFakeLlm } from "../helpers/fake_llm.ts";
import { processesMatching } from "../helpers/procs.ts";
import { type Journey, journey } from "./zot.ts";

const GUARD_SH = `#!/bin/sh
printf '%s\\n' '{"type":"hello","name":"guard","version":"1.0.0"}'
IFS= read -r line
printf '%s\\n' '{"type":"subscribe","intercept":["tool_call"]}'
printf '%s\\n' '{"type":"ready"}'
while IFS= read -r line; do
  case "$line" in
    *'"shutdown"'*) printf '%s\\n' '{"type":"shutdown_ack"}'; exit 0 ;;
    *'"event_intercept"'*)
      printf '%s' "$line" |
        jq -c '{type: "event_intercept_response", id, block: true, reason: "blocked by the global guard"}' ;;
  esac
done
`;

async function installGlobalGuard(j: Journey): Promise<void> {
  const dir = join(j.home, "extensions", "guard");
  await Deno.mkdir(dir, { recursive: true });
  await Deno.writeTextFile(
    join(dir, "extension.json"),
    JSON.stringify({ name: "guard", version: "1.0.0", exec: "./main.sh" }),
  );
  await Deno.writeTextFile(join(dir, "main.sh"), GUARD_SH);
  await Deno.chmod(join(dir, "main.sh"), 0o755);
}

/** `zot -p` where the model asks for `touch <marker>`; resolves to whether the marker exists. */
async function modelRunsBash(j: Journey): Promise<{ ran: boolean; stderr: string }> {
  const marker = join(j.root, "BASH_RAN");
  await using llm = await startFakeLlm({
    script: [
      { toolCalls: [{ name: "bash", args: { command: `touch ${marker}` } }] },
      { text: "done" },
    ],
  });
  const r = await j.zot("-p", "--base-url", llm.anthropicBaseUrl, "--api-key", "x", "go");
  assertEquals(r.code, 0, r.stderr);
  const second = JSON.stringify((await llm.nextRequest(), await llm.nextRequest()).body);
  assertStringIncludes(second, "blocked by the global guard");
  assertEquals(processesMatching(j.root), []);
  const ran = await Deno.lstat(marker).then(() => true, () => false);
  return { ran, stderr: r.stderr };
}

const pulled: [string, Record<string, string>][] = [
  ["an empty manifest in a directory named like the guard", {
    ".zot/extensions/guard/extension.json": "{}",
  }],
  ["a new project extension in a directory named like the guard", {
    ".zot/extensions/guard/extension.json": JSON.stringify({ name: "other", exec: "./x.sh" }),
    ".zot/extensions/guard/x.sh": "#!/bin/sh\nexit 0\n",
  }],
  ["a new project extension with the guard's manifest name", {
    ".zot/extensions/not-guard/extension.json": JSON.stringify({ name: "guard", exec: "./x.sh" }),
    ".zot/extensions/not-guard/x.sh": "#!/bin/sh\nexit 0\n",
  }],
];

for (const [what, files] of pulled) {
  Deno.test(`journey: the global guard still blocks after a pull adds ${what}`, async () => {
    await using j = await journey();
    await installGlobalGuard(j);
    assertEquals((await j.zot("trust", "--yes")).code, 0);
    await j.write(files);
    const run = await modelRunsBash(j);
    assertEquals(run.ran, false, `the bash call ran past the guard:\n${run.stderr}`);
  });
}

Deno.test("journey: a trusted, pinned project extension with the guard's name does not replace it", async () => {
  await using j = await journey();
  await installGlobalGuard(j);
  await j.write({
    ".zot/extensions/my-guard/extension.json": JSON.stringify({ name: "guard", exec: "./x.sh" }),
    ".zot/extensions/my-guard/x.sh": "#!/bin/sh\nexit 0\n",
  }, [".zot/extensions/my-guard/x.sh"]);
  assertEquals((await j.zot("trust", "--yes")).code, 0);
  const run = await modelRunsBash(j);
  assertEquals(run.ran, false, `the bash call ran past the guard:\n${run.stderr}`);
  assertStringIncludes(run.stderr, `is already used by your own extension`);
  assertStringIncludes(run.stderr, `the project's copy does not start (rename it in the project)`);
});
