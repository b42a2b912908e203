import { assert, assertEquals, assertStringIncludes } from "../helpers/assert.ts";
import { tempDir } from "../helpers/tmp.ts";
import { deferred, until, within, withTimeout } from "../helpers/wait.ts";
import { processesMatching } from "../helpers/procs.ts";
import { createBashTool } from "../../src/tools/bash.ts";
import { createJail } from "../../src/tools/jail.ts";
import { resultText, testContext } from "./_ctx.ts";

const bash = createBashTool({ killGraceMs: 500 });

/** A copy of `sleep` inside `dir`, so its command line names the test's temp dir. */
async function markedSleep(dir: string): Promise<string> {
  const path = `${dir}/zot-sleep`;
  const which = await new Deno.Command("sh", { args: ["-c", "command -v sleep"] }).output();
  await Deno.copyFile(new TextDecoder().decode(which.stdout).trim(), path);
  await Deno.chmod(path, 0o755);
  return path;
}

Deno.test("bash merges stdout and stderr in arrival order", async () => {
  await using dir = await tempDir();
  const r = await bash.execute(
    { command: "echo one; echo two >&2; echo three; echo four >&2" },
    testContext(dir.path),
  );
  assertEquals(r.isError, undefined);
  assertEquals(resultText(r), "one\ntwo\nthree\nfour");
});

Deno.test("bash reports a non-zero exit code as an error", async () => {
  await using dir = await tempDir();
  const r = await bash.execute({ command: "echo nope; exit 3" }, testContext(dir.path));
  assertEquals(r.isError, true);
  assertEquals(resultText(r), "nope\n\nCommand exited with code 3");
  assertEquals(r.details, { exitCode: 3 });
});

Deno.test("bash runs in the session cwd with stdin closed", async () => {
  await using dir = await tempDir();
  const r = await bash.execute({ command: "pwd; cat; echo done" }, testContext(dir.path));
  assertEquals(resultText(r), `${await Deno.realPath(dir.path)}\ndone`);
});

Deno.test("bash reports a missing cwd", async () => {
  const r = await bash.execute({ command: "true" }, testContext("/nonexistent/zot-dir"));
  assertEquals(
    resultText(r),
    `Working directory "/nonexistent/zot-dir" does not exist (use /cd to change it)`,
  );
});

Deno.test("bash rejects bad args", async () => {
  await using dir = await tempDir();
  assertEquals(
    resultText(await bash.execute({}, testContext(dir.path))),
    `Missing required argument "command" (a string)`,
  );
  assertEquals(
    resultText(await bash.execute({ command: "true", timeout: -1 }, testContext(dir.path))),
    `Argument "timeout" must be a positive number, got -1`,
  );
});

Deno.test("bash streams progress", async () => {
  await using dir = await tempDir();
  const chunks: string[] = [];
  await bash.execute(
    { command: "echo a; echo b" },
    testContext(dir.path, { progress: (t) => chunks.push(t) }),
  );
  assertEquals(chunks.join(""), "a\nb\n");
});

Deno.test("bash timeout kills the whole process group, grandchildren included", async () => {
  await using dir = await tempDir("zot-bash-timeout-");
  const marker = await markedSleep(dir.path);
  // The grandchild ignores SIGTERM, so only the SIGKILL of the group ends it.
  const command = `(trap '' TERM; exec ${marker} 1000) & echo started; ${marker} 1001; echo never`;
  const r = await within(
    15_000,
    bash.execute({ command, timeout: 0.5 }, testContext(dir.path)),
    "the command should be killed at its 0.5 s timeout",
  );
  assertEquals(r.outcome, "timed_out");
  assertEquals(r.isError, true);
  assertStringIncludes(resultText(r), "started");
  assertStringIncludes(
    resultText(r),
    "Command timed out after 0.5 s; its process group was killed",
  );
  await until(() => processesMatching(marker).length === 0, 5000, "the process group to die");
});

