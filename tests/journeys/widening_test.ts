/**
 * Journey: a sandboxed extension installed and granted with one scope, whose
 * manifest is then edited (as an update would) to ask for one thing more.
 * Each widening keeps it from starting, and the message names the field and
 * the new entry, so the user knows what they would agree to. Runs the real
 * zot in a temporary ZOT_HOME; `zot ext doctor` starts extensions as a
 * session would.
 */

import { join } from "node:path";
import { assertEquals, assertStringIncludes } from "../helpers/assert.ts";
import { journey } from "./zot.ts";
import { startFakeLlm } from "../helpers/fake_llm.ts";
import { processesMatching } from "../helpers/procs.ts";

/** What the user agreed to at install. */
const GRANTED = { read: ["${project}/docs"], net: ["127.0.0.1:8080"] };

/** One field added at a time, and the words that must name it. */
const WIDENINGS: { field: string; add: Record<string, unknown>; says: string }[] = [
  { field: "run", add: { run: ["bash"] }, says: "run: +bash" },
  { field: "write", add: { write: ["${project}"] }, says: "write: +${project}" },
  { field: "sys", add: { sys: ["userInfo"] }, says: "sys: +userInfo" },
  { field: "import", add: { import: ["esm.sh:443"] }, says: "import: +esm.sh:443" },
  { field: "intercept", add: { intercept: ["tool_call"] }, says: "intercept: +tool_call" },
  { field: "call_tool", add: { call_tool: ["bash"] }, says: "call_tool: +bash" },
  {
    field: "read",
    add: { read: ["${project}/docs", "${home}/.ssh"] },
    says: "read: +${home}/.ssh",
  },
  { field: "env", add: { env: ["AWS_*"] }, says: "env: +AWS_*" },
  { field: "events", add: { events: ["tool_result"] }, says: "events: +tool_result" },
  { field: "system_prompt", add: { system_prompt: true }, says: "system_prompt: +allowed" },
  { field: "memory", add: { memory: 1024 }, says: "memory: 256 → 1024 MB" },
  // The same host on another port is not what was granted.
  { field: "net", add: { net: ["127.0.0.1:8080", "127.0.0.1:22"] }, says: "net: +127.0.0.1:22" },
];

Deno.test({
  name: "journey: a granted sandboxed extension whose manifest widens does not start, per field",
  async fn(t) {
    await using j = await journey();
    assertEquals((await j.zot("ext", "new", "tsx")).code, 0);
    const source = join(j.cwd, "tsx", "extension.json");
    const scaffolded = JSON.parse(await Deno.readTextFile(source));
    await Deno.writeTextFile(source, JSON.stringify({ ...scaffolded, scope: GRANTED }));
    const install = await j.zot("ext", "install", "./tsx", "--yes");
    assertEquals(install.code, 0, install.stderr);
    const manifestPath = join(j.home, "extensions", "tsx", "extension.json");
    const manifest = JSON.parse(await Deno.readTextFile(manifestPath));

    await t.step("as granted, it starts", async () => {
      const r = await j.zot("ext", "doctor", "tsx");
      assertEquals(r.code, 0, r.stdout + r.stderr);
    });

    await t.step("in a session, run widened to bash is refused and the run goes on", async () => {
      const scope = { ...GRANTED, run: ["bash"] };
      await Deno.writeTextFile(manifestPath, JSON.stringify({ ...manifest, scope }));
      await using llm = await startFakeLlm({ script: [{ text: "answered anyway" }] });
      const r = await j.zot("-p", "--base-url", llm.anthropicBaseUrl, "--api-key", "x", "hi");
      assertEquals(r.code, 0, r.stderr);
      assertEquals(r.stdout, "answered anyway\n");
      assertStringIncludes(r.stderr, `Cannot start extension "tsx": its scope widened since you`);
      assertStringIncludes(r.stderr, "run: +bash");
      // Never started: nothing of it runs, nothing of it is left.
      assertEquals(processesMatching(j.root), []);
    });

    for (const w of WIDENINGS) {
      await t.step(`adding ${w.field} refuses the start and names it`, async () => {
        const scope = { ...GRANTED, ...w.add };
        await Deno.writeTextFile(manifestPath, JSON.stringify({ ...manifest, scope }));
        const r = await j.zot("ext", "doctor", "tsx");
        assertEquals(r.code, 1, r.stdout + r.stderr);
        const out = r.stdout + r.stderr;
        assertStringIncludes(out, `Cannot start extension "tsx": its scope widened since you`);
        assertStringIncludes(out, w.says);
        assertStringIncludes(out, `(run "zot ext grant tsx")`);
      });
    }
  },
});
