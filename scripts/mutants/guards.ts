/**
 * Mutants of the guard protections: the host paces its own bursts, guards
 * fail closed, tool calls per reply are bounded, one session has one writer.
 *
 * @module
 */

import type { Mutant } from "./types.ts";

const BURST = "tests/agent/guard_burst_test.ts";
const PACING = "tests/extensions/process/pacing_test.ts";
const FAIL_CLOSED_HOST = "tests/extensions/host/fail_closed_test.ts";
const FAIL_CLOSED_E2E = "tests/agent/guard_fail_closed_test.ts";
const INTERCEPT = "tests/extensions/host/intercept_test.ts";
const FAIL_CLOSED_AGENT = "tests/agent/fail_closed_hooks_test.ts";
const BOUND = "tests/agent/tool_call_bound_test.ts";
const EXT_EDGE = "tests/extensions/host/agent_events_test.ts";
const CLIENT_EDGE = "tests/modes/common/client_events_test.ts";
const LOCK_UNIT = "tests/agent/session_lock_test.ts";
const LOCK_JOURNEY = "tests/journeys/session_lock_test.ts";

export const mutants: Mutant[] = [
  {
    id: "guards-loop-unpaced",
    protection: "the loop waits for the extensions between the tool_call events of one reply",
    file: "src/agent/step.ts",
    find: "    await ctx.hooks.paced();\n    ctx.emit({",
    replace: "    ctx.emit({",
    tests: [BURST],
  },
  {
    id: "guards-refusals-unpaced",
    protection: "call_tool refusals are sent in turn as the caller reads, not all at once",
    file: "src/extensions/host/call_tool.ts",
    find: "  if (record.callToolQueue.full) return send();\n  record.callToolQueue.reply(send);",
    replace: "  send();",
    tests: [BURST],
  },
  {
    id: "guards-queue-always-room",
    protection: "the outbound queue reports no room past half its bound, so producers wait",
    file: "src/extensions/process/outbound.ts",
    find:
      "    return waiting < this.#limits.maxFrames / 2 && this.#queuedBytes < this.#limits.maxBytes / 2;",
    replace: "    return waiting >= 0;",
    tests: [PACING],
  },
  {
    id: "guards-deaf-never-cut",
    protection: "waiting on an extension that reads nothing ends after the stall bound",
    file: "src/extensions/process/connection.ts",
    find: "      if (this.#out.writtenCount === progress) {",
    replace: "      if (this.#out.writtenCount === progress && progress < 0) {",
    tests: [PACING],
  },
  {
    id: "guards-call-tool-unbounded",
    protection: "call_tool requests run at most 8 at once, the rest wait in order",
    file: "src/extensions/host/call_tool_queue.ts",
    find: "    return head && this.#budget.fits(head.bytes) ? 0 : -1;",
    replace: "    return head ? 0 : -1;",
    tests: ["tests/extensions/host/call_tool_test.ts"],
  },
  {
    id: "guards-call-tool-bytes-unbounded",
    protection:
      "running call_tool requests share 1 MiB of args, so their frames fit a guard's queue",
    file: "src/extensions/host/call_tool_queue.ts",
    find: "    return this.#running < this.#maxRunning && this.#bytes + bytes <= this.#maxBytes;",
    replace: "    return this.#running < this.#maxRunning;",
    tests: [BURST],
  },
  {
    id: "guards-intercept-behind-backlog",
    protection: "an intercept is sent once zot's queue to the guard is empty (its 5 s are its own)",
    file: "src/extensions/host/intercept.ts",
    find: "  await channel.paced(true);\n",
    replace: "",
    tests: [BURST],
  },
  {
    id: "guards-gone-guard-skipped",
    protection: "a tool_call guard that is not running refuses the call instead of being skipped",
    file: "src/extensions/host/intercept.ts",
    find: '  const chain = holders(core.records, "tool_call");',
    replace: '  const chain = interceptors(core.records, "tool_call");',
    tests: [FAIL_CLOSED_HOST, FAIL_CLOSED_E2E],
  },
  {
    id: "guards-refusal-says-disconnected",
    protection: "a refusal right after a guard's output ended says how the guard ended",
    file: "src/extensions/host/record.ts",
    find: "  if (record.closed !== undefined || !channel?.isClosed) return;",
    replace: "  return;",
    tests: [FAIL_CLOSED_HOST, FAIL_CLOSED_E2E],
  },
  {
    id: "guards-refusal-waits-unbounded",
    protection: "the wait for a gone guard's reason is bounded by the intercept deadline",
    file: "src/extensions/host/record.ts",
    find: "  await settlesWithin(channel.closed, ms);",
    replace: "  await channel.closed;",
    tests: [FAIL_CLOSED_HOST],
  },
  {
    id: "guards-rewrite-not-shown-back",
    protection: "a later interceptor's tool_call rewrite is shown to the guards before it",
    file: "src/extensions/host/intercept.ts",
    find: "    if (judged.get(record) === final) continue;",
    replace: "    continue;",
    tests: [INTERCEPT, "tests/extensions/host/e2e_test.ts"],
  },
  {
    id: "guards-second-look-block-ignored",
    protection: "a guard's block on the rewritten arguments refuses the call",
    file: "src/extensions/host/intercept.ts",
    find:
      '    if (judged.get(record) === final) continue;\n    const asked = await ask(record);\n    if ("end" in asked) return asked.end;',
    replace: "    if (judged.get(record) === final) continue;\n    await ask(record);",
    tests: [INTERCEPT, "tests/extensions/host/e2e_test.ts"],
  },
  {
    id: "guards-second-look-asks-everyone",
    protection: "an interceptor that saw the final arguments is not asked twice",
    file: "src/extensions/host/intercept.ts",
    find: "    judged.set(record, JSON.stringify(args));",
    replace: '    judged.set(record, "");',
    tests: [INTERCEPT],
  },
  {
    id: "stop-report-before-reason",
    protection: "print mode's report of an extension stopped during the run waits for how it ended",
    file: "src/modes/common/setup.ts",
    find: "      await host?.closesRecorded();",
    replace: "",
    tests: ["tests/journeys/extension_crash_test.ts"],
  },
  {
    id: "stop-note-before-reason",
    protection: "the TUI's note for a stopped extension waits for how it ended",
    file: "src/modes/interactive/app.ts",
    find: "      void (setup.host?.closesRecorded() ?? Promise.resolve()).then(() => {",
    replace: "      void Promise.resolve().then(() => {",
    tests: ["tests/modes/interactive/extension_test.ts"],
  },
  {
    id: "guards-reason-wait-holds-text",
    protection: "only a gate's refusal waits for a gone interceptor's reason (shown text does not)",
    file: "src/extensions/host/intercept.ts",
    find: "  if (GATES.has(event) && !signal.aborted) {",
    replace: "  if (!signal.aborted) {",
    tests: [FAIL_CLOSED_HOST],
  },
  {
    id: "guards-reason-wait-outlives-run",
    protection: "the wait for a gone guard's reason ends when the run is cancelled",
    file: "src/extensions/host/intercept.ts",
    find: "    await Promise.race([closeRecorded(record, ms), aborted]);",
    replace: "    await closeRecorded(record, ms);",
    tests: [FAIL_CLOSED_HOST],
  },
  {
    id: "guards-silent-guard-allows",
    protection: "a tool_call guard that does not answer in time refuses the call",
    file: "src/extensions/host/intercept.ts",
    find: "          : { block: true, reason: `Tool call refused: ${answer.why}` },",
    replace: "          : { block: false, args },",
    tests: [INTERCEPT, FAIL_CLOSED_HOST, FAIL_CLOSED_E2E],
  },
  {
    id: "guards-gone-turn-gate-skipped",
    protection: "a turn_start interceptor that is not running refuses the turn",
    file: "src/extensions/host/intercept.ts",
    find: '  for (const record of holders(core.records, "turn_start")) {',
    replace: '  for (const record of interceptors(core.records, "turn_start")) {',
    tests: [FAIL_CLOSED_HOST],
  },
  {
    id: "guards-check-error-allows",
    protection: "a tool_call check that throws refuses the call",
    file: "src/agent/tool_exec.ts",
    find: "    if (req.signal.aborted) return { block: false, args: req.args };\n",
    replace: "    return { block: false, args: req.args };\n",
    tests: [FAIL_CLOSED_AGENT],
  },
  {
    id: "guards-no-reply-bound",
    protection: "tool calls per model reply are bounded",
    file: "src/agent/step.ts",
    find: "  const calls = proposed.slice(0, bound);",
    replace: "  const calls = proposed;",
    tests: [BOUND],
  },
  {
    id: "guards-open-unlocked",
    protection: "opening a session takes its lock (a second run is refused)",
    file: "src/agent/session.ts",
    find: "    const held = lock ?? await takeLock(path);",
    replace: "    const held = lock ?? ({ release() {} } as unknown as SessionLock);",
    tests: [LOCK_UNIT, LOCK_JOURNEY],
  },
  {
    id: "guards-lock-not-exclusive",
    protection: "the lock is an OS lock: a held one cannot be taken",
    file: "src/agent/session_lock.ts",
    find: "      locked = await file.tryLock(true);",
    replace: "      locked = true;",
    tests: [LOCK_UNIT, LOCK_JOURNEY],
  },
  {
    id: "guards-lock-by-name",
    protection: "the lock lies beside the real file, so a symlinked name takes the same lock",
    file: "src/agent/session_lock.ts",
    find: "  const path = lockPathOf(await realFile(sessionPath));",
    replace: "  const path = lockPathOf(sessionPath);",
    tests: [LOCK_UNIT],
  },
  {
    id: "guards-lock-kept-after-close",
    protection: "closing a session releases its lock",
    file: "src/agent/session.ts",
    find: "    this.#lock?.release();\n    this.#lock = undefined;\n",
    replace: "",
    tests: [LOCK_UNIT],
  },
  {
    id: "guards-beyond-bound-told",
    protection: "calls past the per-reply bound are not shown to guards and observers",
    file: "src/extensions/host/agent_events.ts",
    find:
      '      if (event.beyondBound) return undefined;\n      return {\n        event: "tool_call",',
    replace: '      return {\n        event: "tool_call",',
    tests: [BOUND, EXT_EDGE],
  },
  {
    id: "guards-call-tool-on-stdout",
    protection: "a tool an extension runs with call_tool stays off the JSON and RPC event stream",
    file: "src/modes/common/client_events.ts",
    find:
      '      if (!event.inTranscript) return undefined;\n      return {\n        type: "tool_result",',
    replace: '      return {\n        type: "tool_result",',
    tests: [CLIENT_EDGE],
  },
  {
    id: "guards-late-guard-skipped",
    protection: "a tool call waits for the extensions still starting (one may be its guard)",
    file: "src/extensions/host/mod.ts",
    find: '    await this.#late.settled("tool_call", signal);\n',
    replace: "",
    tests: ["tests/extensions/host/late_guard_test.ts", "tests/modes/late_guard_test.ts"],
  },
  {
    id: "guards-late-turn-skipped",
    protection: "a turn waits for the extensions still starting (one may be its turn guard)",
    file: "src/extensions/host/mod.ts",
    find: '    await this.#late.settled("turn_start", signal);\n',
    replace: "",
    tests: ["tests/extensions/host/late_guard_test.ts"],
  },
  {
    id: "guards-late-plain-trusted",
    protection: "a starting plain extension may intercept anything (it declares nothing)",
    file: "src/extensions/host/late_joins.ts",
    find: "event);\n  return true;\n}",
    replace: "event);\n  return false;\n}",
    tests: ["tests/extensions/host/late_guard_test.ts"],
  },
  {
    id: "guards-late-wait-empty",
    protection: "the wait for starting extensions covers every join still running",
    file: "src/extensions/host/late_joins.ts",
    find: "waiting.length > 0;",
    replace: "waiting.length < 0;",
    tests: ["tests/extensions/host/late_guard_test.ts"],
  },
  {
    id: "guards-late-order-end",
    protection: "a late extension takes its load-order place in the interception chains",
    file: "src/extensions/host/mod.ts",
    find:
      "    if (after === -1) this.#records.push(record);\n    else this.#records.splice(after, 0, record);",
    replace: "    this.#records.push(record);",
    tests: ["tests/extensions/host/late_guard_test.ts"],
  },
  {
    id: "guards-late-asks-nobody",
    protection: "an interceptor still starting counts when the agent asks whether any exists",
    file: "src/extensions/host/mod.ts",
    find: " || this.#late.mayIntercept(event)",
    replace: "",
    tests: ["tests/extensions/host/late_guard_test.ts"],
  },
];
