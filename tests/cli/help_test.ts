import { assertEquals, assertStringIncludes } from "../helpers/assert.ts";
import { tempZot } from "../helpers/tmp.ts";
import { zot } from "./ext/run_zot.ts";

Deno.test("zot help prints the help on stdout, like --help; zot help <command> that command's", async () => {
  await using z = await tempZot();
  const root = await zot(z, "--help");
  const help = await zot(z, "help");
  assertEquals([help.code, help.stdout, help.stderr], [0, root.stdout, ""]);
  assertStringIncludes(help.stdout, "Usage: zot");
  assertStringIncludes(help.stdout, "help [command...]");
  const install = await zot(z, "help", "ext", "install");
  assertEquals(
    [install.code, install.stdout],
    [0, (await zot(z, "ext", "install", "--help")).stdout],
  );
  assertStringIncludes(install.stdout, "Usage: zot ext install");
  const trust = await zot(z, "help", "trust");
  assertStringIncludes(trust.stdout, "Usage: zot trust");
});

Deno.test("zot help <words> that name no command is a usage error that says how to send the prompt", async () => {
  await using z = await tempZot();
  const r = await zot(z, "help", "me", "fix", "it");
  assertEquals([r.code, r.stdout], [2, ""]);
  assertStringIncludes(
    r.stderr,
    `unknown command "me" in "zot help me fix it" (run "zot --help" to see the commands; ` +
      `to send a prompt that starts with "help", quote it: zot "help me fix it")`,
  );
});

Deno.test("a usage error of a top-level command points at that command's help", async () => {
  await using z = await tempZot();
  for (const name of ["trust", "untrust"]) {
    const r = await zot(z, name, "--bogus");
    assertEquals(r.code, 2, name);
    assertStringIncludes(r.stderr, "unknown option '--bogus'");
    assertStringIncludes(r.stderr, `(run "zot ${name} --help" for usage)`);
  }
});
