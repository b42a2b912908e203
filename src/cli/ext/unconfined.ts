/**
 * `zot ext unconfined <name> [--revoke]`: the user's explicit decision that
 * one extension whose scope needs the OS sandbox may run WITHOUT it where
 * the sandbox cannot run (no bubblewrap, Windows, no user namespaces). It
 * then runs with the user's full privileges, and says so at every start.
 * zot never takes this decision by itself.
 *
 * @module
 */

import type { Command } from "commander";
import type { ZotPaths } from "../../config/paths.ts";
import { ZotError } from "../../errors.ts";
import { type ExtCliContext, writeErr } from "./context.ts";

/** Allow or revoke; resolves to the line to print, throws ZotError when not found. */
export async function unconfinedCommand(
  paths: ZotPaths,
  name: string,
  opts: { revoke?: boolean } = {},
): Promise<string> {
  const [{ lookupOne }, { setUnconfined }] = await Promise.all([
    import("../../extensions/manage/lookup.ts"),
    import("../../sandbox/unconfined.ts"),
  ]);
  const found = await lookupOne(paths, name);
  if (!found.ok) throw new ZotError("ext-lookup", found.message);
  if (!found.install.ok) {
    throw new ZotError(
      "ext-grant",
      `Cannot change "${name}": ${found.install.problem} (run "zot ext doctor ${name}")`,
    );
  }
  const source = found.install.source;
  const real = source.manifest.name;
  if (opts.revoke) {
    const had = await setUnconfined(paths.home, source.dir, real, false);
    return had
      ? `"${real}" runs only inside the OS sandbox again`
      : `"${real}" was not allowed to run unconfined`;
  }
  await setUnconfined(paths.home, source.dir, real, true);
  return `allowed "${real}" to run UNCONFINED, with your full privileges, where the OS sandbox ` +
    `is unavailable (run "zot ext unconfined ${real} --revoke" to undo)`;
}

export function addUnconfinedCommand(ext: Command, ctx: ExtCliContext): void {
  ext.command("unconfined")
    .description(
      "let an extension whose scope needs the OS sandbox run without it where it is unavailable",
    )
    .argument("<name>", "manifest name or install directory name")
    .option("--revoke", "forget the decision: it runs only inside the OS sandbox again")
    .action(async (name: string, options: { revoke?: boolean }) => {
      writeErr(await unconfinedCommand(ctx.paths(), name, options));
    });
}
