/**
 * `zot ext grant <name> [--yes] [--revoke]`: review what an installed
 * extension is and may do, and record (or drop) the user's consent: for a
 * sandboxed one its scope, for a plain program that it runs with full
 * privileges, for every kind its name, exec and how it runs. Said first:
 * what changed since the last record, which is what the user has to judge.
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
  const [{ askConsent, terminalConsentIO }, identities, { lookupOne }, scopes, grants] =
    await Promise.all([
      import("../../extensions/consent.ts"),
      import("../../extensions/identity.ts"),
      import("../../extensions/manage/lookup.ts"),
      import("../../scope/widening.ts"),
      import("../../sandbox/grants.ts"),
    ]);
  const { lookupRecord, removeGrant, saveRecord } = grants;
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
  const now = await identities.identityOf(source);
  // What changed since the last record is what the user has to judge: said before the question
  // (and before a refusal without a terminal), not after the answer.
  const previous = await lookupRecord(paths.grants, dir);
  // A change is asked about even where a first grant would need no question (least privilege).
  let changed = false;
  if (previous.status === "unreadable") {
    io.print(safeText(`the last record cannot be read: ${previous.why}`));
    changed = true;
  }
  if (previous.status === "ok") {
    const rec = previous.record;
    for (const change of identities.identityChanges(rec, now)) {
      io.print(safeText(`changed since the last grant: ${change}`));
      changed = true;
    }
    if (rec.name !== now.name && (now.kind === "sandboxed" || now.kind === "confined")) {
      // The name picks the data directory: a rename may reach state another extension left.
      const { sandboxDataDir } = await import("../../sandbox/launch.ts");
      const data = await sandboxDataDir(paths, {
        name: source.manifest.name,
        project: source.kind === "project",
      });
      if (await Deno.stat(data).then(() => true, () => false)) {
        io.print(
          safeText(`as "${now.name}" it will use the data directory ${data}, which already exists`),
        );
      }
    }
    if (rec.scope && now.scope) {
      const widened = scopes.scopeWidening(rec.scope, now.scope);
      if (widened.length) io.print(safeText(`widened since the last grant: ${widened.join("; ")}`));
    }
  }
  const answer = await askConsent(source, {
    yes: opts.yes ?? false,
    io,
    action: "Grant",
    alwaysAsk: changed,
  });
  if (!answer.ok) throw new ZotError("ext-grant", `Not granted: ${answer.reason}`);
  await saveRecord(paths.grants, dir, { ...now, via: "grant" });
  switch (now.kind) {
    case "sandboxed":
      return `granted "${name}" its scope`;
    case "confined":
      return `granted "${name}" its scope (a plain program confined by the OS sandbox)`;
    case "plain":
      return `recorded "${name}" as a plain program with your full privileges`;
    case "passive":
      return `recorded "${name}" (it starts no program)`;
  }
}

export function addGrantCommand(ext: Command, ctx: ExtCliContext): void {
  ext.command("grant")
    .description("review what an installed extension may do and allow it to run as it is now")
    .argument("<name>", "manifest name or install directory name")
    .option("-y, --yes", "accept without asking")
    .option("--revoke", "forget the stored grant")
    .action(async (name: string, options: { yes?: boolean; revoke?: boolean }) => {
      writeErr(await grantCommand(ctx.paths(), name, options));
    });
}
