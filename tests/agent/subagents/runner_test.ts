/**
 * The runner against real `sh` children that stand in for a child zot:
 * the stream is read, stderr explains failures, and cancel/timeout end the
 * whole process group, escalating to SIGKILL when SIGINT is ignored.
 */

import { assertEquals } from "../../helpers/assert.ts";
import { deferred, until, within, withTimeout } from "../../helpers/wait.ts";
import { processesMatching } from "../../helpers/procs.ts";
import { runChild, type RunnerRequest } from "../../../src/agent/subagents/runner.ts";

function request(script: string, extra: Partial<RunnerRequest> = {}): RunnerRequest {
  return {
    command: { command: "sh", args: ["-c", script], env: {} },
    cwd: Deno.cwd(),
    task: "the task",
    signal: new AbortController().signal,
    timeoutMs: 30_000,
    killGraceMs: 100,
    ...extra,
  };
}

const SAY = `printf '{"type":"assistant_message","content":[{"type":"text","text":"%s"}]}\\n'`;

Deno.test("runner: the task arrives on stdin; the last assistant text is the answer", async () => {
  const outcome = await runChild(request(`t=$(cat); ${SAY} "got: $t"; echo '{"type":"done"}'`));
  assertEquals(outcome, { status: "completed", text: "got: the task" });
});

Deno.test("runner: a failing child is explained by its error event, else its stderr", async () => {
  const withEvent = await runChild(
    request(`echo '{"type":"error","message":"model said no"}'; echo 'noise' >&2; exit 1`),
  );
  assertEquals(withEvent, { status: "failed", text: "", error: "model said no" });
  const withStderr = await runChild(request(`echo 'zot: bad flag "--x"' >&2; exit 2`));
  assertEquals(withStderr, { status: "failed", text: "", error: `zot: bad flag "--x"` });
  const silent = await runChild(request(`exit 3`));
  assertEquals(silent.error, "child zot exited with code 3");
});

Deno.test("runner: a command that cannot start is a failed outcome", async () => {
  const outcome = await runChild({
    ...request(""),
    command: { command: "/nonexistent/zot-binary", args: [], env: {} },
  });
  assertEquals(outcome.status, "failed");
  assertEquals(outcome.error?.startsWith("Cannot start child zot: "), true);
});

Deno.test("runner: cancel kills the group, even members that ignore SIGINT", async () => {
  const marker = `zot-subagent-test-${crypto.randomUUID()}`;
  const started = deferred<void>();
  const controller = new AbortController();
  const run = runChild(request(
    // The grandchild shares the group; both ignore SIGINT.
    `trap '' INT; sh -c 'trap "" INT; sleep 1000; : ${marker}' & ` +
      `echo '{"type":"tool_call","id":"1","name":"${marker}"}'; wait`,
    { signal: controller.signal, progress: () => started.resolve() },
  ));
  await withTimeout(started.promise, 10_000, "child running");
  controller.abort();
  const outcome = await withTimeout(run, 10_000, "runner returns");
  assertEquals(outcome.status, "cancelled");
  await until(() => processesMatching(marker).length === 0, 5_000, "group gone");
});

Deno.test("runner: past its deadline the child is ended as timed_out", async () => {
  const outcome = await within(
    15_000,
    runChild(request(`exec sleep 1000`, { timeoutMs: 200 })),
    "the child should be ended at its 200 ms deadline",
  );
  assertEquals(outcome, { status: "timed_out", text: "", error: "timed out after 0.2s" });
});