Deno.test("bash cancellation via AbortSignal kills the group", async () => {
  await using dir = await tempDir("zot-bash-cancel-");
  const marker = await markedSleep(dir.path);
  const controller = new AbortController();
  const started = deferred();
  const run = bash.execute(
    { command: `${marker} 1000 & echo started; wait` },
    testContext(dir.path, {
      signal: controller.signal,
      progress: (t) => t.includes("started") && started.resolve(),
    }),
  );
  await withTimeout(started.promise, 5000, "the command to start");
  controller.abort();
  const r = await withTimeout(run, 5000, "the cancelled command");
  assertEquals(r.outcome, "cancelled");
  assertStringIncludes(resultText(r), "Command cancelled; its process group was killed");
  await until(() => processesMatching(marker).length === 0, 5000, "the process group to die");
});

Deno.test("bash returns when the shell exits even if a background job holds the pipe", async () => {
  await using dir = await tempDir("zot-bash-bg-");
  const marker = await markedSleep(dir.path);
  try {
    const r = await withTimeout(
      bash.execute({ command: `${marker} 1000 & echo fine` }, testContext(dir.path)),
      5000,
      "the command",
    );
    assertEquals(resultText(r), "fine");
  } finally {
    for (const p of processesMatching(marker)) Deno.kill(p.pid, "SIGKILL");
  }
});

Deno.test("bash truncates long output keeping head and tail", async () => {
  await using dir = await tempDir();
  const r = await bash.execute({ command: "seq 1 100000" }, testContext(dir.path));
  const text = resultText(r);
  assert(text.startsWith("1\n2\n3\n"));
  assert(text.endsWith("99999\n100000"));
  assertStringIncludes(text, "lines (");
  assertStringIncludes(text, "omitted");
  assert(text.length < 60 * 1024);
});

Deno.test("bash under jail refuses absolute paths outside the root", async () => {
  await using dir = await tempDir();
  const tool = createBashTool({ jail: createJail(dir.path) });
  const r = await tool.execute({ command: "cat /etc/passwd" }, testContext(dir.path));
  assertEquals(r.outcome, "blocked");
  assertEquals(
    resultText(r),
    `jailed: path "/etc/passwd" is outside sandbox root "${dir.path}" (use /unjail to disable)`,
  );
  const up = await tool.execute({ command: "ls ../" }, testContext(dir.path));
  assertEquals(up.outcome, "blocked");
  const ok = await tool.execute(
    { command: `echo hi > ${dir.path}/f 2>/dev/null; cat f` },
    testContext(dir.path),
  );
  assertEquals(resultText(ok), "hi");
});

Deno.test("bash timeout escalates to SIGKILL when the shell itself ignores SIGTERM", async () => {
  await using dir = await tempDir("zot-bash-term-");
  const marker = await markedSleep(dir.path);
  const r = await within(
    15_000,
    bash.execute(
      { command: `trap '' TERM; ${marker} 1000; echo after`, timeout: 0.3 },
      testContext(dir.path),
    ),
    "the command should be killed at its 0.3 s timeout, SIGKILL after the grace",
  );
  assertEquals(r.outcome, "timed_out");
  assertEquals(r.details, { exitCode: 137, signal: "SIGKILL" });
  await until(() => processesMatching(marker).length === 0, 5000, "the process group to die");
});

Deno.test("bash falls back to the next shell when one is missing", async () => {
  await using dir = await tempDir();
  const fallback = createBashTool({ shells: ["zot-no-such-shell", "sh"] });
  assertEquals(
    resultText(await fallback.execute({ command: "echo via sh" }, testContext(dir.path))),
    "via sh",
  );
  const none = createBashTool({ shells: ["zot-no-such-shell"] });
  assertEquals(
    resultText(await none.execute({ command: "true" }, testContext(dir.path))),
    "Cannot run the command: none of zot-no-such-shell was found on PATH",
  );
});
