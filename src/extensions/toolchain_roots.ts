/**
 * Toolchain managers that install interpreters under the home directory (pyenv, rbenv, nodenv,
 * asdf, mise, nvm, volta, deno, bun, cargo), as a confined extension needs them. A confined
 * program cannot read the home directory, so `#!/usr/bin/env python3` that finds a pyenv shim
 * first on `PATH` would not even start. When the program, or the interpreter its `#!` line names
 * (looked up on the `PATH` the extension gets, as `env` does), lies inside one of the fixed roots
 * below, that root becomes readable, read-only, and nothing else of the home.
 *
 * The list is fixed here, never taken from the environment, and a root is opened only when its
 * real path is neither the home directory nor an ancestor of it, of `~/.local`, `~/.config`,
 * zot's home or a place credentials live, nor inside one of them: a `~/.pyenv` that is a link to
 * the home would otherwise open all of it.
 *
 * What is opened is scanned whole for credential files (toolchain_secrets.ts), which are then
 * denied; a scan that does not finish refuses the start. To keep that scan short, a manager that
 * keeps each version in a folder of its own (pyenv, rbenv, nodenv) is opened without its other
 * versions: its own files, and the versions its version settings name (the `*_VERSION` variable,
 * a version file from the extension's folder up, the global one).
 *
 * @module
 */

import { delimiter, isAbsolute, join, resolve } from "../path.ts";
import { isInside } from "../path_inside.ts";
import { scanCredentialFiles } from "./toolchain_secrets.ts";
import { versionOf, withoutOtherVersions } from "./toolchain_versions.ts";

/** One toolchain manager's tree under the home directory. */
export interface ToolchainRoot {
  /** Relative to the home directory. */
  rel: string;
  tool: string;
  /** The variable that tells the tool where its tree is (its default names `$HOME`, moved). */
  rootEnv?: string;
  /** Variables that pick a version, passed from zot's environment when set there. */
  pass?: string[];
  /**
   * Where each version lives in a folder of its own (`versions/3.12.1`), and the name of the
   * file that picks one (`.python-version`, looked for from the working directory up, and
   * `version` at the root for all): only the versions picked are opened.
   */
  versions?: { dir: string; file: string };
}

/** The trees opened read-only when an extension's interpreter is inside one. */
export const TOOLCHAIN_ROOTS: readonly ToolchainRoot[] = [
  {
    rel: ".pyenv",
    tool: "pyenv",
    rootEnv: "PYENV_ROOT",
    pass: ["PYENV_VERSION"],
    versions: { dir: "versions", file: ".python-version" },
  },
  {
    rel: ".rbenv",
    tool: "rbenv",
    rootEnv: "RBENV_ROOT",
    pass: ["RBENV_VERSION"],
    versions: { dir: "versions", file: ".ruby-version" },
  },
  {
    rel: ".nodenv",
    tool: "nodenv",
    rootEnv: "NODENV_ROOT",
    pass: ["NODENV_VERSION"],
    versions: { dir: "versions", file: ".node-version" },
  },
  { rel: ".asdf", tool: "asdf", rootEnv: "ASDF_DATA_DIR" },
  { rel: ".local/share/mise", tool: "mise", rootEnv: "MISE_DATA_DIR" },
  { rel: ".nvm/versions", tool: "nvm" },
  { rel: ".volta", tool: "volta", rootEnv: "VOLTA_HOME" },
  { rel: ".deno/bin", tool: "deno" },
  { rel: ".bun/bin", tool: "bun" },
  { rel: ".cargo/bin", tool: "cargo" },
];

/**
 * Places under the home directory a toolchain root may neither contain nor lie in: where
 * credentials live, and the folders that hold them among other things (`~/.config`, `~/.local`
 * with its keyrings).
 */
export const NEVER_OPENED: readonly string[] = [
  ".local/share/keyrings",
  ".config",
  ".ssh",
  ".gnupg",
  ".aws",
  ".azure",
  ".kube",
  ".docker",
  ".oci",
  ".password-store",
  ".netrc",
  ".git-credentials",
  ".npmrc",
  ".yarnrc",
  ".yarnrc.yml",
  ".pypirc",
  ".pgpass",
  ".my.cnf",
  ".vault-token",
  ".cargo/credentials",
  ".cargo/credentials.toml",
  ".gem",
  ".m2",
  ".gradle",
  ".terraform.d",
  ".composer",
];

/** Folders that are never opened as a whole, though a root may lie below them. */
const NEVER_WHOLE: readonly string[] = ["", ".local", ".local/share"];

