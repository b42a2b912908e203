/**
 * `zot ext install <path|git-url> [--yes]`: always into the global dir.
 * Scope consent (src/extensions/consent.ts) runs on the staged copy,
 * before it is renamed into place; `--yes` is passed through to it.
 *
 * @module
 */

import type { Command } from "commander";
import { basename, isAbsolute, join } from "../../path.ts";
import { ZotError } from "../../errors.ts";
import { type ExtCliContext, writeErr } from "./context.ts";

/** A relative exec (`./x`, `bin/x`) that is not in the installed directory; bare names use $PATH. */
async function missingExec(dir: string, exec: string | undefined): Promise<string | undefined> {
  if (!exec || !exec.includes("/") || isAbsolute(exec)) return undefined;
  try {
    await Deno.stat(join(dir, exec));
    return undefined;
  } catch {
    return exec;
  }
}

/**
 * Ctrl-C (or SIGTERM) during an install: without a listener Deno dies at
 * once and leaves the staging directory; with it the install stops git,
 * rolls back and exits 130 (143), the shell's status for that signal.
 */
const INTERRUPTS: { signal: Deno.Signal; exitCode: number; what: string }[] = [
  { signal: "SIGINT", exitCode: 130, what: "Ctrl-C" },
  { signal: "SIGTERM", exitCode: 143, what: "SIGTERM" },
];

function interruptible(): { signal: AbortSignal } & Disposable {
  const controller = new AbortController();
  const handlers = INTERRUPTS.map(({ signal, exitCode, what }) => {
    const message = `install interrupted by ${what}; rolled back, nothing was installed`;
    const handler = () => controller.abort(new ZotError("interrupted", message, exitCode));
    Deno.addSignalListener(signal, handler);
    return () => Deno.removeSignalListener(signal, handler);
  });
  return {
    signal: controller.signal,
    [Symbol.dispose]: () => handlers.forEach((remove) => remove()),
  };
}

export function addInstallCommand(ext: Command, ctx: ExtCliContext): void {
  ext.command("install")
    .description("copy / clone an extension into $ZOT_HOME/extensions/")
    .argument("<source>", "a local directory or a git URL")
    .option("-y, --yes", "accept the extension's requested permissions without asking")
    .action(async (source: string, options: { yes?: boolean }) => {
      // Loaded when the command runs, not to build `zot --help`.
      const [{ installConsent }, { installExtension }] = await Promise.all([
        import("../../extensions/consent.ts"),
        import("../../extensions/manage/install.ts"),
      ]);
      const paths = ctx.paths();
      const consent = installConsent(paths);
      using interrupt = interruptible();
      await installExtension(source, {
        paths,
        yes: options.yes ?? false,
        signal: interrupt.signal,
        // After consent, before the move: the note comes before "installed <dir>".
        confirm: async (staged, opts) => {
          const answer = await consent(staged, opts);
          const missing = answer.ok && await missingExec(staged.dir, staged.manifest.exec);
          if (missing) {
            writeErr(
              `note: exec "${missing}" is not in ${opts.destination}, so "${staged.manifest.name}" will not start (fix "exec" in extension.json; run "zot ext doctor ${
                basename(opts.destination)
              }")`,
            );
          }
          return answer;
        },
      });
    });
}
