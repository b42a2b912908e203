/**
 * zot's child process groups (extensions, running bash commands) never
 * outlive zot, however zot ends.
 *
 * zot stops its extensions' process groups itself on every orderly exit,
 * but a `kill -9` (or a crash, or the OOM killer) runs no code of ours, and
 * an extension that ignores end of input would then live on. So while zot
 * has at least one live group it keeps a tiny sentinel: a POSIX `sh` in a
 * session and process group of its own, ignoring the terminal's signals,
 * reading a pipe only zot holds. zot tells it each group id as it is born
 * (`+pgid`) and dies (`-pgid`). When the pipe reaches end of file, zot is
 * gone (the kernel closes the pipe even on SIGKILL), and the sentinel
 * SIGKILLs every group still listed, then exits.
 *
 * The sentinel lives only while a group does (the last `-pgid` closes the
 * pipe), so a zot without extensions pays nothing, and its argv names it
 * (`zot-reaper <zot home>`) for `ps`. Its environment is empty: processes of
 * the same user can read a process's start-up environment, and zot's holds
 * API keys.
 *
 * {@linkcode GroupReaper.killAll} is the in-process half: a second signal
 * exits at once, after SIGKILLing every group synchronously.
 *
 * The sentinel is started through util-linux's `setsid` program where there
 * is one (see own_session.ts): Deno's `detached` forks the whole of zot, which
 * blocked its event loop for 14-17 ms on the path to the first extension's
 * hello (measured on Deno 2.9.6, this project's 2-core machine). The price is
 * a moment, before the wrapper's setsid(), in which a signal to zot's group
 * (the terminal's Ctrl-C) reaches the sentinel too and ends it. So a sentinel
 * that ends while groups are still listed is started again, every listed
 * group in its argv, up to {@linkcode MAX_RESTARTS} times in zot's life (a
 * shell that cannot run the script must not make a loop of it).
 *
 * Measured on Deno 2.9.6: Deno creates its pipes close-on-exec, so no other
 * child of zot holds the sentinel's pipe open. The first group is listed in
 * the sentinel's argv, at once; a later one through the pipe, which lands
 * at the next turn of the event loop: a group started in that instant of a
 * `kill -9` can be missed (it still gets end of input on its stdin).
 *
 * @module
 */

import { inOwnSession } from "./own_session.ts";

/**
 * The sentinel: `sh -c SENTINEL zot-reaper <label> <pgid>`. The first group
 * comes in argv, so it is listed the moment the sentinel exists (a pipe
 * write lands a moment later, and zot may die in that moment). A line
 * without its newline is ignored: zot died while writing it, and a
 * truncated id (`+12` of `+123`) would name a stranger's group. Ids are
 * unsigned integers written by zot only.
 */
const SENTINEL = `trap '' INT HUP TERM QUIT PIPE
shift
g=" $* "
while IFS= read -r l; do
  case $l in
    +*) g="$g\${l#+} " ;;
    -*) i=\${l#-}; case $g in *" $i "*) g="\${g%% $i *} \${g#* $i }" ;; esac ;;
  esac
done
for i in $g; do kill -KILL -"$i" 2>/dev/null; done`;

/** How many times a sentinel that ended before its time is replaced. */
export const MAX_RESTARTS = 3;

/** argv[0] of the sentinel, as `ps` shows it. */
export const REAPER_NAME = "zot-reaper";

export interface GroupReaperOptions {
  /** Shown in the sentinel's argv after its name (zot's state directory). */
  label?: string;
  /** The shell; `/bin/sh` by default. */
  shell?: string;
}

/** The set of zot's live child process groups, mirrored to the sentinel. */
export class GroupReaper {
  readonly #groups = new Set<number>();
  readonly #options: GroupReaperOptions;
  #child: Deno.ChildProcess | undefined;
  #writer: WritableStreamDefaultWriter<Uint8Array> | undefined;
  #written: Promise<void> = Promise.resolve();
  #restarts = 0;

  constructor(options: GroupReaperOptions = {}) {
    this.#options = options;
  }

  /** Set the label of sentinels started from now on. */
  setLabel(label: string): void {
    this.#options.label = label;
  }

  /** The groups currently watched. */
  get groups(): readonly number[] {
    return [...this.#groups];
  }

  /** The sentinel's pid while one runs. */
  get sentinelPid(): number | undefined {
    return this.#child?.pid;
  }

  /**
   * Watch the group led by `pgid`. Call it right after the spawn: the
   * sentinel is started first if none runs.
   */
  add(pgid: number): void {
    if (!Number.isSafeInteger(pgid) || pgid <= 1 || this.#groups.has(pgid)) return;
    this.#groups.add(pgid);
    if (this.#writer) this.#send(`+${pgid}\n`);
    else this.#start();
  }

  /**
   * Stop watching `pgid` (its group was killed and its leader reaped). The
   * last one stops the sentinel; resolves once it exited.
   */
  async remove(pgid: number): Promise<void> {
    if (!this.#groups.delete(pgid)) return;
    this.#send(`-${pgid}\n`);
    if (this.#groups.size === 0) await this.#stop();
  }

  /**
   * SIGKILL every watched group now, synchronously: for an exit that
   * cannot wait for the orderly stop (a second signal).
   */
  killAll(): void {
    if (Deno.build.os === "windows") return;
    for (const pgid of this.#groups) {
      try {
        Deno.kill(-pgid, "SIGKILL");
      } catch {
        // ESRCH: the group is already empty.
      }
    }
  }

  /** Start a sentinel listing every watched group in its argv. */
  #start(): void {
    if (Deno.build.os === "windows") return;
    const shell = this.#options.shell ?? "/bin/sh";
    const args = [
      "-c",
      SENTINEL,
      REAPER_NAME,
      this.#options.label || "-",
      ...this.groups.map(String),
    ];
    try {
      // A session and group of its own, so neither a terminal's SIGHUP/SIGINT nor a signal to
      // zot's group reaches it (but for the moment before setsid(), see the module note).
      const session = inOwnSession(shell, args);
      const child = new Deno.Command(session.command, {
        args: session.args,
        stdin: "piped",
        stdout: "null",
        stderr: "null",
        clearEnv: true,
        env: {},
        cwd: "/",
        detached: session.detached,
      }).spawn();
      this.#child = child;
      this.#writer = child.stdin.getWriter();
      child.status.then(() => this.#ended(child));
    } catch {
      // No shell: the orderly stop and killAll still work; only a SIGKILLed
      // zot would leave groups behind.
      this.#child = undefined;
      this.#writer = undefined;
    }
  }

  /** A sentinel ended: if it still had groups to watch, another takes over. */
  #ended(child: Deno.ChildProcess): void {
    if (this.#child !== child) return; // stopped on purpose, or already replaced
    this.#child = undefined;
    this.#writer?.releaseLock();
    this.#writer = undefined;
    if (this.#groups.size > 0 && this.#restarts < MAX_RESTARTS) {
      this.#restarts++;
      this.#start();
    }
  }

  /** Resolves once everything sent so far reached the sentinel's pipe. */
  get written(): Promise<void> {
    return this.#written;
  }

  #send(line: string): void {
    if (!this.#writer) return;
    this.#written = this.#writer.write(new TextEncoder().encode(line)).catch(() => {});
  }

  async #stop(): Promise<void> {
    const child = this.#child;
    const writer = this.#writer;
    this.#child = undefined;
    this.#writer = undefined;
    if (!child || !writer) return;
    await writer.close().catch(() => {});
    await child.status;
  }
}

/** zot's one registry of child process groups. */
export const childGroups: GroupReaper = new GroupReaper();
