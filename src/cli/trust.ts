/**
 * `zot trust [dir]` / `zot untrust [dir]`: allow (or stop) the extensions
 * in a project's `./.zot/extensions` to run. Untrusted projects never start
 * them. Trusting pins the set as it is now (each extension and how it runs,
 * listed with what changed since the last trust); one added or changed later
 * waits for `zot trust` again.
 *
 * @module
 */

import type { Command } from "commander";
import { resolve } from "../path.ts";
import { zotPaths } from "../config/paths.ts";
import { UsageError } from "../errors.ts";
import {
  currentSet,
  describeSet,
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

export function addTrustCommands(root: Command, _setExit: (code: number) => void): void {
  root.command("trust")
    .description("let the extensions in a project's .zot/extensions run (default: this directory)")
    .argument("[dir]", "project directory")
    .option("--list", "show the trusted projects")
    .action(async (dir: string | undefined, options: { list?: boolean }) => {
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
      const already = await isProjectTrusted(paths.trust, target);
      // What is trusted is this set of extensions, as they are now: said before it is recorded.
      const previous = already ? await pinnedSet(paths.trust, target) : undefined;
      const unpinnable: Unpinnable[] = [];
      const set = await currentSet(target, unpinnable);
      const lines = describeSet(set, previous);
      for (const u of unpinnable) {
        lines.push(`  "${u.name}" (${u.dir}): will NOT run: zot cannot pin it: ${u.problem}`);
      }
      if (lines.length) {
        console.error(`the extensions of this project that will run:`);
        for (const line of lines) console.error(line);
      }
      const key = await trustProject(paths.trust, target, new Date(), set);
      console.error(already ? `trusted ${key} again, with the extensions above` : `trusted ${key}`);
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
