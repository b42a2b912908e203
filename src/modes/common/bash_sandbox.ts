/**
 * The run's `bash` sandbox state: `--sandbox` / `--no-sandbox` over the `bashSandbox` setting,
 * wired to the OS sandbox. A run that starts with the sandbox on and an OS sandbox that cannot
 * run here stops before the first prompt with the remedy: never a silent unconfined run.
 *
 * @module
 */

import { ZotError } from "../../errors.ts";
import { homeDir } from "../../config/paths.ts";
import type { BashSandboxSettings } from "../../config/bash_sandbox.ts";
import type { BashSandbox, OsConfiner } from "../../tools/mod.ts";

/** The OS sandbox core, loaded only when a command is confined (start-up does not pay for it). */
export function osConfiner(): OsConfiner {
  return {
    status: async () => (await import("../../ossandbox/availability.ts")).osSandboxStatus(),
    confine: async (argv, policy, cwd) =>
      (await import("../../ossandbox/confine.ts")).confineCommand(argv, policy, cwd),
  };
}

export interface BashSandboxOptions {
  /** `--sandbox` (true), `--no-sandbox` (false), or neither. */
  flag: boolean | undefined;
  settings: BashSandboxSettings;
  project: string;
  zotHome: string;
  confiner?: OsConfiner;
}

/** The state, checked: throws a ZotError with the remedy when it starts on and cannot run. */
export async function createBashSandbox(o: BashSandboxOptions): Promise<BashSandbox> {
  const box: BashSandbox = {
    enabled: o.flag ?? o.settings.enabled,
    net: [...o.settings.net],
    loopback: o.settings.loopback,
    passEnv: [...o.settings.env ?? []],
    project: o.project,
    zotHome: o.zotHome,
    home: homeDir(),
    confiner: o.confiner ?? osConfiner(),
  };
  if (!box.enabled) return box;
  const status = await box.confiner!.status();
  if (!status.ok) {
    const how = o.flag ? "--sandbox" : '"bashSandbox.enabled" in config.json';
    throw new ZotError(
      "os-sandbox",
      `Cannot run bash in the OS sandbox (${how}): ${status.reason} (${status.remedy}; or run with --no-sandbox to run bash unconfined)`,
    );
  }
  return box;
}

/** Removes the private temp directory of sandboxed commands, if one was made (at shutdown). */
export async function removeSandboxTemp(box: BashSandbox): Promise<void> {
  if (!box.tmp) return;
  await Deno.remove(box.tmp, { recursive: true }).catch(() => {});
  box.tmp = undefined;
}
