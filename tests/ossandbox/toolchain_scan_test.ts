/**
 * What a confined extension gets of a toolchain root is checked whole for credential files: the
 * scan goes to any depth and into every folder, and a root whose scan does not finish is not
 * opened (the start is refused, saying what to do). A pyenv-style root is opened without the
 * versions its settings do not pick, so the scan stays short; a version name or link that leads
 * out of the root opens nothing. The last test runs a real extension through a fake pyenv shim in
 * the OS sandbox.
 *
 * @module
 */

import { join } from "node:path";
import { assert, assertEquals, assertStringIncludes } from "../helpers/assert.ts";
import { tempZot } from "../helpers/tmp.ts";
import { resetOsSandbox } from "../../src/ossandbox/confine.ts";
import { parseScope } from "../../src/scope/parse.ts";
import { planConfinedLaunch } from "../../src/extensions/confined_launch.ts";
import { interpreterAccess } from "../../src/extensions/toolchain_roots.ts";
import { scanCredentialFiles } from "../../src/extensions/toolchain_secrets.ts";

const opts = { sanitizeResources: false, sanitizeOps: false };

async function write(path: string, text: string, mode?: number) {
  await Deno.mkdir(join(path, ".."), { recursive: true });
  await Deno.writeTextFile(path, text);
  if (mode) await Deno.chmod(path, mode);
}

/** A home with a key and a fake pyenv (versions 3.1, picked globally, and 3.2); an extension. */
async function pyenvWorld() {
  const zot = await tempZot();
  const home = join(zot.root, "user");
  const root = join(home, ".pyenv");
  const ext = join(zot.root, "ext");
  await write(join(home, ".ssh", "id_rsa"), "SECRET-KEY");
  // The shim runs the version PYENV_VERSION or the global version file names.
  await write(
    join(root, "shims", "python3"),
    '#!/bin/sh\nv="${PYENV_VERSION:-$(cat "$PYENV_ROOT/version")}"\n' +
      'exec "$PYENV_ROOT/versions/$v/bin/python3" "$@"\n',
    0o755,
  );
  await write(join(root, "libexec", "pyenv"), "#!/bin/sh\n", 0o755);
  await write(join(root, "version"), "3.1\n");
  for (const v of ["3.1", "3.2"]) {
    await write(
      join(root, "versions", v, "bin", "python3"),
      `#!/bin/sh\nexport VIA=${v}\nexec /usr/bin/python3 "$@"\n`,
      0o755,
    );
  }
  await write(join(root, "versions", "3.2", "NOT-PICKED"), "OTHER-VERSION");
  // Deep, and under folders that hold code: still found.
  const pipConf = join(root, "versions", "3.1", "lib", "python3", "site-packages", "a", "b", "c");
  await write(join(pipConf, "pip.conf"), "index-url = https://u:PIP-SECRET@i/simple");
  const script = join(ext, "probe.py");
  await write(
    script,
    [
      "#!/usr/bin/env python3",
      "import json, os, sys",
      "def read(p):",
      "    try:",
      "        return 'read:' + open(p).read()",
      "    except Exception as e:",
      "        return 'denied:' + type(e).__name__",
      'print(json.dumps({"via": os.environ.get("VIA"), "reads": [read(p) for p in sys.argv[1:]]}))',
      "",
    ].join("\n"),
    0o755,
  );
  return {
    home,
    root,
    ext,
    script,
    pipConf: join(pipConf, "pip.conf"),
    paths: zot.paths,
    access(hostEnv: Record<string, string> = {}, scanLimit?: number) {
      return interpreterAccess({
        program: script,
        searchPath: `${join(root, "shims")}:/usr/bin:/bin`,
        home,
        zotHome: zot.paths.home,
        readable: ["/usr", "/bin", ext],
        hostEnv,
        cwd: ext,
        scanLimit,
      });
    },
    async [Symbol.asyncDispose]() {
      await resetOsSandbox();
      await zot[Symbol.asyncDispose]();
    },
  };
}

Deno.test("the credential scan goes to any depth and into code folders", async () => {
  const root = await Deno.makeTempDir({ prefix: "zot-scan-" });
  try {
    const bin = join(root, "versions", "3.12", "bin");
    await Deno.mkdir(bin, { recursive: true });
    for (let i = 0; i < 5200; i++) await Deno.writeTextFile(join(bin, `f${i}`), "");
    await write(join(root, "zz", ".netrc"), "machine x password p");
    await write(join(root, "a", "b", "c", "d", "e", "f", "g", ".npmrc"), "//r/:_authToken=x");
    await write(join(root, "lib", "node_modules", "x", ".npmrc"), "//r/:_authToken=y");
    const scan = await scanCredentialFiles(root);
    assert(scan.complete, JSON.stringify(scan));
    assertEquals(scan.found, [
      join(root, "a", "b", "c", "d", "e", "f", "g", ".npmrc"),
      join(root, "lib", "node_modules", "x", ".npmrc"),
      join(root, "zz", ".netrc"),
    ]);
  } finally {
    await Deno.remove(root, { recursive: true });
  }
});

Deno.test("a scan past its bound says so, and finds nothing it did not see", async () => {
  const root = await Deno.makeTempDir({ prefix: "zot-scan-" });
  try {
    for (let i = 0; i < 30; i++) await write(join(root, `d${i}`, "x"), "");
    const scan = await scanCredentialFiles(root, 40);
    assertEquals(scan.complete, false);
    assert(!scan.complete && scan.why.includes("more than 40 entries"), JSON.stringify(scan));
  } finally {
    await Deno.remove(root, { recursive: true });
  }
});

