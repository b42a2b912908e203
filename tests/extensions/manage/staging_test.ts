import { join } from "../../../src/path.ts";
import { STALE_STAGING_MS, sweepStaleStaging } from "../../../src/extensions/manage/staging.ts";
import { assertEquals } from "../../helpers/assert.ts";
import { tempDir } from "../../helpers/tmp.ts";

Deno.test("sweepStaleStaging removes only staging directories older than the limit", async () => {
  await using t = await tempDir();
  const mk = async (name: string, ageMs: number) => {
    const dir = join(t.path, name);
    await Deno.mkdir(join(dir, "ro"), { recursive: true });
    await Deno.chmod(join(dir, "ro"), 0o555); // a read-only tree is removed too
    const when = new Date(Date.now() - ageMs);
    await Deno.utime(dir, when, when);
    return dir;
  };
  const old = await mk(".zot-install-a-11111111", STALE_STAGING_MS + 60_000);
  await mk(".zot-install-b-22222222", STALE_STAGING_MS - 60_000);
  await mk("installed-long-ago", 10 * STALE_STAGING_MS);
  assertEquals(await sweepStaleStaging(t.path), [old]);
  const left = [...Deno.readDirSync(t.path)].map((e) => e.name).sort();
  assertEquals(left, [".zot-install-b-22222222", "installed-long-ago"]);
  assertEquals(await sweepStaleStaging(join(t.path, "missing")), []);
});
