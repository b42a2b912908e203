/**
 * A `run` grant never reaches zot's secrets. zot starts with an API key only
 * in its own environment and another in `$ZOT_HOME/auth.json`; a sandboxed
 * extension granted `run: ["sh"]` walks every `/proc/<pid>/environ` it can
 * see, reads its parent's, reads auth.json and lists zot's state directory,
 * and finds neither key. Without bubblewrap such an extension does not start
 * at all, and one without a `run` grant is not affected.
 */

import { join } from "../../src/path.ts";
import { assert, assertEquals, assertStringIncludes } from "../helpers/assert.ts";
import { tempZot } from "../helpers/tmp.ts";
import { extension, PROBE, probeHome, readOr, runZot } from "./_run_probe.ts";
import { confineRunGrant } from "../../src/sandbox/confine.ts";
import { confineRunner } from "../../src/sandbox/run_grant.ts";
import { resetOsSandbox } from "../../src/ossandbox/confine.ts";

/** The probe with zot's state in `dir` (default: the temp directory). */
async function probeRun(dir?: string) {
  const z = await tempZot({ dir });
  const key = `sk-ant-env-${crypto.randomUUID()}`;
  const stored = `sk-ant-stored-${crypto.randomUUID()}`;
  const auth = join(z.home, "auth.json");
  await Deno.writeTextFile(auth, JSON.stringify({ openai: { key: stored } }), { mode: 0o600 });
  // A tmux server's socket directory, where zot's TMUX_TMPDIR says.
  const tmux = join(z.root, "tmux");
  const sockets = join(tmux, `tmux-${Deno.uid()}`);
  await Deno.mkdir(sockets, { recursive: true });
  await Deno.writeTextFile(join(sockets, "default"), "");
  const ext = await extension(z.root, "run-probe", PROBE, { run: ["sh"] }, [
    auth,
    z.home,
    sockets,
  ]);
  const out = join(z.home, "extension-data", "run-probe", "probe.txt");
  const run = await runZot(z, ext, { ANTHROPIC_API_KEY: key, TMUX_TMPDIR: tmux }, out);
  const probe = readOr(out) ?? "";
  return { z, key, stored, run, probe };
}

Deno.test("run grant: a shell walking /proc sees neither zot nor its API key", async () => {
  const { z, key, run, probe } = await probeRun();
  await using _z = z;
  assertEquals(run.code, 0, run.stderr);
  assertStringIncludes(probe, "== end", probe);
  // The walk ran and read environments: its own process's.
  assertStringIncludes(probe, "PATH=");
  assert(!probe.includes(key), `the API key leaked:\n${probe}`);
  const pids = probe.match(/^pids: (.*)$/m)?.[1].trim().split(" ").map(Number) ?? [];
  assert(pids.length > 0, probe);
  assert(!pids.includes(run.pid) || Math.max(...pids) < 50, `zot's pid ${run.pid} is visible`);
  assert(!probe.includes(`ANTHROPIC_API_KEY`), `zot's environment was readable:\n${probe}`);
});

Deno.test("run grant: zot's auth.json and state directory are hidden from the program", async () => {
  const { z, stored, run, probe } = await probeRun();
  await using _z = z;
  assertEquals(run.code, 0, run.stderr);
  assert(!probe.includes(stored), `auth.json was readable:\n${probe}`);
  const auth = probe.split("== auth\n")[1].split("== home\n")[0];
  assertStringIncludes(auth, "No such file");
  // Only the extension's own data directory and, read only, the runner's Deno directory are
  // put back into the hidden state directory.
  const home = probe.split("== home\n")[1].split("== denowrite")[0].trim().split("\n");
  assertEquals(home.filter((e) => e !== "." && e !== ".."), ["extension-data", "sandbox-deno"]);
  const plant = probe.split("== denowrite\n")[1].split("== tmux")[0];
  assertStringIncludes(plant, "denied");
  assert(readOr(join(z.home, "sandbox-deno", "planted")) === undefined, "planted in the cache");
});

Deno.test("run grant: the tmux server's socket directory is hidden (it runs commands outside the view)", async () => {
  const { z, run, probe } = await probeRun();
  await using _z = z;
  assertEquals(run.code, 0, run.stderr);
  const tmux = probe.split("== tmux\n")[1].split("== end")[0].trim().split("\n");
  // Empty, or not there at all: either way the server's socket is out of reach.
  const listed = tmux.filter((e) => e !== "." && e !== ".." && !e.includes("No such file"));
  assertEquals(listed, [], probe);
});

