/**
 * The `bash` tool in sandbox mode against the real OS sandbox (bubblewrap): it cannot read a
 * fake `~/.ssh/id_rsa` nor write outside the project, while the project and its temp directory
 * work; a stopped command says so, with what to allow; a local port is reached only when allowed.
 *
 * @module
 */

import { assert, assertEquals, assertStringIncludes } from "../helpers/assert.ts";
import { createBashTool } from "../../src/tools/bash.ts";
import type { BashSandbox } from "../../src/tools/bash_sandbox.ts";
import { osConfiner } from "../../src/modes/common/bash_sandbox.ts";
import { resetOsSandbox } from "../../src/ossandbox/confine.ts";
import { osSandboxStatus } from "../../src/ossandbox/availability.ts";
import { resultText, testContext } from "./_ctx.ts";

const available = (await osSandboxStatus()).ok;
const opts = { ignore: !available, sanitizeResources: false, sanitizeOps: false };

/** A fake home with a key, a project, a directory outside both, and a sandbox over them. */
async function tree(more: Partial<BashSandbox> = {}) {
  const root = await Deno.realPath(await Deno.makeTempDir({ prefix: "zot-bashbox-" }));
  const home = `${root}/home`;
  const project = `${root}/project`;
  const outside = `${root}/outside`;
  for (const dir of [home, `${home}/.ssh`, project, outside]) await Deno.mkdir(dir);
  await Deno.writeTextFile(`${home}/.ssh/id_rsa`, "PRIVATE-KEY-MATERIAL\n");
  await Deno.writeTextFile(`${outside}/readable.txt`, "outside-text\n");
  const box: BashSandbox = {
    enabled: true,
    net: [],
    loopback: false,
    project,
    zotHome: `${root}/zot`,
    home,
    confiner: osConfiner(),
    ...more,
  };
  return {
    root,
    home,
    project,
    outside,
    box,
    bash: createBashTool({ sandbox: box }),
    async [Symbol.asyncDispose]() {
      if (box.tmp) await Deno.remove(box.tmp, { recursive: true }).catch(() => {});
      await Deno.remove(root, { recursive: true });
      await resetOsSandbox();
    },
  };
}

Deno.test(
  "sandboxed bash cannot read a fake ~/.ssh/id_rsa, and says the sandbox stopped it",
  opts,
  async () => {
    await using t = await tree();
    const r = await t.bash.execute(
      { command: `cat ${t.home}/.ssh/id_rsa` },
      testContext(t.project),
    );
    const text = resultText(r);
    assertEquals(r.isError, true, text);
    assert(!text.includes("PRIVATE-KEY-MATERIAL"), text);
    assertStringIncludes(text, "The sandbox may have stopped this command");
    assertStringIncludes(text, "credentials");
    // Through a link in the project, and by listing the folder, neither works either.
    await Deno.symlink(`${t.home}/.ssh`, `${t.project}/keys`);
    const viaLink = await t.bash.execute(
      { command: "cat keys/id_rsa; ls keys" },
      testContext(t.project),
    );
    assert(!resultText(viaLink).includes("PRIVATE-KEY-MATERIAL"), resultText(viaLink));
    assert(!resultText(viaLink).includes("id_rsa\n"), resultText(viaLink));
  },
);

Deno.test(
  "sandboxed bash cannot write outside the project, and says where it may",
  opts,
  async () => {
    await using t = await tree();
    const r = await t.bash.execute(
      { command: `echo x > ${t.outside}/planted` },
      testContext(t.project),
    );
    assertEquals(r.isError, true);
    const planted = await Deno.stat(`${t.outside}/planted`).then(() => true, () => false);
    assert(!planted, "a file was written outside the project");
    assertStringIncludes(resultText(r), `writes are allowed only in "${t.project}"`);
    // From a subdirectory of the project, by climbing out, it is the same.
    await Deno.mkdir(`${t.project}/sub`);
    await t.bash.execute(
      { command: "echo x > ../../outside/climbed" },
      testContext(`${t.project}/sub`),
    );
    const climbed = await Deno.stat(`${t.outside}/climbed`).then(() => true, () => false);
    assert(!climbed, "a file was written outside the project");
  },
);

