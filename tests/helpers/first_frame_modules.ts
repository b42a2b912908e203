/**
 * Which modules the real `zot` TUI evaluates before its first frame: zot
 * runs on a pseudo-terminal (120×40) with Deno's debug log on, written to
 * the same terminal as the screen. The log names every ES module as V8
 * compiles it, and one stream keeps the order of what was written: the
 * modules named before the frame's status line are the first frame's
 * module graph; what loads later (a command's code at its first use, the
 * markdown renderer after the frame) comes after it. zot then gets SIGTERM,
 * so its extensions shut down as on `/exit`.
 *
 * @module
 */

import { DENO_RUN_FLAGS } from "../../src/self_exec.ts";
import { CONFIG, MAIN } from "../modes/run_zot.ts";
import { PYTHON } from "./python.ts";

const COMPILED = /(?:code cache hit for ES module|Updating V8 code cache for ES module): (\S+?),/g;

/** The status line of the first frame (no module path contains it). */
export const STATUS_NEEDLE = "unjailed · yolo";

/** Runs argv on a pty and prints, base64, everything it wrote before the needle. */
const PTY = `
import base64, os, pty, signal, struct, sys, termios, time, fcntl
needle, argv = sys.argv[1].encode(), sys.argv[2:]
pid, fd = pty.fork()
if pid == 0:
    os.execvp(argv[0], argv)
fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 120, 0, 0))
seen, at, deadline = b"", -1, time.time() + 30
while time.time() < deadline:
    try:
        chunk = os.read(fd, 65536)
    except OSError:
        break
    if not chunk:
        break
    seen += chunk
    at = seen.find(needle)
    if at >= 0:
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
print(at)
print(base64.b64encode(seen[:at] if at >= 0 else seen[-4000:]).decode())
`;

export interface FirstFrame {
  /** Module URLs compiled before the frame showed, sorted, each once. */
  modules: string[];
}

/** Runs `zot args…` in a terminal until `needle` shows and lists the modules loaded by then. */
export async function firstFrameModules(
  args: string[],
  z: { cwd: string; home: string; env?: Record<string, string> },
  needle = STATUS_NEEDLE,
): Promise<FirstFrame> {
  const argv = [Deno.execPath(), "run", "-A", ...DENO_RUN_FLAGS, "-L", "debug"];
  const out = await new Deno.Command(PYTHON, {
    args: ["-c", PTY, needle, ...argv, "--config", CONFIG, MAIN, ...args],
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
  const [at, written] = dec.decode(out.stdout).trim().split("\n");
  const text = dec.decode(Uint8Array.from(atob(written ?? ""), (c) => c.charCodeAt(0)));
  if (!(Number(at) >= 0)) {
    throw new Error(
      `zot showed no "${needle}" on its terminal: ${dec.decode(out.stderr)}${text.slice(-2000)}`,
    );
  }
  const modules = new Set<string>();
  for (const m of text.matchAll(COMPILED)) modules.add(m[1]);
  return { modules: [...modules].sort() };
}