Deno.test("run grant without bubblewrap on PATH: the extension does not start, with the remedy", async () => {
  await using z = await tempZot();
  const bin = join(z.root, "bin");
  await Deno.mkdir(bin);
  // Only what the run needs: no bwrap.
  for (const tool of ["sh", "env"]) await Deno.symlink(`/bin/${tool}`, join(bin, tool));
  const out = join(z.home, "extension-data", "run-probe", "probe.txt");
  const ext = await extension(z.root, "run-probe", PROBE, { run: ["sh"] }, ["/x", "/y", "/z"]);
  const run = await runZot(z, ext, { PATH: bin });
  assertStringIncludes(run.stderr, `Cannot start extension "run-probe"`);
  assertStringIncludes(run.stderr, `apt install bubblewrap`);
  assertEquals(readOr(out), undefined, "the extension ran unconfined");
});

Deno.test("no run grant: a sandboxed extension starts without bubblewrap", async () => {
  await using z = await tempZot();
  const bin = join(z.root, "bin");
  await Deno.mkdir(bin);
  const ext = await extension(z.root, "run-probe", PROBE, undefined, ["/x", "/y", "/z"]);
  const out = join(z.home, "extension-data", "run-probe", "probe.txt");
  const run = await runZot(z, ext, { PATH: bin }, out);
  assert(!run.stderr.includes("Cannot start"), run.stderr);
  // It ran, and the sandbox refused the shell it has no grant for.
  const probe = readOr(out);
  assertStringIncludes(probe ?? "", "spawn failed");
});

Deno.test("run grant off Linux: refused, never started unconfined", () => {
  const ctx = {
    name: "x",
    run: ["sh"],
    zotHome: "/h",
    extensionDir: "/h/extensions/x",
    dataDir: "/h/extension-data/x",
    searchPath: "/usr/bin:/bin",
    hosts: false,
  };
  const mac = confineRunGrant("deno", ["run"], { ...ctx, os: "darwin" });
  assertEquals(mac.ok, false);
  const linux = confineRunGrant("deno", ["run"], { ...ctx, os: "linux" });
  assert(linux.ok);
  // A /tmp of its own. No hosts: no network, not even the way to the proxy; with hosts, the
  // OS sandbox's network.
  const args = linux.args.join(" ");
  assertStringIncludes(args, "--tmpfs /tmp");
  assert(linux.args.includes("--unshare-net"), args);
  const hosts = confineRunGrant("deno", ["run"], { ...ctx, os: "linux", hosts: true });
  assert(hosts.ok && !hosts.args.includes("--unshare-net"), JSON.stringify(hosts));
});

Deno.test("run grant: no process in the view shows zot's state through /proc/<pid>/root", async () => {
  const { z, stored, run, probe } = await probeRun();
  await using _z = z;
  assertEquals(run.code, 0, run.stderr);
  const roots = probe.split("-- root of ").slice(1);
  assert(roots.length > 1, probe);
  assert(!probe.includes(stored), `auth.json was readable through a process's root:\n${probe}`);
  for (const root of roots) {
    // Its lines: the process, what `cat` of auth.json said, the listing of zot's state directory.
    const listing = root.split("\n")[2]?.split(" ") ?? [];
    assert(!listing.includes("auth.json"), `zot's state was listed:\n${root}`);
  }
});

Deno.test("run grant: a state directory outside /tmp and the home is hidden from /proc/<pid>/root too", async () => {
  const { z, stored, run, probe } = await probeRun("/var/tmp");
  await using _z = z;
  assertEquals(run.code, 0, run.stderr);
  assert(probe.split("-- root of ").length > 2, probe);
  assert(!probe.includes(stored), `auth.json was readable through a process's root:\n${probe}`);
  // So is a tmux socket directory outside /tmp, where TMUX_TMPDIR puts it.
  const tmux = probe.split("== tmux\n")[1].split("== end")[0].trim().split("\n");
  const listed = tmux.filter((e) => e !== "." && e !== ".." && !e.includes("No such file"));
  assertEquals(listed, [], probe);
});

Deno.test("run grant: no process in the view shows the home through /proc/<pid>/root", async () => {
  const r = await probeHome({ read: ["${home}/notes"] });
  await using _z = r.z;
  assertEquals(r.run.code, 0, r.run.stderr);
  assert(r.probe.split("-- root of ").length > 2, r.probe);
  assert(!r.probe.includes("PRIVATE-KEY-MATERIAL"), `the home was readable:\n${r.probe}`);
});

Deno.test("run grant: the program cannot read the home directory, only what the scope grants there", async () => {
  const r = await probeHome({ read: ["${home}/notes"] });
  await using _z = r.z;
  assertEquals(r.run.code, 0, r.run.stderr);
  assertStringIncludes(r.probe, "== fin", `${r.probe}\n${r.run.stderr}`);
  assert(
    !r.secret.includes("PRIVATE-KEY-MATERIAL"),
    `the home directory was readable:\n${r.probe}`,
  );
  assertStringIncludes(r.secret, "No such file");
  assertStringIncludes(r.granted, "granted-note", r.probe);
});

