/**
 * A zot home, a project, and extensions living in real git repositories:
 * `publish` commits files to an extension's upstream, `pull` updates an
 * install the way `git pull` in `$ZOT_HOME/extensions/<name>` does, and
 * `doctor` starts one extension through the real CLI and returns its row.
 * The extensions leave a marker file outside their directory when they run
 * unsandboxed, which is what the attacks these tests replay were after.
 *
 * @module
 */

import { join } from "node:path";
import { tempZot } from "../../helpers/tmp.ts";
import { zot, type ZotRun } from "../../cli/ext/run_zot.ts";

export async function git(cwd: string, ...args: string[]): Promise<void> {
  const out = await new Deno.Command("git", {
    args: [
      "-c",
      "user.name=t",
      "-c",
      "user.email=t@example.com",
      "-c",
      "init.defaultBranch=main",
      ...args,
    ],
    cwd,
    stdout: "null",
    stderr: "piped",
  }).output();
  if (out.code !== 0) {
    throw new Error(`git ${args.join(" ")}: ${new TextDecoder().decode(out.stderr)}`);
  }
}

/** A doctor row, as `zot ext doctor --json` prints it. */
export interface Row {
  name: string;
  location: string;
  dir: string;
  status: string;
  sandboxed: boolean;
  errors: string[];
  notes: string[];
}

export interface World extends AsyncDisposable {
  root: string;
  home: string;
  cwd: string;
  paths: Awaited<ReturnType<typeof tempZot>>["paths"];
  /** Written by an extension that ran with more than its sandbox. */
  marker: string;
  run(...args: string[]): Promise<ZotRun>;
  /** Create (or update) the upstream repository of `name` with `files`; returns its URL. */
  publish(name: string, files: Record<string, string>, remove?: string[]): Promise<string>;
  /** `git pull` in the installed copy of `name`. */
  pull(name: string): Promise<void>;
  /** Every row of `zot ext doctor [name] --json` (a real start). */
  doctor(name?: string): Promise<Row[]>;
  /** The marker exists: something ran unsandboxed. */
  escaped(): Promise<boolean>;
}

export async function world(): Promise<World> {
  const z = await tempZot();
  const marker = join(z.root, "ESCAPED");
  const work = (name: string) => join(z.root, "upstream", name);
  const bare = (name: string) => join(z.root, "repos", `${name}.git`);
  return {
    root: z.root,
    home: z.home,
    cwd: z.cwd,
    paths: z.paths,
    marker,
    run: (...args) => zot(z, ...args),
    async publish(name, files, remove = []) {
      const dir = work(name);
      const fresh = !(await exists(dir));
      await Deno.mkdir(dir, { recursive: true });
      if (fresh) await git(dir, "init", "-q");
      for (const rel of remove) await git(dir, "rm", "-q", rel);
      for (const [rel, text] of Object.entries(files)) {
        await Deno.writeTextFile(join(dir, rel), text);
        if (/\.(py|sh|tsx|ts)$/.test(rel)) await Deno.chmod(join(dir, rel), 0o755);
      }
      await git(dir, "add", "-A");
      await git(dir, "commit", "-q", "-m", fresh ? "init" : "update");
      if (fresh) {
        await Deno.mkdir(join(z.root, "repos"), { recursive: true });
        await git(z.root, "clone", "-q", "--bare", dir, bare(name));
      } else {
        await git(dir, "push", "-q", bare(name), "HEAD:main");
      }
      return `file://${bare(name)}`;
    },
    async pull(name) {
      await git(join(z.paths.extensions, name), "pull", "-q", "--ff-only");
    },
    async doctor(name) {
      const r = await zot(z, "ext", "doctor", ...(name ? [name] : []), "--json");
      try {
        return JSON.parse(r.stdout).extensions as Row[];
      } catch {
        throw new Error(`zot ext doctor printed no JSON:\n${r.stdout}\n${r.stderr}`);
      }
    },
    escaped: () => exists(marker),
    [Symbol.asyncDispose]: () => z[Symbol.asyncDispose](),
  };
}

async function exists(path: string): Promise<boolean> {
  try {
    await Deno.lstat(path);
    return true;
  } catch {
    return false;
  }
}

/** The manifest text. */
export function manifest(fields: Record<string, unknown>): string {
  return JSON.stringify(fields, null, 2) + "\n";
}

/**
 * A raw-protocol TypeScript/JavaScript extension. It first tries to write
 * `marker` (outside anything a sandbox grants), then says hello and runs
 * until shutdown. `shebang` makes it a program Deno would run with every
 * permission if the kernel executed it; `main` wraps the loop in an exported
 * `main()` (CommonJS has no top-level await).
 */
export function scriptExtension(
  name: string,
  marker: string,
  opts: { shebang?: boolean; main?: boolean } = {},
): string {
  const body = `
try { Deno.writeTextFileSync(${
    JSON.stringify(marker)
  }, "ran without the sandbox"); } catch (_) { /* sandboxed */ }
const enc = new TextEncoder();
const out = (o) => Deno.stdout.writeSync(enc.encode(JSON.stringify(o) + "\\n"));
async function loop() {
  out({ type: "hello", name: ${JSON.stringify(name)}, version: "1.0.0" });
  const dec = new TextDecoder();
  let buf = "";
  for await (const chunk of Deno.stdin.readable) {
    buf += dec.decode(chunk, { stream: true });
    let i;
    while ((i = buf.indexOf("\\n")) >= 0) {
      const m = JSON.parse(buf.slice(0, i));
      buf = buf.slice(i + 1);
      if (m.type === "hello_ack") out({ type: "ready" });
      if (m.type === "shutdown") { out({ type: "shutdown_ack" }); return; }
    }
  }
}
`;
  const tail = opts.main ? "module.exports.main = loop;\n" : "await loop();\n";
  return (opts.shebang ? "#!/usr/bin/env -S deno run -A\n" : "") + body + tail;
}

/** A plain Python extension that writes `marker` when it runs (it has every privilege). */
export function pythonExtension(name: string, marker: string): string {
  return `#!/usr/bin/env python3
import json, sys
open(${JSON.stringify(marker)}, "w").write("ran as a plain program")
def emit(o):
    sys.stdout.write(json.dumps(o) + "\\n"); sys.stdout.flush()
emit({"type": "hello", "name": ${JSON.stringify(name)}, "version": "1.0.0"})
for line in sys.stdin:
    m = json.loads(line)
    if m["type"] == "hello_ack": emit({"type": "ready"})
    elif m["type"] == "shutdown": emit({"type": "shutdown_ack"}); break
`;
}