/** What a confined extension may additionally read (and be told) to run its interpreter. */
export interface ToolchainAccess {
  read: string[];
  /** Files inside `read` that hold credentials (a global npmrc): never readable. */
  deny: string[];
  env: Record<string, string>;
}

export type InterpreterCheck =
  | { ok: true; value: ToolchainAccess }
  | { ok: false; error: string };

export interface InterpreterRequest {
  /** The resolved program (as found, before links are followed). */
  program: string;
  /** The `PATH` the extension gets. */
  searchPath: string;
  home: string | undefined;
  zotHome: string;
  /** Trees the policy already lets it read. */
  readable: readonly string[];
  hostEnv: Record<string, string>;
  /** Where the program runs (the extension's folder): version files are looked for from here. */
  cwd?: string;
  /** Entries a credential scan may look at (tests); default: MAX_SCAN_ENTRIES. */
  scanLimit?: number;
}

/** `#!` lines followed: a shim that runs a script that names an interpreter, and no further. */
const MAX_HOPS = 4;

/**
 * The toolchain roots the extension needs to start, or why its interpreter cannot be reached
 * (it lies where a confined extension cannot read, in no known root).
 */
export async function interpreterAccess(r: InterpreterRequest): Promise<InterpreterCheck> {
  const roots = new Roots(r);
  const readable = await Promise.all(r.readable.map(real));
  // Where the path leads decides: a link from /usr/local/bin into the home is not readable.
  const reachable = async (path: string) => {
    const target = await real(path);
    if (readable.some((tree) => isInside(tree, target))) return true;
    return await roots.open(path) || await roots.open(target);
  };
  // The program file itself is readable wherever it is; a shim among the roots needs its root.
  await roots.open(r.program);
  let current = await real(r.program);
  for (let hop = 0; hop < MAX_HOPS; hop++) {
    const named = interpreterOf(await firstLine(current));
    if (!named) break;
    const candidates = named.viaEnv ? onPath(named.name, r.searchPath) : [named.name];
    let next: string | undefined;
    for (const candidate of candidates) {
      if (await reachable(candidate)) {
        next = candidate;
        break;
      }
    }
    if (next === undefined) {
      // Not found at all: the program fails with the ordinary error, as it would unconfined.
      if (candidates.length === 0) break;
      return { ok: false, error: unreachable(named.name, current, candidates[0], r.home) };
    }
    current = await real(next);
  }
  return await roots.access();
}

/** The refusal: where the interpreter is, why it cannot be read, and the ways out. */
function unreachable(name: string, script: string, found: string, home?: string): string {
  const where = home && isInside(resolve(home), found)
    ? "under your home directory, which a confined extension cannot read"
    : "where a confined extension cannot read";
  const tools = TOOLCHAIN_ROOTS.map((t) => t.tool).join(", ");
  return `its interpreter "${name}" (the "#!" line of ${script}) is ${found}, ${where} ` +
    `(install it outside your home directory or with a toolchain manager zot opens read-only ` +
    `(${tools}), or grant its folder in "scope.read")`;
}

/** The roots opened so far, each checked once. */
class Roots {
  #read = new Set<string>();
  #env: Record<string, string> = {};
  #checked = new Map<string, Promise<string[] | undefined>>();
  constructor(private r: InterpreterRequest) {}

  /** Opens the root `path` lies in (and a link's target file); false when none may be. */
  async open(path: string): Promise<boolean> {
    const { home } = this.r;
    if (!home || !isAbsolute(path)) return false;
    const at = resolve(path);
    const root = TOOLCHAIN_ROOTS.find((t) => isInside(join(resolve(home), t.rel), at));
    if (!root) return false;
    const lexical = join(resolve(home), root.rel);
    let trees = this.#checked.get(lexical);
    if (!trees) {
      trees = safeTrees(lexical, home, this.r.zotHome).then((safe) =>
        safe && root.versions ? withoutOtherVersions(safe, root, this.r) : safe
      );
      this.#checked.set(lexical, trees);
    }
    let opened = await trees;
    if (!opened) return false;
    // A path inside a version not picked (a `#!` line that names one): that version too.
    if (root.versions && !opened.some((t) => isInside(t, at))) {
      opened = [...opened, ...await versionOf(lexical, root.versions.dir, at)];
    }
    if (!opened) return false;
    // A shim that links elsewhere (mise's link to its own binary): that one file too.
    const target = await real(at);
    if (!opened.some((t) => isInside(t, target))) {
      if (await sensitive(target, home, this.r.zotHome)) return false;
      this.#read.add(target);
    }
    for (const tree of opened) this.#read.add(tree);
    if (root.rootEnv) this.#env[root.rootEnv] = lexical;
    for (const name of root.pass ?? []) {
      const value = this.r.hostEnv[name];
      if (value !== undefined) this.#env[name] = value;
    }
    return true;
  }

