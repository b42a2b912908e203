/**
 * `zot ext grant <name> [--yes] [--revoke]`: review a sandboxed extension's
 * scope and store (or drop) the user's consent for it.
 *
 * @module
 */

import type { Command } from "commander";
import type { ZotPaths } from "../../config/paths.ts";
import { ZotError } from "../../errors.ts";
import { safeText } from "../../safe_text.ts";
import type { ConsentIO } from "../../extensions/consent.ts";
import { type ExtCliContext, writeErr } from "./context.ts";

export interface GrantOptions {
  yes?: boolean;
  revoke?: boolean;
  io?: ConsentIO;
}

/** Grant or revoke; resolves to the line to print, throws ZotError on refusal. */
export async function grantCommand(
  paths: ZotPaths,
  name: string,
  opts: GrantOptions = {},
): Promise<string> {
  // Loaded when the command runs, not to build `zot --help`.
  const [{ askConsent, terminalConsentIO }, { isSandboxedExec }, { lookupOne }, scopes, grants] =
    await Promise.all([
      import("../../extensions/consent.ts"),
      import("../../extensions/launch.ts"),
      import("../../extensions/manage/lookup.ts"),
      import("../../extensions/scope.ts"),
      import("../../sandbox/grants.ts"),
    ]);
  const { findGrant, removeGrant, saveGrant } = grants;
  const io = opts.io ?? terminalConsentIO;
  const found = await lookupOne(paths, name);
  if (!found.ok) throw new ZotError("ext-lookup", found.message);
  if (!found.install.ok) {
    throw new ZotError(
      "ext-grant",
      `Cannot grant "${name}": ${found.install.problem} (run "zot ext doctor ${name}")`,
    );
  }
  const source = found.install.source;
  const { dir } = source;
  if (opts.revoke) {
    const had = await removeGrant(paths.grants, dir);
    return had ? `revoked the grant of "${name}"` : `"${name}" had no stored grant`;
  }
  const exec = source.manifest.exec;
  if (!exec || !isSandboxedExec(exec)) {
    throw new ZotError(
      "ext-grant",
      `"${name}" is not sandboxed, so there is no scope to grant (it runs with your full privileges)`,
    );
  }
  // What changed since the last grant is what the user has to judge: said before the question
  // (and before a refusal without a terminal), not after the answer.
  const previous = await findGrant(paths.grants, dir);
  const declared = scopes.parseScope(source.manifest.scope);
  if (previous && declared.ok) {
    const widened = scopes.scopeWidening(previous.scope, declared.scope);
    if (widened.length) io.print(safeText(`widened since the last grant: ${widened.join("; ")}`));
  }
  if (previous && previous.name !== source.manifest.name) {
    io.print(safeText(`renamed since the last grant: was "${previous.name}"`));
  }
  const answer = await askConsent(source, { yes: opts.yes ?? false, io, action: "Grant" });
  if (!answer.ok) throw new ZotError("ext-grant", `Not granted: ${answer.reason}`);
  await saveGrant(paths.grants, dir, source.manifest.name, answer.scope!);
  return `granted "${name}" its scope`;
}

export function addGrantCommand(ext: Command, ctx: ExtCliContext): void {
  ext.command("grant")
    .description("review a sandboxed extension's scope and allow it to run")
    .argument("<name>", "manifest name or install directory name")
    .option("-y, --yes", "accept the scope without asking")
    .option("--revoke", "forget the stored grant")
    .action(async (name: string, options: { yes?: boolean; revoke?: boolean }) => {
      writeErr(await grantCommand(ctx.paths(), name, options));
    });
}
