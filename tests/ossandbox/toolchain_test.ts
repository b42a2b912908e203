/**
 * Interpreters a toolchain manager installed under the home directory, for confined plain
 * extensions. A Python extension whose `#!/usr/bin/env python3` finds a (fake) pyenv shim first on
 * its PATH starts in the real OS sandbox and answers, while the rest of that home (its
 * `~/.ssh/id_rsa`) stays unreadable; an interpreter under a home folder zot does not know is
 * refused before start with why and what to do; and a root that leads to the home itself, an
 * ancestor of it, or a place credentials live is never opened.
 *
 * @module
 */

import { join } from "node:path";
import { assert, assertEquals, assertStringIncludes } from "../helpers/assert.ts";
import { tempZot } from "../helpers/tmp.ts";
import { resetOsSandbox } from "../../src/ossandbox/confine.ts";
import { parseScope } from "../../src/scope/parse.ts";
import { planConfinedLaunch } from "../../src/extensions/confined_launch.ts";
import {
  interpreterAccess,
  interpreterOf,
  NEVER_OPENED,
  safeTrees,
  TOOLCHAIN_ROOTS,
} from "../../src/extensions/toolchain_roots.ts";
import type { ExtensionSource } from "../../src/extensions/types.ts";

const opts = { sanitizeResources: false, sanitizeOps: false };

/** A fake home (with a key), an extension whose script runs `python3` through env. */
async function world() {
  const zot = await tempZot();
  const home = join(zot.root, "user");
  const ext = join(zot.root, "ext");
  await Deno.mkdir(join(home, ".ssh"), { recursive: true });
  await Deno.mkdir(ext);
  await Deno.writeTextFile(join(home, ".ssh", "id_rsa"), "SECRET-KEY");
  const script = join(ext, "probe.py");
  await Deno.writeTextFile(
    script,
    [
      "#!/usr/bin/env python3",
      "import json, os, sys",
      'print(json.dumps({"type": "hello", "name": "tc-probe"}))',
      "try:",
      "    secret = 'read:' + open(sys.argv[1]).read()",
      "except Exception as e:",
      "    secret = 'denied:' + type(e).__name__",
      'print(json.dumps({"secret": secret, "shim": os.environ.get("VIA_SHIM")}))',
      "",
    ].join("\n"),
  );
  await Deno.chmod(script, 0o755);
  const source: ExtensionSource = {
    manifest: { name: "tc-probe", exec: "./probe.py", enabled: true, raw: {} },
    dir: ext,
    manifestPath: join(ext, "extension.json"),
    kind: "explicit",
  };
  return {
    home,
    ext,
    script,
    source,
    paths: zot.paths,
    /** A fake `python3` at `dir/python3` that runs the system's. */
    async fakePython(dir: string) {
      await Deno.mkdir(dir, { recursive: true });
      const path = join(dir, "python3");
      await Deno.writeTextFile(
        path,
        '#!/bin/sh\nexport VIA_SHIM=yes\nexec /usr/bin/python3 "$@"\n',
      );
      await Deno.chmod(path, 0o755);
      return path;
    },
    plan(searchPath: string, read = join(home, ".ssh", "id_rsa")) {
      const scope = parseScope({});
      if (!scope.ok) throw new Error(scope.errors.join("; "));
      return planConfinedLaunch({
        source,
        program: script,
        args: [read],
        scope: scope.scope,
        paths: zot.paths,
        hostEnv: { HOME: home, PATH: searchPath, PYENV_VERSION: "3.99-fake" },
      });
    },
    async [Symbol.asyncDispose]() {
      await resetOsSandbox();
      await zot[Symbol.asyncDispose]();
    },
  };
}

