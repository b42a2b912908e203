/**
 * How the `bash` tool starts one command: as it is, or, with the sandbox on, wrapped by the OS
 * sandbox under the policy of bash_sandbox.ts. With the sandbox on there is no path to an
 * unconfined run: a missing OS sandbox, a missing shell or a failure to wrap refuses the command
 * with the remedy.
 *
 * @module
 */

import type { ToolResult } from "../model/types.ts";
import { errorMessage } from "../errors.ts";
import { delimiter, join } from "../path.ts";
import { bashPolicy, type BashSandbox } from "./bash_sandbox.ts";
import { sandboxEnv, withheldNote } from "./bash_env.ts";
import { storedKeys } from "../config/stored_keys.ts";
import { sandboxStopNote, type StopContext } from "./sandbox_stop.ts";

/** One way to start the shell; the first whose program exists is used. */
export interface LaunchCandidate {
  /** The shell, for messages. */
  shell: string;
  argv: string[];
  /** The whole environment (cleared first), or undefined to inherit zot's. */
  env?: Record<string, string>;
}

export interface Launch {
  candidates: LaunchCandidate[];
  /** Adds the sandbox's note to a failed result. */
  explain(result: ToolResult): ToolResult;
  /** Frees what the OS sandbox took for this command; call after the command ended. */
  release(): Promise<void>;
}

export type Prepared = { ok: true; value: Launch } | { ok: false; error: string };

const OFF_REMEDY = "or turn the sandbox off with /sandbox, or run zot without --sandbox";

/** The launch of `bash -c script` (or the next shell), sandboxed when `box` is enabled. */
export async function prepareLaunch(
  box: BashSandbox | undefined,
  shells: string[],
  script: string,
  cwd: string,
): Promise<Prepared> {
  if (!box?.enabled) {
    return {
      ok: true,
      value: {
        candidates: shells.map((shell) => ({ shell, argv: [shell, "-c", script] })),
        explain: (r) => r,
        release: () => Promise.resolve(),
      },
    };
  }
  const cannot = "Cannot run the command in the sandbox";
  if (!box.confiner) {
    return {
      ok: false,
      error: `${cannot}: no OS sandbox is available in this run (${OFF_REMEDY})`,
    };
  }
  const status = await box.confiner.status();
  if (!status.ok) {
    return { ok: false, error: `${cannot}: ${status.reason} (${status.remedy}, ${OFF_REMEDY})` };
  }
  const env = box.hostEnv ?? Deno.env.toObject();
  // Inside the sandbox a missing shell would fail as the sandbox's own error: find it first.
  const shell = shells.map((s) => findShell(s, env.PATH ?? "")).find((s) => s !== undefined);
  if (!shell) {
    return { ok: false, error: `${cannot}: none of ${shells.join(", ")} was found on PATH` };
  }
  let tmp: string;
  try {
    tmp = await sandboxTemp(box);
  } catch (e) {
    return { ok: false, error: `${cannot}: no temp directory (${errorMessage(e)})` };
  }
  // zot's home is hidden as a directory; one that does not exist yet would be skipped, and
  // what zot writes there during the command (a first login) would be readable.
  try {
    await Deno.mkdir(box.zotHome, { recursive: true, mode: 0o700 });
  } catch (e) {
    return {
      ok: false,
      error: `${cannot}: cannot create zot's home "${box.zotHome}" to hide it ` +
        `(${errorMessage(e)}; check that its parent is a directory you can write)`,
    };
  }
  // zot's stored keys, read now: a key saved by /login a moment ago stays out too.
  const stored = await storedKeys(box.zotHome);
  const policy = bashPolicy(box, tmp, env, stored);
  try {
    // Set in the script: the OS sandbox sets its own TMPDIR, which the command cannot write.
    // On the first line, so the user's line numbers stay as written.
    const withTmp = `export TMPDIR=${shellWord(tmp)}; ${script}`;
    const confined = await box.confiner.confine([shell, "-c", withTmp], policy, cwd);
    const note = { write: policy.write, net: policy.netHosts, denied: policy.readDeny };
    const withheld = sandboxEnv(env, box.passEnv, stored).withheld;
    return {
      ok: true,
      value: {
        candidates: [{ shell, argv: confined.argv, env: confined.env }],
        explain: (result) => withNote(result, note, { script, withheld }),
        release: () => confined.release(),
      },
    };
  } catch (e) {
    return { ok: false, error: `${cannot}: ${errorMessage(e)} (${OFF_REMEDY})` };
  }
}

function withNote(
  result: ToolResult,
  ctx: StopContext,
  env: { script: string; withheld: string[] },
): ToolResult {
  if (!result.isError || result.outcome === "cancelled") return result;
  const text = result.content.map((c) => c.type === "text" ? c.text : "").join("\n");
  const notes = [sandboxStopNote(text, ctx), withheldNote(env.script, text, env.withheld)];
  const note = notes.filter((n) => n !== undefined).join("\n");
  if (!note) return result;
  return {
    ...result,
    content: [...result.content, { type: "text", text: `\n${note}` }],
    details: { ...result.details, sandbox: "stopped" },
  };
}

/** `word` quoted for a POSIX shell. */
function shellWord(word: string): string {
  return `'${word.replaceAll("'", `'\\''`)}'`;
}

/** The session's private temp directory for sandboxed commands, made on first use. */
async function sandboxTemp(box: BashSandbox): Promise<string> {
  if (box.tmp) {
    try {
      if ((await Deno.stat(box.tmp)).isDirectory) return box.tmp;
    } catch {
      // Removed meanwhile (a tmp cleaner): make another.
    }
  }
  box.tmp = await Deno.realPath(await Deno.makeTempDir({ prefix: "zot-bash-" }));
  return box.tmp;
}

/** The absolute path of `name` on `searchPath` (never the cwd), or `name` itself when absolute. */
function findShell(name: string, searchPath: string): string | undefined {
  if (name.startsWith("/")) return isExecutable(name) ? name : undefined;
  for (const dir of searchPath.split(delimiter)) {
    if (dir === "" || !dir.startsWith("/")) continue;
    const path = join(dir, name);
    if (isExecutable(path)) return path;
  }
  return undefined;
}

function isExecutable(path: string): boolean {
  try {
    const info = Deno.statSync(path);
    return info.isFile && ((info.mode ?? 0o755) & 0o111) !== 0;
  } catch {
    return false;
  }
}
