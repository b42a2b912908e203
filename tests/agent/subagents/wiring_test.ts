/** When a run offers the `subagent` tool at all (src/modes/common/subagents.ts). */

import { assertEquals } from "../../helpers/assert.ts";
import { tempZot } from "../../helpers/tmp.ts";
import { createSubagents } from "../../../src/modes/common/subagents.ts";
import { loadCredentials } from "../../../src/config/credentials.ts";
import { defaultFlags, type RunFlags } from "../../../src/modes/common/flags.ts";
import type { ZotPaths } from "../../../src/config/paths.ts";

async function options(
  paths: ZotPaths,
  env: Record<string, string>,
  flags: Partial<RunFlags> = {},
) {
  const run = { ...defaultFlags(), provider: "anthropic", apiKey: "k", ...flags };
  const get = (name: string) => env[name];
  return {
    paths,
    flags: run,
    env: get,
    credentials: (await loadCredentials(run, paths, get)).result,
    emit: () => {},
    sessionId: () => "s",
  };
}

Deno.test("a top-level run offers the tool; a child, --tools without it, or TUI --no-yolo do not", async () => {
  await using z = await tempZot();
  const ok = createSubagents(await options(z.paths, {}));
  assertEquals(ok?.tool.name, "subagent");
  assertEquals(
    createSubagents(await options(z.paths, { ZOT_SUBAGENT_DEPTH: "1" })),
    undefined,
  );
  assertEquals(
    createSubagents({ ...(await options(z.paths, {})), allow: ["read", "bash"] }),
    undefined,
  );
  assertEquals(
    createSubagents({ ...(await options(z.paths, {})), confirmsCalls: true }),
    undefined,
  );
});

Deno.test("without credentials there is no tool (the run itself reports the missing key)", async () => {
  await using z = await tempZot();
  const none = createSubagents(await options(z.paths, {}, { apiKey: undefined }));
  assertEquals(none, undefined);
});
