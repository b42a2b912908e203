/**
 * Which modules the real `zot` TUI evaluates before its first frame: zot
 * runs on a pseudo-terminal (120×40) with Deno's debug log on a file; when
 * the frame's text shows on the terminal the log is cut there and zot is
 * stopped. The log names every ES module as V8 compiles it, written before
 * the code that draws the frame can run, so what the cut log names is the
 * first frame's module graph; what loads later (a command's code at its
 * first use) is not in it. zot then gets SIGTERM, so its extensions shut
 * down as on `/exit`.
 *
 * @module
 */

import { DENO_RUN_FLAGS } from "../../src/self_exec.ts";
import { CONFIG, MAIN } from "../modes/run_zot.ts";
import { PYTHON } from "./python.ts";

const COMPILED = /(?:code cache hit for ES module|Updating V8 code cache for ES module): (\S+?),/g;

/** Starts argv on a pty, stderr to a file; prints the log's size when the needle shows. */
const PTY = `
import os, pty, signal, struct, sys, termios, time, fcntl
log, needle, argv = sys.argv[1], sys.argv[2].encode(), sys.argv[3:]
pid, fd = pty.fork()
if pid == 0:
    os.dup2(os.open(log, os.O_WRONLY | os.O_CREAT | os.O_TRUNC), 2)
    os.execvp(argv[0], argv)
fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 120, 0, 0))
seen, size, deadline = b"", -1, time.time() + 30
while time.time() < deadline:
    try:
        chunk = os.read(fd, 65536)
    except OSError:
        break
    if not chunk:
        break
    seen += chunk
    if needle in seen:
        size = os.path.getsize(log)
        break
# SIGTERM: zot leaves as on /exit, its extensions shut down; SIGKILL if it does not.
os.kill(pid, signal.SIGTERM)
end = time.time() + 10
while time.time() < end:
    try:
        if not os.read(fd, 65536):
            break
    except OSError:
        break
if os.waitpid(pid, os.WNOHANG) == (0, 0):
    os.kill(pid, signal.SIGKILL)
    os.waitpid(pid, 0)
os.close(fd)
print(size)
sys.stdout.flush()
if size < 0:
    sys.stderr.write(seen.decode(errors="replace")[-2000:])
`;

export interface FirstFrame {
  /** Module URLs compiled before the frame showed, sorted, each once. */
  modules: string[];
}

/** Runs `zot args…` in a terminal until `needle` shows and lists the modules loaded by then. */
export async function firstFrameModules(
  args: string[],
  z: { cwd: string; home: string; env?: Record<string, string> },
  needle = "yolo",
): Promise<FirstFrame> {
  const log = await Deno.makeTempFile({ prefix: "zot-first-frame-", suffix: ".log" });
  try {
    return await run(log, args, z, needle);
  } finally {
    await Deno.remove(log).catch(() => {});
  }
}

async function run(
  log: string,
  args: string[],
  z: { cwd: string; home: string; env?: Record<string, string> },
  needle: string,
): Promise<FirstFrame> {
  const argv = [Deno.execPath(), "run", "-A", ...DENO_RUN_FLAGS, "-L", "debug"];
  const out = await new Deno.Command(PYTHON, {
    args: ["-c", PTY, log, needle, ...argv, "--config", CONFIG, MAIN, ...args],
    cwd: z.cwd,
    env: {
      ZOT_HOME: z.home,
      ANTHROPIC_API_KEY: "test-key",
      TERM: "xterm-256color",
      NO_COLOR: "1",
      ...z.env,
    },
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).output();
  const dec = new TextDecoder();
  const size = Number(dec.decode(out.stdout).trim());
  if (!(size >= 0)) {
    throw new Error(`zot showed no "${needle}" on its terminal: ${dec.decode(out.stderr)}`);
  }
  const bytes = await Deno.readFile(log);
  const text = dec.decode(bytes.subarray(0, size));
  const modules = new Set<string>();
  for (const m of text.matchAll(COMPILED)) modules.add(m[1]);
  return { modules: [...modules].sort() };
}
