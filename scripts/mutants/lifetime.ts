/**
 * Mutants for extension lifetime (no extension outlives zot) and for the
 * confinement of programs started through a `run` grant.
 *
 * @module
 */

import type { Mutant } from "./types.ts";

const KILL9 = "tests/lifetime/kill9_test.ts";
const REAPER = "tests/lifetime/reaper_test.ts";
const SIGNALS = "tests/lifetime/signals_test.ts";
const TUI = "tests/lifetime/tui_signals_test.ts";
const RUN = "tests/lifetime/run_confine_test.ts";
const BASH = "tests/lifetime/bash_groups_test.ts";
const STARTUP = "tests/lifetime/startup_signals_test.ts";
const BRIDGES = "tests/lifetime/os_bridges_test.ts";
const STRAY = "tests/lifetime/stray_children_test.ts";
const EXIT = "tests/lifetime/exit_test.ts";
const TUI_CRASH = "tests/lifetime/tui_crash_test.ts";

export const mutants: Mutant[] = [
  {
    id: "lifetime-reaper-not-told",
    protection: "every extension process group is listed with the reaper from its spawn",
    file: "src/extensions/process/child.ts",
    find: "    childGroups.add(child.pid);",
    replace: "",
    tests: [KILL9],
  },
  {
    id: "lifetime-reaper-kills-nothing",
    protection: "the sentinel kills every listed group when zot's pipe closes",
    file: "src/process_reaper.ts",
    find: 'for i in $g; do kill -KILL -"$i" 2>/dev/null; done',
    replace: "for i in $g; do :; done",
    tests: [REAPER, KILL9],
  },
  {
    id: "lifetime-reaper-takes-signals",
    protection: "the sentinel ignores SIGINT, SIGHUP and SIGTERM",
    file: "src/process_reaper.ts",
    find: "trap '' INT HUP TERM QUIT PIPE",
    replace: "trap '' PIPE",
    tests: [REAPER],
  },
  {
    id: "lifetime-reaper-in-zots-group",
    protection: "the sentinel has a session and process group of its own",
    file: "src/process_reaper.ts",
    find: "      : { command: shell, args, detached: true };",
    replace: "      : { command: shell, args, detached: false };",
    tests: [REAPER],
  },
  {
    id: "lifetime-bash-group-unlisted",
    protection: "a running bash command's process group is listed with the reaper",
    file: "src/tools/bash.ts",
    find: "  childGroups.add(child.pid);",
    replace: "",
    tests: [BASH],
  },
  {
    id: "lifetime-sighup-unhandled",
    protection: "SIGHUP starts the orderly exit like SIGTERM",
    file: "src/modes/common/interrupt.ts",
    find: '  { signal: "SIGHUP", exitCode: 129 },',
    replace: "",
    tests: [SIGNALS, TUI],
  },
  {
    id: "lifetime-exit-now-skips-groups",
    protection: "an exit at once (second signal) SIGKILLs every extension group first",
    file: "src/modes/common/interrupt.ts",
    find: "  childGroups.killAll();",
    replace: "",
    tests: [REAPER],
  },
  {
    id: "lifetime-shutdown-unguarded",
    protection: "a signal during the shutdown exits at once instead of Deno's default death",
    file: "src/modes/common/setup.ts",
    find: "      using _signals = exitOnSignal();",
    replace: "",
    tests: [SIGNALS],
  },
  {
    id: "lifetime-startup-unguarded",
    protection: "a signal while extensions start exits at once, their groups killed first",
    file: "src/modes/common/setup.ts",
    find: "  using _startup = exitOnSignal();",
    replace: "",
    tests: [STARTUP],
  },
  // No mutant for ignoring write errors on a gone terminal (interactive/mod.ts): whether zot
  // writes to the terminal after tmux closed it, and so crashes without the guard, depends on
  // timing, and a mutant that is only sometimes killed would make the check flaky.
  {
    id: "lifetime-tui-signals-unhandled",
    protection: "the TUI leaves like /exit on SIGTERM, SIGINT and SIGHUP",
    file: "src/cli/interactive.ts",
    find: "  using _signals = onInterrupt(",
    replace: "  const _signals = (_f: unknown) => 0;\n  _signals(",
    tests: [TUI],
  },
  {
    id: "run-grant-unconfined",
    protection: "an extension with a run grant starts under bubblewrap",
    file: "src/sandbox/launch.ts",
    find: "  if (scope.run.length) {",
    replace: "  if (scope.run.length && false) {",
    tests: [RUN],
  },
  {
    id: "run-grant-sees-zot-home",
    protection: "zot's state directory (auth.json, sessions, grants) is hidden from the runner",
    file: "src/sandbox/run_grant.ts",
    find: 'const readDeny = [ctx.zotHome, "/tmp", ...sessionSocketDirs(ctx.tmuxTmpdir)];',
    replace: 'const readDeny = ["/tmp", ...sessionSocketDirs(ctx.tmuxTmpdir)];',
    tests: [RUN],
  },
  {
    id: "run-grant-sees-tmux",
    protection: "the tmux server's socket directory (a door out of the view) is hidden",
    file: "src/sandbox/run_grant.ts",
    find: 'const readDeny = [ctx.zotHome, "/tmp", ...sessionSocketDirs(ctx.tmuxTmpdir)];',
    replace: 'const readDeny = [ctx.zotHome, "/tmp"];',
    tests: [RUN],
  },
  {
    id: "run-grant-fallback-without-bwrap",
    protection: "without bubblewrap a run grant refuses the start (no unconfined fallback)",
    file: "src/sandbox/confine.ts",
    find: '  const bwrap = findExecutable("bwrap", ctx.searchPath);',
    replace:
      '  const bwrap = findExecutable("bwrap", ctx.searchPath);\n  if (!bwrap) return { ok: true, command, args: [...args] };',
    tests: [RUN],
  },
  {
    id: "exit-skips-node-exit-listeners",
    protection: "Deno.exit's unload emits node's exit, where the sandbox runtime cleans up",
    file: "src/ossandbox/confine.ts",
    find: '  globalThis.addEventListener("unload", () => process.emit("exit", Deno.exitCode));',
    replace: "",
    tests: [BRIDGES],
  },
  {
    id: "exit-leaves-stray-children",
    protection: "at exit zot stops its children that have no group of their own",
    file: "src/exit.ts",
    find: "  stopStrayChildren();",
    replace: "",
    tests: [STRAY, BRIDGES],
  },
  {
    id: "stray-children-include-grouped",
    protection: "a child leading its own process group is not stopped as a stray one",
    file: "src/stray_children.ts",
    find: "(childrenOfSelf() ?? childrenByScan()).filter((pid) => procStat(pid)?.[2] === group);",
    replace: "(childrenOfSelf() ?? childrenByScan()).filter((pid) => procStat(pid) !== undefined);",
    tests: [STRAY],
  },
  {
    id: "reaper-sentinel-not-replaced",
    protection: "a sentinel that ends while groups are listed is started again",
    file: "src/process_reaper.ts",
    find: "    if (this.#groups.size > 0 && this.#restarts < MAX_RESTARTS) {",
    replace: "    if (false) {",
    tests: [REAPER],
  },
  {
    id: "reaper-sentinel-replaced-forever",
    protection: "replacing the sentinel is bounded (a broken shell makes no loop)",
    file: "src/process_reaper.ts",
    find: "    if (this.#groups.size > 0 && this.#restarts < MAX_RESTARTS) {",
    replace: "    if (this.#groups.size > 0) {",
    tests: [REAPER],
  },
  {
    id: "reaper-replacement-lists-one-group",
    protection: "a replacement sentinel is given every listed group",
    file: "src/process_reaper.ts",
    find: "      ...this.groups.map(String),",
    replace: "      ...this.groups.slice(0, 1).map(String),",
    tests: [REAPER],
  },
  {
    id: "reaper-ready-before-setsid",
    protection: "ready resolves only once its sentinel leads its own session",
    file: "src/process_reaper.ts",
    find: "    while (this.#child === child && !leadsSession(child.pid)) {",
    replace: "    while (false) {",
    tests: [REAPER],
  },
  {
    id: "stray-children-scan-finds-none",
    protection: "without the children lists, zot's children are found by their parent",
    file: "src/stray_children.ts",
    find: "      if (Number(procStat(Number(entry.name))?.[1]) === Deno.pid) {",
    replace: "      if (Number(procStat(Number(entry.name))?.[1]) === -1) {",
    tests: [STRAY],
  },
  {
    id: "reaper-ready-sentinel-lingers",
    protection: "a sentinel readied for a start that failed ends",
    file: "src/extensions/process/spawn.ts",
    find: "  if (!result.ok) await childGroups.unready();",
    replace: "",
    tests: ["tests/extensions/process/handshake_test.ts"],
  },
  {
    id: "crash-ends-as-deno-would",
    protection: "an error nothing caught in a mode ends zot through its own exit",
    file: "src/cli/run_dispatch.ts",
    find: "  using _crash = exitOnCrash();",
    replace: "",
    tests: [BRIDGES, TUI_CRASH],
  },
  {
    id: "crash-rejection-unheard",
    protection: "an unhandled rejection is a crash like an uncaught error",
    file: "src/modes/common/crash.ts",
    find: '  globalThis.addEventListener("unhandledrejection", onRejection);',
    replace: "",
    tests: [BRIDGES, TUI_CRASH],
  },
  {
    id: "exit-hooks-skipped",
    protection: "zot's exit runs the hooks that put back what a finally would",
    file: "src/exit.ts",
    find: "  for (const restore of restores) {",
    replace: "  for (const restore of restores.slice(0, 0)) {",
    tests: [EXIT, TUI_CRASH],
  },
  {
    id: "exit-hook-failure-stops-the-rest",
    protection: "a failing exit hook stops neither the others nor the exit",
    file: "src/exit.ts",
    find: "    } catch {\n      // A hook that fails",
    replace: "    } finally {\n      // A hook that fails",
    tests: [EXIT],
  },
  {
    id: "tui-terminal-left-on-crash",
    protection: "the TUI gives the terminal back when zot exits at once",
    file: "src/modes/interactive/app.ts",
    find: "    using _restore = beforeExit(() => screen.tui.stop());",
    replace: "",
    tests: [TUI_CRASH],
  },
  {
    id: "crash-on-a-plain-error-event",
    protection: "only an uncaught exception (an ErrorEvent) is a crash, not anyone's error event",
    file: "src/modes/common/crash.ts",
    find: "    if (e instanceof ErrorEvent) crash(e, e.error);",
    replace: "    crash(e, (e as ErrorEvent).error);",
    tests: [EXIT],
  },
  {
    id: "crash-on-a-handled-error",
    protection: "an error another listener handled is no crash",
    file: "src/modes/common/crash.ts",
    find: "    if (event.defaultPrevented) return;",
    replace: "",
    tests: [EXIT],
  },
  {
    id: "exit-again-reruns-hooks",
    protection: "an exit reached again from inside the exit runs no hook twice",
    file: "src/exit.ts",
    find: "  const restores = [...hooks];\n  hooks.clear();",
    replace: "  const restores = [...hooks];",
    tests: [EXIT],
  },
  {
    id: "exit-again-changes-code",
    protection: "an exit reached again from inside the exit keeps the first code",
    file: "src/exit.ts",
    find: "  exitCode ??= code;",
    replace: "  exitCode = code;",
    tests: [EXIT],
  },
];
