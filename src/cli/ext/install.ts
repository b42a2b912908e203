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

export function interruptible(
  message: (what: string) => string = (what) =>
    `install interrupted by ${what}; rolled back, nothing was installed`,
): { signal: AbortSignal } & Disposable {
  const controller = new AbortController();
  const handlers = INTERRUPTS.map(({ signal, exitCode, what }) => {
    const text = message(what);
    const handler = () => controller.abort(new ZotError("interrupted", text, exitCode));
    try {
      Deno.addSignalListener(signal, handler);
    } catch {
      // Windows has no SIGTERM (only SIGINT and SIGBREAK): that signal cannot roll back here.
      return () => {};
    }
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
    .argument(
      "<source>",
      "a local directory, a git URL (url#<tag|branch|commit> pins it) or npm:<package>[@range]",
    )
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
      const install = installExtension(source, {
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
      try {
        await install;
      } catch (e) {
        if (!(e instanceof ZotError) || e.code !== "install-exists") throw e;
        await offerUpdate(source, e, options.yes ?? false, ctx, interrupt.signal);
      }
    });
}

/**
 * Installing a name that is installed already: on a terminal, offer to update it from `source`
 * instead; elsewhere the refusal stands (it names the update command).
 */
async function offerUpdate(
  source: string,
  refusal: ZotError,
  yes: boolean,
  ctx: ExtCliContext,
  signal: AbortSignal,
): Promise<void> {
  const [{ terminalConsentIO }, { updateExtension }, { parseSourceSpec, specDirName }, record] =
    await Promise.all([
      import("../../extensions/consent.ts"),
      import("../../extensions/manage/update.ts"),
      import("../../extensions/manage/fetch_source.ts"),
      import("../../extensions/manage/record.ts"),
    ]);
  if (!terminalConsentIO.interactive()) throw refusal;
  const name = specDirName(parseSourceSpec(source), basename);
  writeErr(refusal.message);
  if (!(await terminalConsentIO.ask(`Update "${name}" from ${source} instead?`))) {
    writeErr("nothing changed");
    return;
  }
  const out = await updateExtension(name, {
    paths: ctx.paths(),
    yes,
    io: terminalConsentIO,
    signal,
    source,
    log: writeErr,
  });
  writeErr(
    out.status === "up-to-date"
      ? `${name}: up to date (${record.describeOrigin(out.to)})`
      : `${name}: updated to ${record.describeOrigin(out.to)}`,
  );
}
