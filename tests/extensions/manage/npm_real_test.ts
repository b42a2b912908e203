/**
 * One real package from the public registry, when it can be reached: the
 * resolution, the sha512 check and the tar reader against what npm really
 * serves. Skipped offline (everything else runs against a local stand-in).
 */

import { join } from "../../../src/path.ts";
import {
  DEFAULT_REGISTRY,
  fetchNpmPackage,
  resolveNpm,
} from "../../../src/extensions/manage/npm.ts";
import { assertEquals, assertStringIncludes } from "../../helpers/assert.ts";
import { tempDir } from "../../helpers/tmp.ts";

async function reachable(): Promise<boolean> {
  try {
    const res = await fetch(`${DEFAULT_REGISTRY}/is-number`, {
      method: "HEAD",
      signal: AbortSignal.timeout(3000),
    });
    await res.body?.cancel();
    return res.ok;
  } catch {
    return false;
  }
}

Deno.test({
  name: "npm (real registry): is-number@^7 resolves, verifies and unpacks",
  ignore: !(await reachable()),
  async fn() {
    await using tmp = await tempDir();
    const spec = { package: "is-number", range: "^7.0.0" };
    const resolved = await resolveNpm(spec, DEFAULT_REGISTRY);
    assertEquals(resolved.version.split(".")[0], "7");
    const dest = join(tmp.path, "pkg");
    await fetchNpmPackage(spec, resolved, dest);
    const pkg = JSON.parse(await Deno.readTextFile(join(dest, "package.json")));
    assertEquals(pkg.name, "is-number");
    assertStringIncludes(await Deno.readTextFile(join(dest, "index.js")), "module.exports");
  },
});
