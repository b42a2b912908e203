/**
 * `zot ext enable <name>` and `zot ext disable <name>`.
 *
 * @module
 */

import { join } from "../../path.ts";
import type { Command } from "commander";
import { ZotError } from "../../errors.ts";
import { type ExtCliContext, writeErr } from "./context.ts";

async function toggle(ctx: ExtCliContext, name: string, value: boolean): Promise<void> {
  // Loaded when the command runs, not to build `zot --help`.
  const [{ setEnabled }, { MANIFEST_FILE }, { lookupOne }] = await Promise.all([
    import("../../extensions/manage/enable.ts"),
    import("../../extensions/manifest.ts"),
    import("../../extensions/manage/lookup.ts"),
  ]);
  const found = await lookupOne(ctx.paths(), name);
  if (!found.ok) throw new ZotError("ext-lookup", found.message);
  // An invalid install has no parsed source; its manifest is at the same place.
  await setEnabled(join(found.install.dir, MANIFEST_FILE), value);
  writeErr(`${value ? "enabled" : "disabled"} ${name}`);
}

export function addToggleCommands(ext: Command, ctx: ExtCliContext): void {
  ext.command("enable")
    .description("re-enable a disabled extension (manifest or directory name)")
    .argument("<name>", "manifest name or install directory name")
    .action((name: string) => toggle(ctx, name, true));
  ext.command("disable")
    .description("disable an extension without removing it")
    .argument("<name>", "manifest name or install directory name")
    .action((name: string) => toggle(ctx, name, false));
}
