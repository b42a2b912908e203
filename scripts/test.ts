/**
 * `deno task test [deno test args…]`: runs the test suite and ends with the
 * plain line `N passed, M failed, K skipped` (CI reads that line, not deno's
 * own summary), keeping deno's exit code. A Deno script, so it runs the same
 * on Linux, macOS and Windows, without bash.
 *
 * deno test has no per-test timeout, so a watchdog stands in for one: deno
 * prints a line as each test ends, and when the output stands still for
 * `ZOT_TEST_STALL_S` seconds (default 300, far above any single test) the
 * run is stopped, naming the test that hung, instead of hanging CI. Tests
 * bound their own waits too; this guard catches the wait nobody thought of.
 *
 * The run has a temp directory of its own (scripts/run_temp.ts), removed
 * after it.
 *
 * On Linux and macOS the run gets its own process group, so the watchdog or
 * an interrupt stops everything it started. Windows has no process groups:
 * there only `deno test` itself is stopped, and what it started may outlive
 * it.
 *
 * @module
 */

import { fileURLToPath } from "node:url";
import { removeRunTemps, tempEnv, withRunTemp } from "./run_temp.ts";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const WINDOWS = Deno.build.os === "windows";
const SUMMARY = /^(?:ok|FAILED) \| (\d+) passed.*?\| (\d+) failed(?:.*?\| (\d+) ignored)?/;

/** `N passed, M failed, K skipped` and the skip lines from deno test's output. */
export function summarize(log: string): { line: string; skipped: string[] } | undefined {
  const lines = log.split(/\r?\n/);
  const summary = lines.filter((l) => SUMMARY.test(l)).at(-1);
  if (!summary) return undefined;
  const [, passed, failed, ignored] = SUMMARY.exec(summary)!;
  // Skips are only for what cannot exist on this machine; each names its reason.
  const skipped = lines.filter((l) => / \.\.\. ignored/.test(l))
    .map((l) => `skipped: ${l.replace(/ \.\.\. ignored.*/, "")}`);
  return { line: `${passed} passed, ${failed} failed, ${ignored ?? 0} skipped`, skipped };
}

async function main(args: string[], tmp: string): Promise<number> {
  const stallS = Number(Deno.env.get("ZOT_TEST_STALL_S") ?? "300") || 300;
  const child = new Deno.Command(Deno.execPath(), {
    args: ["test", "-A", "--unstable-worker-options", "--permit-no-files", ...args],
    cwd: ROOT,
    env: { NO_COLOR: "1", ...tempEnv(tmp) },
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
    // Its own process group (pgid = its pid), so the whole run can be stopped at once.
    detached: !WINDOWS,
  }).spawn();
  const stop = (signal: Deno.Signal) => {
    try {
      if (WINDOWS) child.kill();
      else Deno.kill(-child.pid, signal);
    } catch { /* already gone */ }
  };
  const onSignal = async () => {
    stop("SIGTERM");
    // Its temp directory goes once the run has ended (bounded: it may ignore the signal).
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([child.status, new Promise((r) => timer = setTimeout(r, 5000))]);
    clearTimeout(timer);
    removeRunTemps();
    Deno.exit(130);
  };
  const signals: Deno.Signal[] = WINDOWS ? ["SIGINT"] : ["SIGINT", "SIGTERM"];
  for (const s of signals) Deno.addSignalListener(s, onSignal);

  let log = "";
  let lastOutput = Date.now();
  const out = Deno.stdout;
  const copy = async (stream: ReadableStream<Uint8Array>) => {
    const decoder = new TextDecoder();
    for await (const chunk of stream) {
      lastOutput = Date.now();
      log += decoder.decode(chunk, { stream: true });
      await out.write(chunk);
    }
  };
  let hung: string | undefined;
  const watchdog = setInterval(() => {
    if (Date.now() - lastOutput < stallS * 1000) return;
    hung = log.trimEnd().split("\n").at(-1) ?? "";
    stop("SIGKILL");
    clearInterval(watchdog);
  }, 1000);
  const copied = Promise.all([copy(child.stdout), copy(child.stderr)]);
  const status = await child.status;
  clearInterval(watchdog);
  // A process the run left behind may hold its output open: the rest gets a few seconds.
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([copied, new Promise((r) => timer = setTimeout(r, 5000))]);
  clearTimeout(timer);
  for (const s of signals) Deno.removeSignalListener(s, onSignal);

  if (hung !== undefined) {
    console.log();
    console.log(
      `error: no test finished for ${stallS} s; the run was stopped. Still running: ${hung}`,
    );
    console.log(
      "(a test awaits something that never happens: bound the wait with within() from tests/helpers/wait.ts)",
    );
    console.log("0 passed, 1 failed");
    return 1;
  }
  const summary = summarize(log);
  if (!summary) {
    console.log("0 passed, 1 failed");
    return status.code === 0 ? 1 : status.code;
  }
  for (const s of summary.skipped) console.log(s);
  console.log(summary.line);
  return status.code;
}

if (import.meta.main) Deno.exit(await withRunTemp((tmp) => main(Deno.args, tmp)));
