/**
 * The command line of a child zot. zot re-executes itself: under `deno run`
 * that is `deno run -A --config <repo>/deno.json <main.ts> --json …` (the
 * config carries the import map, and the child's cwd is the user's project,
 * not the repository); a compiled binary runs itself. An API key the child
 * must be given travels in its environment, never in argv (argv is
 * world-readable in /proc). The task goes on stdin for the same reason.
 *
 * @module
 */

import { KEY_ENV, NO_KEY } from "../../config/credentials.ts";
import type { ProviderName } from "../../config/provider_names.ts";
import { DENO_RUN_FLAGS, isCompiled } from "../../self_exec.ts";
import { join } from "../../path.ts";

import { DEPTH_ENV } from "./depth.ts";

export { DEPTH_ENV, depthOf, MAX_DEPTH } from "./depth.ts";

/** What the parent itself runs with, so the child talks to the same model. */
export interface ChildProfile {
  provider: ProviderName;
  model: string;
  /**
   * Set only when the child cannot find the key itself (the parent got it
   * from `--api-key`); a key from the environment or auth.json is found
   * there again, so it is not copied into one more place.
   */
  apiKey?: string;
  baseUrl?: string;
  /** `--transport` of the parent, so the child reaches the API the same way. */
  transport?: "sdk" | "fetch";
  /** Explicit `--ext` paths of the parent (absolute): guards apply to children too. */
  ext: string[];
  noExt: boolean;
  noSkill: boolean;
  withSkills: boolean;
  /** The parent's `--tools` allow list; a child never gets more. */
  allow?: readonly string[];
  maxSteps: number;
  /** The parent's own depth (0 for a top-level zot). */
  depth: number;
  /** The parent's `$ZOT_HOME`: the child reads the same config, auth and extensions. */
  home: string;
  /** The parent's bash runs in the OS sandbox now: the child's must too (`--sandbox`). */
  sandbox?: boolean;
}

export interface ChildCommand {
  command: string;
  args: string[];
  /** Added to the inherited environment. */
  env: Record<string, string>;
}

/** Tool names the child may use: the requested ones within the parent's allow list. */
export function childTools(
  requested: readonly string[] | undefined,
  allow: readonly string[] | undefined,
): string[] | undefined {
  if (!allow) return requested ? [...requested] : undefined;
  if (!requested) return [...allow];
  const allowed = new Set(allow);
  return requested.filter((name) => allowed.has(name));
}

export function childCommand(
  profile: ChildProfile,
  tools: readonly string[] | undefined,
  execPath: string = Deno.execPath(),
): ChildCommand {
  const flags = ["--json", "--no-session", "--provider", profile.provider];
  flags.push("--model", profile.model, "--max-steps", String(profile.maxSteps));
  if (profile.baseUrl) flags.push("--base-url", profile.baseUrl);
  if (profile.transport) flags.push("--transport", profile.transport);
  if (tools && tools.length === 0) flags.push("--no-tools");
  else if (tools) flags.push("--tools", tools.join(","));
  for (const path of profile.ext) flags.push("--ext", path);
  if (profile.noExt) flags.push("--no-ext");
  if (profile.noSkill) flags.push("--no-skill");
  if (profile.withSkills) flags.push("--with-skills");
  // A delegated command must not escape the parent's sandbox; the child refuses to start if it
  // cannot run one.
  if (profile.sandbox) flags.push("--sandbox");

  const env: Record<string, string> = {
    [DEPTH_ENV]: String(profile.depth + 1),
    ZOT_HOME: profile.home,
    NO_COLOR: "1",
    DENO_NO_UPDATE_CHECK: "1",
  };
  if (profile.apiKey && profile.apiKey !== NO_KEY) env[KEY_ENV[profile.provider]] = profile.apiKey;

  if (isCompiled(execPath)) return { command: execPath, args: flags, env };
  // import.meta.dirname, not node:url: no Node compatibility layer on the start-up path.
  const root = join(import.meta.dirname!, "..", "..", "..");
  const main = join(root, "main.ts");
  const config = join(root, "deno.json");
  const args = [
    "run",
    "-A",
    "--quiet",
    "--no-prompt",
    ...DENO_RUN_FLAGS,
    "--config",
    config,
    main,
    ...flags,
  ];
  return { command: execPath, args, env };
}