/** Runs a plan to its end; what it printed, one JSON object per line. */
async function run(plan: {
  command: string;
  args: string[];
  cwd: string;
  env?: Record<string, string>;
  release?: () => Promise<void>;
}) {
  try {
    const out = await new Deno.Command(plan.command, {
      args: plan.args,
      cwd: plan.cwd,
      clearEnv: true,
      env: plan.env,
      stdin: "null",
      stdout: "piped",
      stderr: "piped",
    }).output();
    const text = new TextDecoder().decode(out.stdout);
    const stderr = new TextDecoder().decode(out.stderr);
    return { lines: text.split("\n").filter((l) => l).map((l) => JSON.parse(l)), stderr };
  } finally {
    await plan.release?.();
  }
}

Deno.test(
  "a python extension found through a pyenv shim under the home starts, confined",
  opts,
  async () => {
    await using w = await world();
    const shims = join(w.home, ".pyenv", "shims");
    await w.fakePython(shims);
    // The shim first, the system's python3 after it: env takes the shim only if it can read it.
    const planned = await w.plan(`${shims}:/usr/local/bin:/usr/bin:/bin`);
    if (!planned.ok) throw new Error(planned.error);
    assertEquals(planned.plan.env?.PYENV_ROOT, join(w.home, ".pyenv"));
    assertEquals(planned.plan.env?.PYENV_VERSION, "3.99-fake");
    const { lines, stderr } = await run(planned.plan);
    assertEquals(lines[0], { type: "hello", name: "tc-probe" }, stderr);
    assertEquals(lines[1]?.shim, "yes", "the shim did not run");
    assert(String(lines[1]?.secret).startsWith("denied"), `secret: ${lines[1]?.secret}`);
  },
);

Deno.test(
  "a global npmrc inside an opened toolchain tree stays unreadable",
  opts,
  async () => {
    await using w = await world();
    const node = join(w.home, ".nvm", "versions", "node", "v1");
    await w.fakePython(join(node, "bin"));
    await Deno.mkdir(join(node, "etc"));
    const npmrc = join(node, "etc", "npmrc");
    await Deno.writeTextFile(npmrc, "//registry.npmjs.org/:_authToken=NPM-SECRET\n");
    const planned = await w.plan(`${join(node, "bin")}:/usr/local/bin:/usr/bin:/bin`, npmrc);
    if (!planned.ok) throw new Error(planned.error);
    const { lines, stderr } = await run(planned.plan);
    assertEquals(lines[1]?.shim, "yes", `the interpreter in the tree did not run: ${stderr}`);
    assert(String(lines[1]?.secret).startsWith("denied"), `npmrc: ${lines[1]?.secret}`);
  },
);

Deno.test(
  "an interpreter under a home folder zot does not know is refused, saying why and what to do",
  opts,
  async () => {
    await using w = await world();
    const bin = join(w.home, "bin");
    const fake = await w.fakePython(bin);
    const planned = await w.plan(bin);
    assert(!planned.ok, "it was planned");
    assertStringIncludes(planned.error, 'Cannot start extension "tc-probe"');
    assertStringIncludes(planned.error, `its interpreter "python3"`);
    assertStringIncludes(planned.error, fake);
    assertStringIncludes(planned.error, "under your home directory");
    assertStringIncludes(planned.error, '"scope.read"');
    assertStringIncludes(planned.error, "pyenv");
  },
);

Deno.test("a system interpreter later on PATH is used as env would, nothing opened", async () => {
  await using w = await world();
  const bin = join(w.home, "bin");
  await w.fakePython(bin);
  const access = await interpreterAccess({
    program: w.script,
    searchPath: `${bin}:/usr/bin:/bin`,
    home: w.home,
    zotHome: w.paths.home,
    readable: ["/usr", "/bin", w.ext],
    hostEnv: {},
  });
  assert(access.ok);
  assertEquals(access.value, { read: [], deny: [], env: {} });
});

/** `~/.pyenv` made a link to `target`, with a shim below it; what would be opened. */
async function linkedRoot(target: (home: string) => string) {
  const w = await world();
  const root = join(w.home, ".pyenv");
  await Deno.symlink(target(w.home), root);
  await w.fakePython(join(root, "shims")).catch(() => {});
  const access = await interpreterAccess({
    program: w.script,
    searchPath: join(root, "shims"),
    home: w.home,
    zotHome: w.paths.home,
    readable: ["/usr", "/bin", w.ext],
    hostEnv: {},
  });
  return { w, access };
}

