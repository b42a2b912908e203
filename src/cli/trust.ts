/**
 * `zot trust [dir]` / `zot untrust [dir]`: allow (or stop) the extensions
 * in a project's `./.zot/extensions` to run. Untrusted projects never start
 * them. Trusting pins the set as it is now (each extension, how it runs and
 * what it may do, listed with what changed since the last trust, then asked
 * about: `--yes` or a terminal); one added or changed later waits for
 * `zot trust` again.
 *
 * @module
 */

import type { Command } from "commander";
import { resolve } from "../path.ts";
import { zotPaths } from "../config/paths.ts";
import { UsageError, ZotError } from "../errors.ts";
import { safeText } from "../safe_text.ts";
import { type ConsentIO, terminalConsentIO } from "../extensions/consent.ts";
import { trustReview } from "./trust_review.ts";
import {
  currentSet,
  isProjectTrusted,
  pinnedSet,
  trustedProjects,
  trustProject,
  type Unpinnable,
  untrustProject,
} from "../extensions/trust.ts";

async function isDirectory(path: string): Promise<boolean> {
  try {
    return (await Deno.stat(path)).isDirectory;
  } catch {
    return false;
  }
}

export interface TrustOptions {
  yes: boolean;
  io?: ConsentIO;
}

/**
 * Shows what trusting `target` lets run and asks (unless `yes`; refused without a terminal);
 * resolves to the line to print, throws ZotError on refusal. What is recorded is the set shown:
 * one that changed while the user read it is refused, not recorded.
 */
export async function trustCommand(
  trustPath: string,
  target: string,
  opts: TrustOptions,
): Promise<string> {
  const io = opts.io ?? terminalConsentIO;
  const already = await isProjectTrusted(trustPath, target);
  // What is trusted is this set of extensions, as they are now: said before it is recorded.
  const previous = already ? await pinnedSet(trustPath, target) : undefined;
  const unpinnable: Unpinnable[] = [];
  const set = await currentSet(target, unpinnable);
  const lines = await trustReview(target, set, previous, unpinnable);
  if (lines.length) {
    io.print(`the extensions of this project that will run:`);
    for (const line of lines) io.print(safeText(line));
  }
  // Nothing that would run: trusting unlocks nothing until `zot trust` is run again.
  if (Object.keys(set).length > 0 && !opts.yes) {
    if (!io.interactive()) {
      throw new ZotError(
        "trust",
        `Not trusted: stdin is not a terminal, so nobody could agree ` +
          `(review the extensions above and run "zot trust --yes")`,
      );
    }
    if (!(await io.ask(safeText(`Trust ${target} and let these extensions run?`)))) {
      throw new ZotError("trust", `Not trusted: you declined (nothing was recorded)`);
    }
  }
  // The set recorded is the one shown: an extension changed while the user read is not trusted.
  const now = await currentSet(target, []);
  if (JSON.stringify(now) !== JSON.stringify(set)) {
    throw new ZotError(
      "trust",
      `Not trusted: the project's extensions changed while you were reviewing them ` +
        `(run "zot trust" again to review them as they are now)`,
    );
  }
  const key = await trustProject(trustPath, target, new Date(), set);
  return already ? `trusted ${key} again, with the extensions above` : `trusted ${key}`;
}

export function addTrustCommands(root: Command, _setExit: (code: number) => void): void {
  root.command("trust")
    .description("let the extensions in a project's .zot/extensions run (default: this directory)")
    .argument("[dir]", "project directory")
    .option("--list", "show the trusted projects")
    .option("-y, --yes", "trust without asking (after reading what it lets run)")
    .action(async (dir: string | undefined, options: { list?: boolean; yes?: boolean }) => {
      const paths = zotPaths(Deno.cwd());
      if (options.list) {
        for (const p of await trustedProjects(paths.trust)) console.log(p);
        return;
      }
      const target = resolve(dir ?? Deno.cwd());
      if (!(await isDirectory(target))) {
        throw new UsageError(
          `Cannot trust "${target}": not a directory (pass a project directory, or run "zot trust" inside it)`,
        );
      }
      console.error(await trustCommand(paths.trust, target, { yes: options.yes ?? false }));
    });
  root.command("untrust")
    .description("stop the extensions in a project's .zot/extensions from running")
    .argument("[dir]", "project directory")
    .action(async (dir: string | undefined) => {
      const paths = zotPaths(Deno.cwd());
      const target = resolve(dir ?? Deno.cwd());
      const was = await untrustProject(paths.trust, target);
      console.error(was ? `no longer trusting ${target}` : `${target} was not trusted`);
    });
}
