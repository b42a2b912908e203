/**
 * Journeys: `zot ext doctor` on the broken extensions people actually
 * write: unparsable manifest, a crash at start-up, a missing or
 * non-executable exec, a missing interpreter. Each says what went wrong in
 * words the user can act on.
 */

import { join } from "node:path";
import { assert, assertEquals, assertStringIncludes } from "../helpers/assert.ts";
import { processesMatching } from "../helpers/procs.ts";
import { journey } from "./zot.ts";

async function install(home: string, name: string, files: Record<string, string>, exe?: string) {
  const dir = join(home, "extensions", name);
  await Deno.mkdir(dir, { recursive: true });
  for (const [rel, text] of Object.entries(files)) await Deno.writeTextFile(join(dir, rel), text);
  if (exe) await Deno.chmod(join(dir, exe), 0o755);
}

const manifest = (name: string, exec: string) => JSON.stringify({ name, version: "1.0.0", exec });

Deno.test("journey: ext doctor explains broken extensions, with the crash's own words", async () => {
  await using j = await journey();
  await install(j.home, "broken", { "extension.json": `{ "name": "broken", "exec": ` });
  await install(j.home, "crash", {
    "extension.json": manifest("crash", "./c.sh"),
    "c.sh": `#!/bin/sh\necho "crash: config file \\033[31mmissing\\033[0m" >&2\nexit 3\n`,
  }, "c.sh");
  await install(j.home, "noexec", { "extension.json": manifest("noexec", "./missing.py") });
  await install(j.home, "nochmod", {
    "extension.json": manifest("nochmod", "./m.sh"),
    "m.sh": "#!/bin/sh\nexit 0\n",
  });
  await install(j.home, "nointerp", {
    "extension.json": manifest("nointerp", "./m.py"),
    "m.py": "#!/usr/bin/env python-does-not-exist\n",
  }, "m.py");

  const r = await j.zot("ext", "doctor");
  assertEquals(r.code, 1, r.stderr);
  const out = r.stdout;
  assertStringIncludes(out, "broken [global] error");
  assertStringIncludes(out, "parse manifest:");
  const brokenManifest = join(j.home, "extensions", "broken", "extension.json");
  assertStringIncludes(out, `note: fix "${brokenManifest}", then run "zot ext doctor broken"`);
  assertStringIncludes(out, "crash [global] error");
  assertStringIncludes(out, "exit status 3");
  // The extension's last stderr line is quoted in the start error, escape codes dropped.
  assertStringIncludes(out, "    last stderr lines:\n      crash: config file missing");
  assert(!out.includes("stderr (last lines)"), "quoted once");
  assert(!out.includes("\x1b"), "no raw escape reaches the terminal");
  assertStringIncludes(out, `exec: "./missing.py": executable file not found`);
  assertStringIncludes(out, `is not executable (run "chmod +x`);
  assertStringIncludes(out, "python-does-not-exist");

  const json = await j.zot("ext", "doctor", "crash", "--json");
  const row = JSON.parse(json.stdout).extensions[0];
  assertEquals(row.stderr, ["crash: config file missing"]);
  assertEquals(row.stderr_quoted, true);
  assertEquals(processesMatching(j.root), []);
});

Deno.test("journey: a healthy extension's doctor row has no stderr excerpt", async () => {
  await using j = await journey();
  await install(j.home, "fine", {
    "extension.json": manifest("fine", "./m.sh"),
    "m.sh": `#!/bin/sh
echo "starting up" >&2
printf '%s\\n' '{"type":"hello","name":"fine","version":"1.0.0"}'
IFS= read -r line
printf '%s\\n' '{"type":"ready"}'
while IFS= read -r line; do
  case "$line" in *'"shutdown"'*) printf '%s\\n' '{"type":"shutdown_ack"}'; exit 0 ;; esac
done
`,
  }, "m.sh");
  const r = await j.zot("ext", "doctor", "fine", "--json");
  assertEquals(r.code, 0, r.stderr);
  const row = JSON.parse(r.stdout).extensions[0];
  assertEquals(row.status, "ok");
  assertEquals([row.stderr, row.stderr_quoted], [[], false]);
});
