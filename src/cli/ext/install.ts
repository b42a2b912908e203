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
import { isSandboxedExec } from "../../sandbox/launch_kind.ts";
import { type ExtCliContext, writeErr } from "./context.ts";

/**
 * Why a relative exec (`./x`, `bin/x`) in the installed directory will not start: missing, or
 * not executable (a JavaScript or TypeScript entry runs sandboxed and needs no exec bit). Bare
 * names use $PATH and are not checked.
 */
async function execProblem(
  dir: string,
  exec: string | undefined,
): Promise<"missing" | "not-executable" | undefined> {
  // An MCP server's `npm:` package is no file of the extension.
  if (!exec || exec.startsWith("npm:") || !exec.includes("/") || isAbsolute(exec)) {
    return undefined;
  }
  try {
    const info = await Deno.stat(join(dir, exec));
    if (isSandboxedExec(exec)) return undefined;
    if (!info.isFile || ((info.mode ?? 0o755) & 0o111) === 0) return "not-executable";
    return undefined;
  } catch {
    return "missing";
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
          const exec = staged.manifest.exec ?? "";
          const problem = answer.ok && await execProblem(staged.dir, exec);
          const name = staged.manifest.name;
          if (problem === "missing") {
            writeErr(
              `note: exec "${exec}" is not in ${opts.destination}, so "${name}" will not start (fix "exec" in extension.json; run "zot ext doctor ${
                basename(opts.destination)
              }")`,
            );
          } else if (problem === "not-executable") {
            const path = join(opts.destination, exec);
            writeErr(
              `note: exec "${exec}" is not executable, so "${name}" will not start (run "chmod +x ${path}")`,
            );
          }
          return answer;
        },
      });
    });
}
