/**
 * `zot upgrade [--check]`: replaces a compiled zot with the latest release
 * (upgrade.ts). A zot run from source by deno never replaces anything: the
 * binary there is deno itself, so it says how to update the checkout.
 *
 * @module
 */

import type { Command } from "commander";
import { fileURLToPath } from "node:url";
import { EXIT_FAILURE } from "../../errors.ts";
import { isCompiled } from "../../self_exec.ts";
import { ZOT_VERSION } from "../../version.ts";
import { BASE_URL_ENV, DEFAULT_BASE_URL, parseBaseUrl } from "./release.ts";

/** What a zot run from source says instead of upgrading. */
export function fromSourceAdvice(): string {
  const checkout = fileURLToPath(new URL("../../..", import.meta.url)).replace(/[\\/]$/, "");
  return `zot runs from source here (${Deno.execPath()} runs ${checkout}), so "zot upgrade" ` +
    `leaves it alone: update the checkout (git -C ${checkout} pull), then run ` +
    `"deno task install" there again if you installed zot that way`;
}

/** Whether `binary --version` prints exactly this zot's version. */
export async function answersAsZot(binary: string): Promise<boolean> {
  try {
    const out = await new Deno.Command(binary, {
      args: ["--version"],
      stdin: "null",
      stdout: "piped",
      stderr: "null",
    }).output();
    return out.success && new TextDecoder().decode(out.stdout).trim() === ZOT_VERSION;
  } catch {
    return false;
  }
}

export function addUpgradeCommand(root: Command, setExit: (code: number) => void): void {
  root.command("upgrade")
    .description("replace this zot with the latest release (verified against SHA256SUMS)")
    .option("--check", "only say whether a newer release exists")
    .addHelpText(
      "after",
      `
Releases come from ${DEFAULT_BASE_URL} (${BASE_URL_ENV} names a mirror).
The archive must match its SHA256SUMS entry and the new binary must run before it replaces
this one, in one rename; when any step fails, the installed zot stays as it was.\n`,
    )
    .action(async (opts: { check?: boolean }) => {
      // The name says "not deno"; the binary itself must also answer as this zot, so a deno
      // under another name (or anything else running main.ts) is never what gets replaced.
      if (!isCompiled() || !(await answersAsZot(Deno.execPath()))) {
        console.error(fromSourceAdvice());
        setExit(EXIT_FAILURE);
        return;
      }
      const base = parseBaseUrl(Deno.env.get(BASE_URL_ENV));
      if ("error" in base) {
        console.error(`zot: Cannot upgrade: ${base.error}`);
        setExit(EXIT_FAILURE);
        return;
      }
      // Loaded when used: the command tree is built for every subcommand.
      const { upgrade } = await import("./upgrade.ts");
      const result = await upgrade({
        target: Deno.execPath(),
        baseUrl: base.url,
        currentVersion: ZOT_VERSION,
        check: opts.check,
      });
      if (result.ok) console.log(result.message);
      else {
        console.error(`zot: ${result.error}`);
        setExit(EXIT_FAILURE);
      }
    });
}
