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
 * Helper processes that libraries start in zot's own group (the OS
 * sandbox's `socat` bridges) are ended by zot's exit (stray_children.ts),
 * which a `kill -9` skips too; zot lists them with the sentinel as well
 * ({@linkcode GroupReaper.adopt}, `=pid:start`), which sends them SIGTERM
 * once zot is gone.
 *
 * The sentinel lives only while a group or a helper does (the last `-pgid`
 * closes the pipe), so a zot without extensions pays nothing, and its argv names it
 * (`zot-reaper <zot home>`) for `ps`. Its environment is empty: processes of
 * the same user can read a process's start-up environment, and zot's holds
 * API keys. (A sentinel started ahead by `ready` for a spawn that then
 * fails is ended by `unready`.)
 *
 * {@linkcode GroupReaper.killAll} is the in-process half: a second signal
 * exits at once, after SIGKILLing every group synchronously.
 *
 * Starting the sentinel with Deno's `detached` forks the whole of zot, which
 * blocked its event loop for 14-17 ms on the path to the first extension's
 * hello (measured on Deno 2.9.6, this project's 2-core machine). So an
 * extension's start first awaits {@linkcode GroupReaper.ready}, which starts
 * the sentinel through util-linux's `setsid` program (see own_session.ts)
 * alongside the rest of the start and resolves once the sentinel leads its
 * own session: until then a signal to zot's group (the terminal's Ctrl-C or
 * Ctrl-\) would reach it too, and no group is listed with it before that.
 * Without `setsid`, or when the sentinel is not in its own session within
 * {@linkcode SESSION_WAIT_MS}, or for a group added without `ready` (a bash
 * command), the sentinel is started with `detached`, as before, its first
 * group in argv. A sentinel that ends while groups are listed (someone
 * killed it) is started again that way, every listed group in its argv, up
 * to {@linkcode MAX_RESTARTS} times in a row (a shell that cannot run the
 * script must not make a loop of it); a group or helper listed since starts
 * the count again (a sentinel that watches helpers may live as long as zot).
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
import { procStat } from "./proc_stat.ts";

/**
 * The sentinel: `sh -c SENTINEL_SCRIPT zot-reaper <label> [pgid… =pid:start…]`,
 * then lines on its pipe: `+pgid`, `-pgid`, `=pid:start`, `-=pid:start`.
 * Groups and helpers known at its start come in argv, so they are listed the
 * moment the sentinel exists (a pipe write lands a moment later, and zot may
 * die in that moment). A line without its newline is ignored: zot died while
 * writing it, and a truncated id (`+12` of `+123`) would name a stranger's
 * group. Ids are unsigned integers written by zot only. A helper
 * (`=pid:start`) is sent SIGTERM only while `/proc/<pid>/stat` still shows
 * the start time zot read (field 22): a pid the kernel gave to another
 * process since is left alone.
 */
export const SENTINEL_SCRIPT = `trap '' INT HUP TERM QUIT PIPE
shift
g=" "
h=" "
note() {
  case $1 in
    +*) g="$g\${1#+} " ;;
    -=*) e=\${1#-=}; case $h in *" $e "*) h="\${h%% $e *} \${h#* $e }" ;; esac ;;
    -*) i=\${1#-}; case $g in *" $i "*) g="\${g%% $i *} \${g#* $i }" ;; esac ;;
    =*) h="$h\${1#=} " ;;
  esac
}
for a in "$@"; do case $a in =*) note "$a" ;; *) note "+$a" ;; esac; done
while IFS= read -r l; do note "$l"; done
for i in $g; do kill -KILL -"$i" 2>/dev/null; done
for e in $h; do
  i=\${e%%:*}
  s=
  { read -r s < "/proc/$i/stat"; } 2>/dev/null
  s=\${s##*) }
  set -- $s
  [ "\${20}" = "\${e#*:}" ] && kill -TERM "$i" 2>/dev/null
done`;

/** How many times in a row a sentinel that ended before its time is replaced. */
export const MAX_RESTARTS = 3;

