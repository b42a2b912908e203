/**
 * The sandbox of the `bash` tool (`--sandbox`, the `bashSandbox` setting, `/sandbox`): what a
 * sandboxed command may reach, as an OS policy. Writes go to the project and a private temp
 * directory; reads go everywhere except the places where credentials live; the network reaches
 * only the hosts the user allowed. The policy is computed at each call, so `/sandbox` and `/cd`
 * apply to the next command without rebuilding the tool.
 *
 * The OS sandbox itself (bubblewrap and a filtering proxy on Linux, Seatbelt on macOS) is
 * injected as {@linkcode OsConfiner}: this module decides what is allowed, never how.
 *
 * @module
 */

import { join, resolve } from "../path.ts";
import type { OsPolicy } from "../ossandbox/policy.ts";
import type { OsSandboxStatus } from "../ossandbox/availability.ts";
import type { Confined } from "../ossandbox/confine.ts";
import { sandboxEnv } from "./bash_env.ts";

/** What the OS sandbox enforces for one command: the OS sandbox core's own policy. */
export type BashOsPolicy = OsPolicy;

/** Whether the OS sandbox can run here; when not, why and what to do. */
export type { OsSandboxStatus };

/** A command wrapped to run confined; `release` frees what wrapping took, after the child ends. */
export type ConfinedCommand = Confined;

/** The OS sandbox, as the bash tool uses it. */
export interface OsConfiner {
  status(): Promise<OsSandboxStatus>;
  confine(argv: string[], policy: BashOsPolicy, cwd: string): Promise<ConfinedCommand>;
}

/**
 * The switchable state shared by the tool, the TUI's `/sandbox` and the status line. `enabled`
 * is read at each call; `net` and `loopback` come from the settings.
 */
export interface BashSandbox {
  enabled: boolean;
  /** Hosts a sandboxed command may reach (the `bashSandbox.net` setting). */
  net: string[];
  /** Whether loopback is reachable (the `bashSandbox.loopback` setting). */
  loopback: boolean;
  /** Variables passed although they look like credentials (the `bashSandbox.env` setting). */
  passEnv?: string[];
  /** zot's environment, which a command gets without its credentials; defaults to the process's. */
  hostEnv?: Record<string, string>;
  /** The project: writable. Fixed at start, so `/cd /` does not make everything writable. */
  project: string;
  /** `$ZOT_HOME`: never readable nor writable, as a whole. */
  zotHome: string;
  /** The user's home, where most credentials live. */
  home?: string;
  /** The OS sandbox; absent where none was wired (then `enabled` commands are refused). */
  confiner?: OsConfiner;
  /** The private temp directory, made at the first sandboxed command. */
  tmp?: string;
}

/**
 * Where credentials live, relative to the home directory. Directories deny everything below
 * them. Cloud CLIs, package managers, VCS hosts and password stores; the list errs on the side
 * of denying, since a sandboxed command rarely needs any of them and an agent never should.
 *
 * A directory is listed where one holds only credentials (`.docker`, `.config/pip`), not the
 * file in it: the OS sandbox hides a file by mounting over it, and a file replaced by rename
 * while the command runs (how tools save their credentials) takes the mount with it, so the
 * command would read the new file. A directory keeps its mount whatever happens inside it. The
 * files that sit directly in the home or beside code and caches (`.npmrc`, `.cargo/credentials`)
 * can only be listed as files, with that one gap.
 */
export const HOME_SECRETS: readonly string[] = [
  ".ssh",
  ".aws",
  ".gnupg",
  ".azure",
  ".config/gcloud",
  ".config/gh",
  ".config/hub",
  ".config/glab-cli",
  ".config/doctl",
  ".config/op",
  ".oci",
  ".kube",
  ".docker",
  ".netrc",
  ".git-credentials",
  ".config/git/credentials",
  ".npmrc",
  ".yarnrc",
  ".yarnrc.yml",
  ".pypirc",
  ".config/pip",
  ".cargo/credentials",
  ".cargo/credentials.toml",
  ".gem/credentials",
  ".m2/settings.xml",
  ".gradle/gradle.properties",
  ".composer/auth.json",
  ".config/composer/auth.json",
  ".terraform.d/credentials.tfrc.json",
  ".vault-token",
  ".password-store",
  ".local/share/keyrings",
  ".pgpass",
  // The X server cookie: with it, a command could type into your other windows.
  ".Xauthority",
  ".ICEauthority",
  ".my.cnf",
];

/**
 * Places in the project that run code later, outside the sandbox, when written: git's hooks
 * and configuration (`core.fsmonitor`, `core.hooksPath`, filters, aliases run programs when
 * you or zot use git), zot's project extensions, skills and settings, editors' task files and
 * direnv's `.envrc`. Writing them would turn one sandboxed command into an unconfined one.
 */
export const PROJECT_CODE_PATHS: readonly string[] = [
  ".git/hooks",
  ".git/config",
  ".git/info",
  ".gitmodules",
  ".zot",
  ".vscode",
  ".idea",
  ".envrc",
];

/** What a sandboxed command may not write inside its writable directories. */
export function protectedPaths(project: string, zotHome: string): string[] {
  const root = resolve(project);
  return [...PROJECT_CODE_PATHS.map((rel) => join(root, rel)), resolve(zotHome)];
}

/**
 * Every path a sandboxed command may not read. zot's home is denied as a whole directory,
 * never entry by entry: zot saves its keys, consents and settings by writing a temp file beside
 * the old one and renaming it over it, and a deny by name would neither cover the temp file nor
 * survive the rename (see {@linkcode HOME_SECRETS}). The directory must exist when the command
 * is wrapped: a deny of a missing path holds nothing (bash_launch.ts makes it).
 */
export function secretPaths(home: string | undefined, zotHome: string): string[] {
  const paths = [...zotHomePaths(zotHome)];
  if (home) paths.push(...HOME_SECRETS.map((rel) => join(resolve(home), rel)));
  return paths;
}

/** `zotHome` as written and, when it is a link, where it leads: both are denied. */
function zotHomePaths(zotHome: string): string[] {
  const lexical = resolve(zotHome);
  let real = lexical;
  try {
    real = Deno.realPathSync(lexical);
  } catch {
    // Not there (yet): the lexical path is all there is to deny.
  }
  return real === lexical ? [lexical] : [lexical, real];
}

/**
 * The policy of one sandboxed command. `tmp` is the private temp directory; `stored` are the
 * keys in `auth.json`, kept out of the environment under any name.
 */
export function bashPolicy(
  box: BashSandbox,
  tmp: string,
  env: Record<string, string>,
  stored: readonly string[] = [],
): BashOsPolicy {
  // Credentials (tokens, passwords, zot's keys, agent sockets) stay out: bash_env.ts.
  const clean = sandboxEnv(env, box.passEnv, stored).env;
  // Programs that honour it keep their temporary files where they may write.
  clean.TMPDIR = tmp;
  return {
    readDeny: secretPaths(box.home, box.zotHome),
    readAllow: [],
    write: [resolve(box.project), tmp],
    writeDeny: protectedPaths(box.project, box.zotHome),
    netHosts: [...box.net],
    loopback: box.loopback,
    env: clean,
  };
}