Deno.test(
  "sandboxed bash works in the project and its temp directory, and reads elsewhere",
  opts,
  async () => {
    await using t = await tree();
    const r = await t.bash.execute({
      command:
        `echo made > made.txt && cat made.txt && echo t > "$TMPDIR/t" && cat "$TMPDIR/t" && cat ${t.outside}/readable.txt`,
    }, testContext(t.project));
    assertEquals(resultText(r), "made\nt\noutside-text");
    assertEquals(r.isError, undefined);
    assertEquals(await Deno.readTextFile(`${t.project}/made.txt`), "made\n");
  },
);

Deno.test(
  "sandboxed bash cannot plant code that runs later outside it, yet git works",
  opts,
  async () => {
    await using t = await tree();
    const git = (args: string[]) => new Deno.Command("git", { args, cwd: t.project }).output();
    await git(["init", "-q"]);
    const r = await t.bash.execute({
      command: [
        "echo 'echo pwned' > .git/hooks/pre-commit",
        "git config core.fsmonitor 'touch /tmp/pwned'",
        "mkdir -p .zot/extensions/evil",
        "echo x > .envrc",
        "echo done",
      ].join("; "),
    }, testContext(t.project));
    assertStringIncludes(resultText(r), "done");
    const exists = (p: string) => Deno.stat(`${t.project}/${p}`).then(() => true, () => false);
    assertEquals(await exists(".git/hooks/pre-commit"), false);
    assertEquals(await exists(".zot/extensions/evil"), false);
    assertEquals(await exists(".envrc"), false);
    // Nor does the sandbox leave the empty files it mounts over absent paths behind.
    for (const absent of [".vscode", ".idea", ".gitmodules"]) {
      assertEquals(await exists(absent), false, absent);
    }
    const config = await Deno.readTextFile(`${t.project}/.git/config`);
    assert(!config.includes("fsmonitor"), config);
    const commit = await t.bash.execute({
      command:
        "echo a > a.txt && git add a.txt && git -c user.name=z -c user.email=z@z commit -qm one && git log --format=%s",
    }, testContext(t.project));
    assertEquals(resultText(commit), "one");
  },
);

const FETCH = `import sys, urllib.request
try:
    print(urllib.request.urlopen(sys.argv[1], timeout=5).read().decode())
except Exception as e:
    print("refused", type(e).__name__)`;

Deno.test(
  "a host not in the allowlist is refused, and the result says how to allow it",
  opts,
  async () => {
    await using t = await tree({ net: ["allowed.invalid"] });
    const r = await t.bash.execute({
      command: `python3 -c 'import urllib.request; urllib.request.urlopen("http://example.com")'`,
    }, testContext(t.project));
    assertEquals(r.isError, true);
    assertStringIncludes(resultText(r), "403");
    assertStringIncludes(
      resultText(r),
      'the network reaches only allowed hosts (now: "allowed.invalid")',
    );
    assertStringIncludes(resultText(r), '"bashSandbox.net"');
  },
);

Deno.test("sandboxed bash reaches a local port only when the settings allow it", opts, async () => {
  const server = Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen: () => {} },
    () => new Response("pong"),
  );
  try {
    const url = `http://127.0.0.1:${server.addr.port}/`;
    const command = `python3 -c '${FETCH}' ${url}`;
    {
      await using t = await tree();
      const r = await t.bash.execute({ command }, testContext(t.project));
      assertStringIncludes(resultText(r), "refused");
      assert(!resultText(r).includes("pong"));
    }
    {
      await using t = await tree({ loopback: true, net: [`127.0.0.1:${server.addr.port}`] });
      const r = await t.bash.execute({ command }, testContext(t.project));
      assertStringIncludes(resultText(r), "pong");
    }
  } finally {
    await server.shutdown();
  }
});

Deno.test("sandboxed bash cannot read the X server cookie", opts, async () => {
  await using t = await tree();
  await Deno.writeTextFile(`${t.home}/.Xauthority`, "X-COOKIE-MATERIAL\n");
  const r = await t.bash.execute({ command: `cat ${t.home}/.Xauthority` }, testContext(t.project));
  assert(!resultText(r).includes("X-COOKIE-MATERIAL"), resultText(r));
});
