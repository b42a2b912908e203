/**
 * Measures a whole child process from outside: wall time, peak RSS (the
 * kernel's high-water mark for the child, read with getrusage after it is
 * reaped), CPU time and the wall-clock instant it was spawned, so a server in the
 * bench can time "spawn → first request". A small Python wrapper does the
 * spawning because getrusage of children is not reachable from Deno; the
 * wrapper's own start-up happens before the clock starts. `firstOutput`
 * runs the child on a pseudo-terminal instead and times the first screen
 * output that contains a given text (the TUI's first frame).
 *
 * @module
 */

import { PYTHON } from "../../tests/helpers/python.ts";

export interface Measured {
  /** Epoch milliseconds at spawn. */
  startEpochMs: number;
  wallMs: number;
  peakRssMiB: number;
  /**
   * CPU time (user + system) of the child and what it waited for: less
   * sensitive than wall time to other load on a shared machine.
   */
  cpuMs: number;
  code: number;
}

const WRAPPER = `
import json, resource, subprocess, sys, time
start = time.time()
t0 = time.perf_counter()
code = subprocess.call(sys.argv[1:], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL)
wall = (time.perf_counter() - t0) * 1000
usage = resource.getrusage(resource.RUSAGE_CHILDREN)
cpu = (usage.ru_utime + usage.ru_stime) * 1000
print(json.dumps({"start": start * 1000, "wall": wall, "rss_kib": usage.ru_maxrss, "cpu": cpu,
                  "code": code}))
`;

const PTY = `
import json, os, pty, signal, struct, sys, termios, time, fcntl
needle = sys.argv[1].encode()
t0 = time.perf_counter()
pid, fd = pty.fork()
if pid == 0:
    os.execvp(sys.argv[2], sys.argv[2:])
fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 120, 0, 0))
seen = b""
found = None
deadline = t0 + 30
while found is None and time.perf_counter() < deadline:
    try:
        chunk = os.read(fd, 65536)
    except OSError:
        break
    if not chunk:
        break
    seen += chunk
    if needle in seen:
        found = (time.perf_counter() - t0) * 1000
os.kill(pid, signal.SIGTERM)
try:
    while os.read(fd, 65536):
        pass
except OSError:
    pass
os.waitpid(pid, 0)
print(json.dumps({"ms": found}))
`;

/** Run `argv` to its end with `env` (added to the bench's own) in `cwd`. */
export async function measure(
  argv: string[],
  options: { cwd?: string; env?: Record<string, string> } = {},
): Promise<Measured> {
  const out = await new Deno.Command(PYTHON, {
    args: ["-c", WRAPPER, ...argv],
    cwd: options.cwd,
    env: options.env,
    stdin: "null",
    stdout: "piped",
    stderr: "inherit",
  }).output();
  const r = JSON.parse(new TextDecoder().decode(out.stdout));
  return {
    startEpochMs: r.start,
    wallMs: r.wall,
    peakRssMiB: r.rss_kib / 1024,
    cpuMs: r.cpu,
    code: r.code,
  };
}

/** Milliseconds from spawning `argv` on a 120×40 terminal until its output contains `needle`. */
export async function firstOutput(
  needle: string,
  argv: string[],
  options: { cwd?: string; env?: Record<string, string> } = {},
): Promise<number> {
  const out = await new Deno.Command(PYTHON, {
    args: ["-c", PTY, needle, ...argv],
    cwd: options.cwd,
    env: { TERM: "xterm-256color", ...options.env },
    stdin: "null",
    stdout: "piped",
    stderr: "inherit",
  }).output();
  const r = JSON.parse(new TextDecoder().decode(out.stdout));
  return typeof r.ms === "number" ? r.ms : NaN;
}

/** Epoch milliseconds now, sub-millisecond. */
export function epochNow(): number {
  return performance.timeOrigin + performance.now();
}
