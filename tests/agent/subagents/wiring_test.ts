/** When a run offers the `subagent` tool at all (src/modes/shared/subagents.ts). */

import { assertEquals } from "../../helpers/assert.ts";
import { tempZot } from "../../helpers/tmp.ts";
import { createSubagents } from "../../../src/modes/shared/subagents.ts";
import { defaultFlags, type RunFlags } from "../../../src/modes/shared/flags.ts";
import type { ZotPaths } from "../../../src/config/paths.ts";

function options(paths: ZotPaths, env: Record<string, string>, flags: Partial<RunFlags> = {}) {
  return {
    paths,
    flags: { ...defaultFlags(), provider: "anthropic", apiKey: "k", ...flags },
    env: (name: string) => env[name],
    emit: () => {},
    sessionId: () => "s",
  };
}

Deno.test("a top-level run offers the tool; a child, --tools without it, or TUI --no-yolo do not", async () => {
  await using z = await tempZot();
  const ok = await createSubagents(options(z.paths, {}));
  assertEquals(ok?.tool.name, "subagent");
  assertEquals(await createSubagents(options(z.paths, { ZOT_SUBAGENT_DEPTH: "1" })), undefined);
  assertEquals(
    await createSubagents({ ...options(z.paths, {}), allow: ["read", "bash"] }),
    undefined,
  );
  assertEquals(
    await createSubagents({ ...options(z.paths, {}), confirmsCalls: true }),
    undefined,
  );
});

Deno.test("without credentials there is no tool (the run itself reports the missing key)", async () => {
  await using z = await tempZot();
  const none = await createSubagents(options(z.paths, {}, { apiKey: undefined }));
  assertEquals(none, undefined);
});