/** How long `ready` waits for a sentinel started through `setsid` to lead its own session. */
export const SESSION_WAIT_MS = 2_000;

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
  /** Adopted helpers: pid → start time (`/proc/<pid>/stat` field 22). */
  readonly #helpers = new Map<number, string>();
  readonly #options: GroupReaperOptions;
  #child: Deno.ChildProcess | undefined;
  #writer: WritableStreamDefaultWriter<Uint8Array> | undefined;
  #written: Promise<void> = Promise.resolve();
  #restarts = 0;
  #settled: Promise<void> = Promise.resolve();

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
   * A sentinel in a session of its own, before a spawn whose group will be
   * added: started now through `setsid` if none runs (see the module note).
   * Never rejects; a sentinel that cannot be had this way is left to `add`.
   */
  ready(): Promise<void> {
    if (Deno.build.os !== "linux") return Promise.resolve();
    if (!this.#child) this.#settled = this.#startAhead();
    return this.#settled;
  }

  /**
   * The spawn `ready` was for did not happen: a sentinel with no group to
   * watch ends (one that another spawn's `add` then needs is started again).
   */
  async unready(): Promise<void> {
    if (this.#idle) await this.#stop();
  }

  /** Nothing to watch: no group, no helper. */
  get #idle(): boolean {
    return this.#groups.size === 0 && this.#helpers.size === 0;
  }

  /**
   * Watch the group led by `pgid`. Call it right after the spawn: a
   * sentinel is started first if none runs.
   */
  add(pgid: number): void {
    if (!Number.isSafeInteger(pgid) || pgid <= 1 || this.#groups.has(pgid)) return;
    this.#groups.add(pgid);
    this.#restarts = 0;
    if (this.#writer) this.#send(`+${pgid}\n`);
    else this.#start();
  }

  /**
   * Watch a helper process that a library started in zot's own group (the
   * OS sandbox's bridges): if zot dies, the sentinel sends it SIGTERM (the
   * signal zot's own exit sends such children, see stray_children.ts). Linux
   * only (the start time that guards against a reused pid is read from
   * `/proc`). A helper stays watched until {@linkcode release}d.
   */
  adopt(pid: number): void {
    if (Deno.build.os !== "linux") return;
    if (!Number.isSafeInteger(pid) || pid <= 1 || this.#helpers.has(pid)) return;
    const start = procStat(pid)?.[19];
    if (start === undefined || !/^\d+$/.test(start)) return;
    this.#helpers.set(pid, start);
    this.#restarts = 0;
    if (this.#writer) this.#send(`=${pid}:${start}\n`);
    else this.#start();
  }

  /** The adopted helpers' pids. */
  get helpers(): readonly number[] {
    return [...this.#helpers.keys()];
  }

  /** Stop watching the helper `pid` (it is stopped on purpose). The last thing watched stops the sentinel. */
  async release(pid: number): Promise<void> {
    const start = this.#helpers.get(pid);
    if (start === undefined) return;
    this.#helpers.delete(pid);
    this.#send(`-=${pid}:${start}\n`);
    if (this.#idle) await this.#stop();
  }

  /**
   * Stop watching `pgid` (its group was killed and its leader reaped). The
   * last one stops the sentinel; resolves once it exited.
   */
  async remove(pgid: number): Promise<void> {
    if (!this.#groups.delete(pgid)) return;
    this.#send(`-${pgid}\n`);
    if (this.#idle) await this.#stop();
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

  /** Start a sentinel listing every watched group in its argv, in a session of its own. */
  #start(viaSetsid = false): Deno.ChildProcess | undefined {
    if (Deno.build.os === "windows") return undefined;
    const shell = this.#options.shell ?? "/bin/sh";
    const args = [
      "-c",
      SENTINEL_SCRIPT,
      REAPER_NAME,
      this.#options.label || "-",
      ...this.groups.map(String),
      ...[...this.#helpers].map(([pid, start]) => `=${pid}:${start}`),
    ];
    // setsid: a group and session of its own, so neither a terminal's SIGHUP/SIGINT nor a signal
    // to zot's group reaches it (through the program: once it ran, see `ready`).
    const session = viaSetsid
      ? inOwnSession(shell, args)
      : { command: shell, args, detached: true };
    try {
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
      return child;
    } catch {
      // No shell: the orderly stop and killAll still work; only a SIGKILLed
      // zot would leave groups behind.
      this.#child = undefined;
      this.#writer = undefined;
      return undefined;
    }
  }

  /** `ready`'s sentinel: through `setsid`, awaited (bounded) until it leads its own session. */
  async #startAhead(): Promise<void> {
    const child = this.#start(true);
    if (!child) return;
    const deadline = Date.now() + SESSION_WAIT_MS;
    while (this.#child === child && !leadsSession(child.pid)) {
      if (Date.now() > deadline) {
        // Not out of reach of zot's group in time: replaced by one started the sure way.
        this.#drop(child);
        child.kill("SIGKILL");
        this.#start();
        return;
      }
      await new Promise((r) => setTimeout(r, 1));
    }
  }

  /** A sentinel ended: if it still had groups to watch, another takes over. */
  #ended(child: Deno.ChildProcess): void {
    if (this.#child !== child) return; // stopped on purpose, or already replaced
    this.#drop(child);
    if (!this.#idle && this.#restarts < MAX_RESTARTS) {
      this.#restarts++;
      this.#start();
    }
  }

  /** Forget `child` as the sentinel, closing zot's end of its pipe. */
  #drop(child: Deno.ChildProcess): void {
    if (this.#child !== child) return;
    this.#writer?.abort().catch(() => {});
    this.#child = undefined;
    this.#writer = undefined;
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
    this.#restarts = 0;
    if (!child || !writer) return;
    await writer.close().catch(() => {});
    await child.status;
  }
}

/** Whether `pid` leads its own session (false when it cannot be told). */
function leadsSession(pid: number): boolean {
  return Number(procStat(pid)?.[3]) === pid;
}

/** zot's one registry of child process groups. */
export const childGroups: GroupReaper = new GroupReaper();
