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

    // The binary alone (no deno on PATH for it to lean on) scaffolds a TypeScript extension from
    // its embedded SDK, installs it, and starts it in its own sandbox runner.
    await using home = await tempDir();
    const run = async (...args: string[]) => {
      const res = await new Deno.Command(bin, {
        args,
        cwd: dir.path,
        env: { ZOT_HOME: home.path, NO_COLOR: "1", PATH: "/usr/bin:/bin" },
        stdin: "null",
        stdout: "piped",
        stderr: "piped",
      }).output();
      const text = (b: Uint8Array) => new TextDecoder().decode(b);
      assertEquals(res.code, 0, `zot ${args.join(" ")}: ${text(res.stderr)}`);
      return text(res.stdout);
    };
    await run("ext", "new", "demo", "--lang", "ts");
    await run("ext", "install", "./demo", "--yes");
    const report = JSON.parse(await run("ext", "doctor", "demo", "--json"));
    const demo = report.extensions[0];
    assertEquals([demo.name, demo.status, demo.sandboxed], ["demo", "ok", true]);
    assertEquals(demo.commands, [{ name: "demo", state: "active" }]);
  },
});