Deno.test("run grant: a scope without hosts gives the program no network at all", async () => {
  const r = await probeHome({});
  await using _z = r.z;
  assertEquals(r.run.code, 0, r.run.stderr);
  assertStringIncludes(r.probe, "== fin", `${r.probe}\n${r.run.stderr}`);
  assert(!r.net.includes("connected"), `a local port was reachable:\n${r.probe}`);
  assert(r.net.trim() !== "", r.probe);
  assertStringIncludes(r.granted, "No such file", "nothing in the home is granted here");
});

Deno.test("run grant: a granted program cannot write into the .git of a write grant", async () => {
  await using z = await tempZot();
  const repo = join(z.root, "repo");
  await Deno.mkdir(join(repo, ".git", "hooks"), { recursive: true });
  const hook = join(repo, ".git", "hooks", "pre-commit");
  const confined = await confineRunner(
    { command: "sh", args: ["-c", `echo pwned > ${hook}; echo ok > ${repo}/file`], env: {} },
    { net: [], import: [] },
    {
      name: "x",
      run: ["sh"],
      zotHome: z.home,
      extensionDir: z.cwd,
      dataDir: z.cwd,
      searchPath: Deno.env.get("PATH") ?? "/usr/bin:/bin",
      writes: [repo],
      denyWrite: [join(repo, ".git")],
      os: "linux",
    },
  );
  assert(confined.ok, !confined.ok ? confined.why : "");
  const out = await new Deno.Command(confined.command, {
    args: confined.args,
    clearEnv: true,
    env: confined.env,
    stdout: "piped",
    stderr: "piped",
  }).output();
  await confined.release?.();
  await resetOsSandbox();
  assertEquals(readOr(hook), undefined, "a hook was planted");
  assertEquals(readOr(join(repo, "file")), "ok\n", new TextDecoder().decode(out.stderr));
});

/** Run `script` with sh in a run grant's view (no hosts), writes granted to `writes`. */
async function inView(z: { home: string; cwd: string }, script: string, writes: string[] = []) {
  const confined = confineRunGrant("sh", ["-c", script], {
    name: "x",
    run: ["sh"],
    zotHome: z.home,
    extensionDir: z.cwd,
    dataDir: z.cwd,
    searchPath: Deno.env.get("PATH") ?? "/usr/bin:/bin",
    writes,
    os: "linux",
    hosts: false,
  });
  assert(confined.ok);
  const out = await new Deno.Command(confined.command, { args: confined.args }).output();
  return new TextDecoder().decode(out.stdout) + new TextDecoder().decode(out.stderr);
}

Deno.test("run grant: other programs' files in /tmp are not there for the program", async () => {
  await using z = await tempZot();
  const other = await Deno.makeTempFile({ prefix: "zot-other-" });
  try {
    await Deno.writeTextFile(other, "someone-elses-temp-file\n");
    const out = await inView(z, `cat ${other} 2>&1; echo "== ls"; ls /tmp`);
    assert(!out.includes("someone-elses-temp-file"), `a temp file was readable:\n${out}`);
    const listing = out.split("== ls\n")[1];
    assert(!listing.includes(other.split("/").pop()!), `the shared /tmp was listed:\n${out}`);
  } finally {
    await Deno.remove(other);
  }
});

Deno.test("run grant: what the program writes to /tmp stays in its own /tmp", async () => {
  await using z = await tempZot();
  const name = `zot-planted-${crypto.randomUUID()}`;
  const out = await inView(z, `echo planted > /tmp/${name} && cat /tmp/${name}`);
  assertStringIncludes(out, "planted");
  assertEquals(readOr(join("/tmp", name)), undefined, "the program wrote to the shared /tmp");
});

Deno.test("run grant: a write grant inside /tmp stays writable and readable", async () => {
  await using z = await tempZot();
  const granted = join(z.root, "granted");
  await Deno.mkdir(granted);
  await Deno.writeTextFile(join(granted, "in.txt"), "granted-input\n");
  const out = await inView(z, `cat ${granted}/in.txt; echo out > ${granted}/out.txt`, [granted]);
  assertStringIncludes(out, "granted-input");
  assertEquals(readOr(join(granted, "out.txt")), "out\n", out);
});

Deno.test("run grant view: without bubblewrap on the search path it is refused, never a bare command", async () => {
  await using z = await tempZot();
  const bin = join(z.root, "bin");
  await Deno.mkdir(bin);
  await Deno.symlink("/bin/sh", join(bin, "sh"));
  const view = confineRunGrant("sh", ["-c", "true"], {
    name: "x",
    run: ["sh"],
    zotHome: z.home,
    extensionDir: z.cwd,
    dataDir: z.cwd,
    searchPath: bin,
    os: "linux",
    hosts: false,
  });
  assertEquals(view.ok, false);
  assertStringIncludes(!view.ok ? view.why : "", "apt install bubblewrap");
});
