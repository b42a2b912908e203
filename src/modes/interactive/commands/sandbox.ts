/**
 * `/sandbox`: switch the OS sandbox of the `bash` tool on or off for the rest of the session
 * (what `--sandbox` and the `bashSandbox` setting choose at start). Switching it on first asks
 * whether the OS sandbox can run here: it never shows "sandbox" on the status line while
 * commands would run unconfined.
 *
 * @module
 */

import type { BuiltinCommand } from "./types.ts";
import { sandboxEnv } from "../../../tools/bash_env.ts";
import { storedKeys } from "../../../config/stored_keys.ts";

export const sandbox: BuiltinCommand = {
  name: "sandbox",
  description: "run bash in the OS sandbox (project writable, secrets hidden), or stop",
  async run(ctx) {
    const box = ctx.setup.bashSandbox;
    if (box.enabled) {
      box.enabled = false;
      ctx.screen.status.setInfo({ sandboxed: false });
      ctx.status.show("sandbox off: bash commands run with your full privileges", "info", 5000);
      return;
    }
    const status = box.confiner
      ? await box.confiner.status()
      : { ok: false as const, reason: "no OS sandbox in this run", remedy: "restart zot" };
    if (!status.ok) {
      ctx.status.show(
        `Cannot turn the sandbox on: ${status.reason} (${status.remedy})`,
        "error",
        10000,
      );
      return;
    }
    box.enabled = true;
    ctx.screen.status.setInfo({ sandboxed: true });
    ctx.status.show("sandbox on: bash runs in the OS sandbox", "success", 5000);
    const hosts = box.net.length ? box.net.join(", ") : "none";
    // The keys in auth.json too: a copy of one under another name is withheld, and listed.
    const stored = await storedKeys(box.zotHome);
    const withheld = sandboxEnv(box.hostEnv ?? Deno.env.toObject(), box.passEnv, stored).withheld;
    ctx.screen.transcript.addInfo([
      "bash now runs in the OS sandbox.",
      `Writes: ${box.project} and a private temp directory.`,
      "Reads: everywhere except credentials (~/.ssh, ~/.aws, ~/.gnupg, cloud and package-manager credentials, zot's home).",
      `Network: only ${hosts} ("bashSandbox.net" in config.json).`,
      `Environment: yours without credentials (withheld: ${
        withheld.length ? withheld.join(", ") : "none"
      }; pass one with "bashSandbox.env" in config.json).`,
    ].join("\n"));
  },
};