Deno.test("scans of one tree at the same time share one walk; a later one walks again", async () => {
  const root = await Deno.makeTempDir({ prefix: "zot-scan-" });
  try {
    const [a, b] = await Promise.all([scanCredentialFiles(root), scanCredentialFiles(root)]);
    assert(a === b, "two walks ran");
    await write(join(root, ".netrc"), "machine x password p");
    const later = await scanCredentialFiles(root);
    assert(later.complete && later.found.length === 1, JSON.stringify(later));
  } finally {
    await Deno.remove(root, { recursive: true });
  }
});

Deno.test("a toolchain root whose scan does not finish is not opened", async () => {
  await using w = await pyenvWorld();
  const access = await w.access({}, 5);
  assert(!access.ok, JSON.stringify(access));
  assertStringIncludes(access.error, "could not be checked for credential files");
  assertStringIncludes(access.error, '"scope.read"');
  assertStringIncludes(access.error, "outside your home directory");
});

Deno.test("a pyenv root opens its own files and the picked version, not the others", async () => {
  await using w = await pyenvWorld();
  await write(join(w.root, ".netrc"), "machine x password ROOT-NETRC");
  await write(join(w.root, ".git", "config"), "url = https://u:GIT-TOKEN@github.com/pyenv/pyenv");
  const access = await w.access();
  assert(access.ok, access.ok ? "" : access.error);
  const { read, deny } = access.value;
  for (const kept of ["shims", "libexec", "version", join("versions", "3.1")]) {
    assert(read.includes(join(w.root, kept)), `${kept}: ${read}`);
  }
  assert(!read.some((p) => p.includes(join("versions", "3.2"))), `${read}`);
  assert(!read.includes(w.root) && !read.includes(join(w.root, "versions")), `${read}`);
  // A credential file among the root's own entries, and the clone's git metadata: closed.
  assert(!read.includes(join(w.root, ".netrc")) && !read.includes(join(w.root, ".git")), `${read}`);
  assertEquals(deny, [join(w.root, ".netrc"), w.pipConf]);
});

Deno.test("the version picked by the variable or a version file is opened", async () => {
  await using w = await pyenvWorld();
  const v32 = join(w.root, "versions", "3.2");
  const byEnv = await w.access({ PYENV_VERSION: "3.2" });
  assert(byEnv.ok && byEnv.value.read.includes(v32), JSON.stringify(byEnv));
  // The variable wins over the global file: that version stays closed.
  assert(!byEnv.value.read.includes(join(w.root, "versions", "3.1")), JSON.stringify(byEnv));
  await write(join(w.ext, ".python-version"), "3.2\n");
  const byFile = await w.access();
  assert(byFile.ok && byFile.value.read.includes(v32), JSON.stringify(byFile));
});

Deno.test("a version name or link that leads out of the root opens nothing", async () => {
  await using w = await pyenvWorld();
  await Deno.symlink(join(w.home, ".ssh"), join(w.root, "versions", "evil"));
  await Deno.symlink(join(w.home, ".ssh"), join(w.root, "keys"));
  for (const picked of ["evil", "../../.ssh", "../..", "evil:3.1"]) {
    const access = await w.access({ PYENV_VERSION: picked });
    assert(access.ok, access.ok ? "" : access.error);
    const read = access.value.read;
    assert(!read.some((p) => p.includes(".ssh") || p.endsWith("evil")), `${picked}: ${read}`);
    assert(!read.includes(w.home) && !read.includes(join(w.root, "keys")), `${picked}: ${read}`);
  }
});

Deno.test(
  "an extension run by a pyenv shim reads neither other versions nor credentials",
  opts,
  async () => {
    await using w = await pyenvWorld();
    const scope = parseScope({});
    if (!scope.ok) throw new Error(scope.errors.join("; "));
    const other = join(w.root, "versions", "3.2", "NOT-PICKED");
    const planned = await planConfinedLaunch({
      source: {
        manifest: { name: "tc-scan", exec: "./probe.py", enabled: true, raw: {} },
        dir: w.ext,
        manifestPath: join(w.ext, "extension.json"),
        kind: "explicit",
      },
      program: w.script,
      args: [other, w.pipConf, join(w.home, ".ssh", "id_rsa")],
      scope: scope.scope,
      paths: w.paths,
      hostEnv: { HOME: w.home, PATH: `${join(w.root, "shims")}:/usr/bin:/bin` },
    });
    if (!planned.ok) throw new Error(planned.error);
    try {
      const out = await new Deno.Command(planned.plan.command, {
        args: planned.plan.args,
        cwd: planned.plan.cwd,
        clearEnv: true,
        env: planned.plan.env,
        stdin: "null",
        stdout: "piped",
        stderr: "piped",
      }).output();
      const text = new TextDecoder().decode(out.stdout);
      const report = JSON.parse(text.trim().split("\n").at(-1) ?? "{}");
      assertEquals(report.via, "3.1", new TextDecoder().decode(out.stderr));
      for (const r of report.reads) assert(String(r).startsWith("denied"), JSON.stringify(report));
    } finally {
      await planned.plan.release?.();
    }
  },
);
