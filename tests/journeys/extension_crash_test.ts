/**
 * Journeys: an extension that dies while the agent calls its tool. The run
 * goes on, and the user learns which extension stopped and where its log is.
 */

import { assertEquals, assertStringIncludes } from "../helpers/assert.ts";
import { startFakeLlm } from "../helpers/fake_llm.ts";
import { processesMatching } from "../helpers/procs.ts";
import { journey, toolExtension } from "./zot.ts";

const CRASHY = toolExtension("crashy", 'echo "crashy: fatal: disk on fire" >&2; exit 7');

Deno.test("journey: an extension crashing mid-tool-call is named on stderr with its log", async () => {
  await using j = await journey();
  await j.write(CRASHY, ["crashy/main.sh"]);
  await using llm = await startFakeLlm({
    script: [{ toolCalls: [{ name: "crashy_do", args: {} }] }, { text: "carried on" }],
  });
  const r = await j.zot(
    "-p",
    "--ext",
    "./crashy",
    "--base-url",
    llm.anthropicBaseUrl,
    "--api-key",
    "x",
    "go",
  );
  assertEquals(r.code, 0, r.stderr);
  assertEquals(r.stdout, "carried on\n");
  assertStringIncludes(
    r.stderr,
    `extension "crashy" stopped during the run (exited with status 7; see "zot ext logs crashy")`,
  );
  const logs = await j.zot("ext", "logs", "crashy");
  assertStringIncludes(logs.stdout, "disk on fire");
  assertEquals(processesMatching(j.root), []);
});

/** Closes its output on the tool call and lives on: how it ended comes late. */
const MUTE = toolExtension("mute", "exec >&-");

Deno.test("journey: an extension whose end is known only after the run is still reported, with how it ended", async () => {
  await using j = await journey();
  await j.write(MUTE, ["mute/main.sh"]);
  await using llm = await startFakeLlm({
    script: [{ toolCalls: [{ name: "mute_do", args: {} }] }, { text: "carried on" }],
  });
  const r = await j.zot(
    "-p",
    "--ext",
    "./mute",
    "--base-url",
    llm.anthropicBaseUrl,
    "--api-key",
    "x",
    "go",
  );
  assertEquals(r.code, 0, r.stderr);
  assertEquals(r.stdout, "carried on\n");
  assertStringIncludes(
    r.stderr,
    `extension "mute" stopped during the run (closed stdout; see "zot ext logs mute")`,
  );
  assertEquals(processesMatching(j.root), []);
});

Deno.test("journey: extensions stopped normally at the end of a run are not reported", async () => {
  await using j = await journey();
  await j.write(CRASHY, ["crashy/main.sh"]);
  await using llm = await startFakeLlm({ script: [{ text: "plain" }] });
  const r = await j.zot(
    "-p",
    "--ext",
    "./crashy",
    "--base-url",
    llm.anthropicBaseUrl,
    "--api-key",
    "x",
    "go",
  );
  assertEquals(r.code, 0, r.stderr);
  assertEquals(r.stderr, "");
});

Deno.test("journey: an extension that exits as the session ends is not reported as stopped during the run", async () => {
  await using j = await journey();
  await j.write({
    "leaver/extension.json": JSON.stringify({
      name: "leaver",
      version: "1.0.0",
      exec: "./main.sh",
    }),
    "leaver/main.sh": `#!/bin/sh
printf '%s\\n' '{"type":"hello","name":"leaver","version":"1.0.0"}'
IFS= read -r line
printf '%s\\n' '{"type":"subscribe","events":["session_end"]}'
printf '%s\\n' '{"type":"ready"}'
while IFS= read -r line; do
  case "$line" in
    *'"session_end"'*) exit 0 ;;
  esac
done
`,
  }, ["leaver/main.sh"]);
  await using llm = await startFakeLlm({ script: [{ text: "plain" }] });
  const r = await j.zot(
    "-p",
    "--ext",
    "./leaver",
    "--base-url",
    llm.anthropicBaseUrl,
    "--api-key",
    "x",
    "go",
  );
  assertEquals(r.code, 0, r.stderr);
  assertEquals(r.stderr, "");
});
