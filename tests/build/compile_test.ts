import { assertEquals, assertStringIncludes } from "../helpers/assert.ts";
import { tempDir } from "../helpers/tmp.ts";
import { binaryName, denortAvailable, denortCachePath } from "../../scripts/build/targets.ts";
import { compileTarget } from "../../scripts/build.ts";

const target = Deno.build.target;
const available = await denortAvailable(target);
const reason = available ? "" : ` (skipped: denort runtime not cached at ${await denortCachePath(
  target,
)}; run "deno task build" where it can be downloaded)`;

Deno.test({
  name: `deno compile builds a zot binary that runs${reason}`,
  ignore: !available,
  sanitizeResources: false,
  async fn() {
    await using dir = await tempDir();
    const err = await compileTarget(target, dir.path);
    assertEquals(err, undefined);
    const bin = `${dir.path}/${binaryName(target)}`;
    const out = await new Deno.Command(bin, { args: ["--version"], stdout: "piped" }).output();
    assertEquals(out.code, 0);
    assertStringIncludes(new TextDecoder().decode(out.stdout), ".");
  },
});