for (
  const [what, target] of [
    ["the home itself", (home: string) => home],
    ["the home's parent", (home: string) => join(home, "..")],
    ["the file system root", () => "/"],
    ["~/.ssh", (home: string) => join(home, ".ssh")],
    ["~/.config", (home: string) => join(home, ".config")],
    ["~/.local", (home: string) => join(home, ".local")],
    ["a folder inside ~/.config", (home: string) => join(home, ".config", "gcloud")],
  ] as const
) {
  Deno.test(`a toolchain root that leads to ${what} is never opened`, async () => {
    const home = await Deno.makeTempDir();
    await Deno.mkdir(join(home, ".config", "gcloud"), { recursive: true });
    await Deno.mkdir(join(home, ".local"));
    await Deno.mkdir(join(home, ".ssh"));
    try {
      await Deno.symlink(target(home), join(home, ".pyenv"));
      assertEquals(await safeTrees(join(home, ".pyenv"), home, join(home, "zot")), undefined);
    } finally {
      await Deno.remove(home, { recursive: true });
    }
  });
}

Deno.test("a pyenv root linked to the home is refused at start, the key not opened", async () => {
  const { w, access } = await linkedRoot((home) => home);
  await using _ = w;
  assert(!access.ok, JSON.stringify(access));
  assertStringIncludes(access.error, "under your home directory");
});

Deno.test("a shim linked to a file where credentials live does not open it", async () => {
  await using w = await world();
  const shims = join(w.home, ".pyenv", "shims");
  await Deno.mkdir(shims, { recursive: true });
  const planted = await w.fakePython(join(w.home, ".ssh"));
  await Deno.symlink(planted, join(shims, "python3"));
  const access = await interpreterAccess({
    program: w.script,
    searchPath: shims,
    home: w.home,
    zotHome: w.paths.home,
    readable: ["/usr", "/bin", w.ext],
    hostEnv: {},
  });
  assert(!access.ok, JSON.stringify(access));
  assertStringIncludes(access.error, "under your home directory");
});

Deno.test("a real toolchain root is opened, and only it", async () => {
  const home = await Deno.realPath(await Deno.makeTempDir());
  try {
    await Deno.mkdir(join(home, ".pyenv"));
    assertEquals(await safeTrees(join(home, ".pyenv"), home, join(home, "zot")), [
      join(home, ".pyenv"),
    ]);
    // A root missing or a file: nothing.
    assertEquals(await safeTrees(join(home, ".rbenv"), home, join(home, "zot")), undefined);
  } finally {
    await Deno.remove(home, { recursive: true });
  }
});

Deno.test("the fixed list opens no home, no ~/.local or ~/.config, no credential place", () => {
  for (const { rel } of TOOLCHAIN_ROOTS) {
    assert(rel !== "" && rel !== "." && !rel.startsWith("/") && !rel.includes(".."), rel);
    const below = (path: string, tree: string) => path === tree || path.startsWith(`${tree}/`);
    for (const never of [".local", ".local/share", ".config", ...NEVER_OPENED]) {
      assert(!below(never, rel), `${rel} would open ${never}`);
    }
    for (const secret of NEVER_OPENED) assert(!below(rel, secret), `${rel} lies in ${secret}`);
  }
});

Deno.test("#! lines: a path, or a name env looks up", () => {
  assertEquals(interpreterOf("#!/usr/bin/env python3"), { name: "python3", viaEnv: true });
  assertEquals(interpreterOf("#!/usr/bin/env -S node --no-warnings"), {
    name: "node",
    viaEnv: true,
  });
  assertEquals(interpreterOf("#! /bin/sh -e"), { name: "/bin/sh", viaEnv: false });
  assertEquals(interpreterOf("#!/usr/bin/env A=1 ruby"), { name: "ruby", viaEnv: true });
  assertEquals(interpreterOf("print(1)"), undefined);
  assertEquals(interpreterOf(undefined), undefined);
});
