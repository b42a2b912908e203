/**
 * Runs the real `zot` entry point (`deno run -A main.ts …`) as a subprocess
 * with a temporary ZOT_HOME and project directory.
 *
 * @module
 */

const ROOT = new URL("../../", import.meta.url).pathname;
export const MAIN = `${ROOT}main.ts`;
export const CONFIG = `${ROOT}deno.json`;

export interface ZotRun {
  code: number;
  stdout: string;
  stderr: string;
}

export interface ZotEnv {
  cwd: string;
  home: string;
  env?: Record<string, string>;
  /** Flags for deno itself, before main.ts (`--preload` of a test's module). */
  denoFlags?: string[];
}

export function zotCommand(
  args: string[],
  z: ZotEnv,
  stdin: "piped" | "null" = "null",
): Deno.Command {
  return new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "--quiet", ...z.denoFlags ?? [], "--config", CONFIG, MAIN, ...args],
    cwd: z.cwd,
    env: { ZOT_HOME: z.home, ANTHROPIC_API_KEY: "test-key", NO_COLOR: "1", ...z.env },
    stdin,
    stdout: "piped",
    stderr: "piped",
  });
}

export async function runZot(args: string[], z: ZotEnv, input?: string): Promise<ZotRun> {
  const child = zotCommand(args, z, input === undefined ? "null" : "piped").spawn();
  if (input !== undefined) {
    const w = child.stdin.getWriter();
    await w.write(new TextEncoder().encode(input));
    await w.close();
  }
  const out = await child.output();
  const dec = new TextDecoder();
  return { code: out.code, stdout: dec.decode(out.stdout), stderr: dec.decode(out.stderr) };
}

/** Every non-empty stdout line parsed as JSON (throws naming the bad line). */
export function jsonLinesOf(stdout: string): Record<string, unknown>[] {
  return stdout.split("\n").filter((l) => l !== "").map((l) => {
    try {
      return JSON.parse(l);
    } catch {
      throw new Error(`stdout line is not JSON: ${JSON.stringify(l)}`);
    }
  });
}