  /** What was opened, with the credential files in it denied; refused when a scan stopped. */
  async access(): Promise<InterpreterCheck> {
    const read = [...this.#read];
    const deny: string[] = [];
    for (const tree of read) {
      const scan = await scanCredentialFiles(tree, this.r.scanLimit);
      if (!scan.complete) {
        return {
          ok: false,
          error: `the toolchain folder "${tree}" its interpreter needs could not be checked for ` +
            `credential files: ${scan.why} (grant the folder in "scope.read" to let the ` +
            `extension read all of it, or install the interpreter outside your home directory)`,
        };
      }
      deny.push(...scan.found);
    }
    // A credential file opened on its own (an entry of a root) is not opened at all.
    const kept = read.filter((path) => !deny.includes(path));
    return { ok: true, value: { read: kept, deny: unique(deny), env: { ...this.#env } } };
  }
}

/**
 * The paths to open for the root at `lexical` (it and its real path), or undefined when it is
 * missing, not a directory, or leads to the home itself, an ancestor of it, a folder that holds
 * credentials, or into one.
 */
export async function safeTrees(
  lexical: string,
  home: string,
  zotHome: string,
): Promise<string[] | undefined> {
  let target: string;
  try {
    target = await Deno.realPath(lexical);
    if (!(await Deno.stat(target)).isDirectory) return undefined;
  } catch {
    return undefined;
  }
  const homes = unique([resolve(home), await real(home)]);
  const never = [
    ...homes.flatMap((h) => NEVER_WHOLE.map((rel) => join(h, rel))),
    ...(await protectedPlaces(home, zotHome)),
  ];
  for (const tree of unique([lexical, target])) {
    // The root may not hold any of them (the home itself included)...
    if (never.some((place) => isInside(tree, place))) return undefined;
    // ...nor lie inside a place credentials live.
    if (await sensitive(tree, home, zotHome)) return undefined;
  }
  return unique([lexical, target]);
}

/** Whether `path` is inside a place credentials live, or zot's home. */
async function sensitive(path: string, home: string, zotHome: string): Promise<boolean> {
  return (await protectedPlaces(home, zotHome)).some((place) => isInside(place, path));
}

/** The credential places and zot's home, as written and as real paths. */
async function protectedPlaces(home: string, zotHome: string): Promise<string[]> {
  const homes = unique([resolve(home), await real(home)]);
  const places = homes.flatMap((h) => NEVER_OPENED.map((rel) => join(h, rel)));
  return unique([...places, resolve(zotHome), await real(zotHome)]);
}

/** The interpreter a `#!` line names: a path, or a name `env` looks up on `PATH`. */
export function interpreterOf(
  line: string | undefined,
): { name: string; viaEnv: boolean } | undefined {
  if (!line?.startsWith("#!")) return undefined;
  const words = line.slice(2).trim().split(/\s+/).filter((w) => w !== "");
  const [interpreter, ...rest] = words;
  if (!interpreter) return undefined;
  if (!interpreter.endsWith("/env")) return { name: interpreter, viaEnv: false };
  // `env [-S] [-i] [NAME=value]... program`: the first word that is neither.
  const name = rest.find((w) => !w.startsWith("-") && !w.includes("="));
  if (!name) return undefined;
  return { name, viaEnv: !name.includes("/") };
}

/** Every executable named `name` on `searchPath`, in order (absolute entries only). */
function onPath(name: string, searchPath: string): string[] {
  const found: string[] = [];
  for (const dir of searchPath.split(delimiter)) {
    if (!isAbsolute(dir)) continue;
    const path = join(dir, name);
    try {
      const info = Deno.statSync(path);
      if (info.isFile && ((info.mode ?? 0o755) & 0o111) !== 0) found.push(path);
    } catch {
      // not there
    }
  }
  return found;
}

/** The first line of `path` when it starts with `#!` (at most 256 bytes), else undefined. */
async function firstLine(path: string): Promise<string | undefined> {
  let file: Deno.FsFile | undefined;
  try {
    file = await Deno.open(path, { read: true });
    const buf = new Uint8Array(256);
    const n = await file.read(buf);
    if (n === null || n < 2 || buf[0] !== 0x23 || buf[1] !== 0x21) return undefined;
    return new TextDecoder().decode(buf.subarray(0, n)).split("\n")[0];
  } catch {
    return undefined;
  } finally {
    file?.close();
  }
}

async function real(path: string): Promise<string> {
  return await Deno.realPath(path).catch(() => resolve(path));
}

function unique(list: string[]): string[] {
  return [...new Set(list)];
}
