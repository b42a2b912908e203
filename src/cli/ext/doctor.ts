/**
 * `zot ext doctor [name] [--json]`: the static scan, then a real start of
 * the runnable extensions (`--static` skips it).
 *
 * @module
 */

import { basename, join, resolve } from "../../path.ts";
import type { Command } from "commander";
import { UsageError, ZotError } from "../../errors.ts";
import type { LiveReport } from "../../extensions/manage/doctor_render.ts";
import type { ExtensionSource } from "../../extensions/types.ts";
import { safeJson } from "../../safe_text.ts";
import { type ExtCliContext, jsonFlag, writeOut } from "./context.ts";
import { NOTHING_INSTALLED } from "./list.ts";

interface DoctorOptions {
  static?: boolean;
  ext?: string[];
}

/**
 * `--ext` names working copies the user typed: one that is not there is a mistake in the
 * command, not a finding about an extension (exit 2, before anything is scanned).
 */
async function requireDirectories(dirs: readonly string[], cwd: string): Promise<void> {
  for (const dir of dirs) {
    let why: string | undefined;
    try {
      if (!(await Deno.stat(resolve(cwd, dir))).isDirectory) why = "not a directory";
    } catch {
      why = "no such directory";
    }
    if (why) {
      throw new UsageError(
        `Cannot diagnose "--ext ${dir}": ${why} (give the directory that holds ` +
          `extension.json; "zot ext doctor" alone checks the installed extensions)`,
      );
    }
  }
}

/**
 * The command that checks this entry again. A working copy is found only through `--ext`:
 * its name alone would look among the installed ones and miss it.
 */
function doctorAgain(entry: { scope: string; dir: string }): string {
  return entry.scope === "explicit"
    ? `zot ext doctor --ext ${entry.dir}`
    : `zot ext doctor ${basename(entry.dir)}`;
}

export function addDoctorCommand(ext: Command, ctx: ExtCliContext): void {
  ext.command("doctor")
    .description("diagnose load, registration, and conflict issues")
    .argument("[name]", "only this extension (manifest or directory name)")
    .option("--json", "print a JSON report")
    .option("--static", "only read manifests; do not start anything")
    .option(
      "-e, --ext <dir>",
      "diagnose this extension directory (a working copy, as zot --ext loads it); repeatable",
      (dir: string, dirs: string[]) => [...dirs, dir],
      [] as string[],
    )
    .action(async (name: string | undefined, options: DoctorOptions, cmd: Command) => {
      // Loaded when the command runs, not to build `zot --help`.
      const [
        { doctorScan, runnable },
        { NOT_FOUND_REMEDY },
        { checkPinned, isProjectTrusted },
        render,
      ] = await Promise.all([
        import("../../extensions/manage/doctor_scan.ts"),
        import("../../extensions/manage/lookup.ts"),
        import("../../extensions/trust.ts"),
        import("../../extensions/manage/doctor_render.ts"),
      ]);
      const { doctorRow, renderDoctor } = render;
      const json = jsonFlag(cmd);
      const paths = ctx.paths();
      const explicit = options.ext ?? [];
      await requireDirectories(explicit, paths.cwd);
      // A project's extensions never start in a project the user has not trusted.
      const trusted = await isProjectTrusted(paths.trust, paths.cwd);
      // In a trusted one, names are decided as a run decides them: among the pinned ones only.
      const admitProject = trusted
        ? (s: readonly ExtensionSource[]) => checkPinned(paths.trust, paths.cwd, s)
        : undefined;
      let entries = await doctorScan(paths, explicit, { admitProject, projectTrusted: trusted });
      // Asked about working copies: those, and what they would shadow.
      if (explicit.length > 0 && name === undefined) {
        entries = entries.filter((e) =>
          e.scope === "explicit" ||
          entries.some((x) => x.scope === "explicit" && x.dir === e.shadowedBy)
        );
      }
      if (name !== undefined) {
        entries = entries.filter((e) => e.name === name || basename(e.dir) === name);
        if (entries.length === 0) {
          throw new ZotError("ext-lookup", `extension "${name}" not found${NOT_FOUND_REMEDY}`);
        }
      }
      if (entries.length === 0 && !json) {
        writeOut(NOTHING_INSTALLED.join("\n") + "\n");
        return;
      }
      let live: LiveReport | undefined;
      let toStart = runnable(entries);
      // ...and in a trusted one only those `zot trust` pinned, unchanged.
      const held = new Map<string, string>();
      if (!trusted) {
        toStart = toStart.filter((s) => s.kind !== "project");
      } else {
        const pinned = await checkPinned(paths.trust, paths.cwd, toStart);
        toStart = pinned.run;
        for (const h of pinned.held) held.set(h.source.dir, h.message);
      }
      if (!options.static && toStart.length > 0) {
        const { probeLive } = await import("../../extensions/manage/doctor_live.ts");
        const { spawnExtension } = await import("../../extensions/process/mod.ts");
        const { ALL_BUILTIN_TOOL_NAMES, BUILTIN_COMMAND_NAMES } = await import(
          "../../modes/common/builtin_names.ts"
        );
        // Every tool zot may offer: a run without skills has no `skill`, but most do.
        live = await probeLive(toStart, {
          paths,
          spawn: spawnExtension,
          builtinCommands: BUILTIN_COMMAND_NAMES,
          builtinTools: ALL_BUILTIN_TOOL_NAMES,
        });
      }
      const rows = entries.map((e) => doctorRow(e, live));
      for (const [i, e] of entries.entries()) {
        // A manifest problem is fixed in one file: say which.
        if (e.error) {
          rows[i].notes.push(
            `fix "${join(e.dir, "extension.json")}", then run "${doctorAgain(e)}"`,
          );
        }
      }
      if (live) {
        // "exit status 3" rarely explains itself; the extension's last words usually do.
        const { lastRunStderr } = await import("../../extensions/manage/logs.ts");
        for (const r of rows.filter((r) => r.status === "error" && r.log)) {
          const tail = await lastRunStderr(r.log!);
          if (tail.length) r.stderr = tail;
        }
      }
      for (const r of rows) {
        const why = held.get(r.dir);
        if (why && !options.static) r.notes.push(why);
      }
      if (!trusted) {
        for (const r of rows.filter((r) => r.scope === "project" && r.status === "untrusted")) {
          r.notes.push(
            `not started: "${paths.cwd}" is not a trusted project (run "zot trust" to allow its extensions)`,
          );
        }
      }
      const loadErrors = [
        ...entries.filter((e) => e.error).map((e) => `${e.dir}: ${e.error}`),
        ...(live?.failures.map((f) => f.error) ?? []),
      ];
      // Whether scoped plain extensions can run here, and if not why and what to install.
      const { osSandboxLine, osSandboxJson } = await import("./doctor_os_sandbox.ts");
      if (json) {
        const { doctorJson } = await import("../../extensions/manage/doctor_json.ts");
        const report = { ...doctorJson(rows, loadErrors), os_sandbox: await osSandboxJson() };
        writeOut(safeJson(report, 2) + "\n");
      } else {
        writeOut(renderDoctor(rows, loadErrors) + (await osSandboxLine()) + "\n");
      }
      if (rows.some((r) => r.status === "error")) ctx.setExit(1);
    });
}
