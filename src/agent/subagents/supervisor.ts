/**
 * The parent side of subagents: gives each delegated task an identity,
 * runs it through a local runner, and tells extensions about it with
 * `subagent_start` / `subagent_stop` (extensions.md "Session, compaction,
 * and swarm boundaries"). The events carry the parent conversation at
 * spawn as `session_id`, also when the active conversation changes later
 * or the agent is resumed. Stop is emitted only when the runner returns,
 * never on the cancel request itself. Shutdown cancels every runner and
 * waits a bounded time for them.
 *
 * @module
 */

import type { LifecycleEvent, RunStatus } from "../../protocol/events.ts";
import { newAgentId, newRunId } from "./ids.ts";
import { runChild, type Runner, type RunnerOutcome } from "./runner.ts";
import type { ChildCommand } from "./command.ts";
import { errorMessage } from "../../errors.ts";
import { bounded, linkedController } from "../cancel.ts";

/** How long shutdown waits for runners before it stops waiting (spec: two seconds). */
export const SHUTDOWN_WAIT_MS = 2000;

/** Default runner deadline when the model names none. */
export const DEFAULT_TIMEOUT_MS = 600_000;

export interface SubagentRequest {
  task: string;
  /** Display name; defaults to the agent id. */
  name?: string;
  /** Tools the child may use (within the parent's own allow list). */
  tools?: string[];
  timeoutMs?: number;
  /** Resume this known agent: same `agent_id`, a new `agent_run_id`. */
  agentId?: string;
}

export interface SubagentOutcome extends RunnerOutcome {
  agentId: string;
  runId: string;
  name: string;
}

export interface RunContext {
  signal: AbortSignal;
  progress?: (text: string) => void;
}

export interface SupervisorOptions {
  cwd: string;
  /** Where lifecycle events go (the extension host, or nothing). */
  emit: (event: LifecycleEvent) => void;
  /** The parent's active conversation, read at spawn. */
  sessionId: () => string;
  /** The child's command line for the tools it may use. */
  command: (tools: readonly string[] | undefined) => ChildCommand;
  runner?: Runner;
  killGraceMs?: number;
}

interface KnownAgent {
  agentId: string;
  name: string;
  sessionId: string;
}

interface ActiveRun {
  controller: AbortController;
  done: Promise<unknown>;
}

export class SubagentSupervisor {
  readonly #options: SupervisorOptions;
  readonly #agents = new Map<string, KnownAgent>();
  readonly #active = new Set<ActiveRun>();
  #closing = false;

  constructor(options: SupervisorOptions) {
    this.#options = options;
  }

  /** Runners still running. */
  get activeCount(): number {
    return this.#active.size;
  }

  /** Whether `agentId` was started by this supervisor (and so can be resumed). */
  knows(agentId: string): boolean {
    return this.#agents.has(agentId);
  }

  async run(request: SubagentRequest, ctx: RunContext): Promise<SubagentOutcome> {
    const agent = this.#identity(request);
    const runId = newRunId();
    if (agent === undefined) {
      return {
        status: "failed",
        text: "",
        error: `Unknown subagent "${request.agentId}" (start a new one without "agent_id")`,
        agentId: request.agentId ?? "",
        runId,
        name: request.name ?? "",
      };
    }
    if (this.#closing) {
      const error = "zot is shutting down; no new subagents start";
      return { status: "cancelled", text: "", error, ...this.#ids(agent, runId) };
    }
    // On the wire `name` carries the agent id (as the protocol says, for now); the model's
    // label travels as `label`.
    const identity = {
      agent_id: agent.agentId,
      agent_run_id: runId,
      name: agent.agentId,
      ...(agent.name !== agent.agentId ? { label: agent.name } : {}),
    };
    // The parent conversation at spawn, kept for stop and for resumes.
    const stamp = { session_id: agent.sessionId };
    this.#options.emit({ event: "subagent_start", ...identity, ...stamp });

    const controller = linkedController(ctx.signal);
    const runner = this.#options.runner ?? runChild;
    const done = runner({
      command: this.#options.command(request.tools),
      cwd: this.#options.cwd,
      task: request.task,
      signal: controller.signal,
      timeoutMs: request.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      progress: ctx.progress,
      killGraceMs: this.#options.killGraceMs,
    }).catch((e): RunnerOutcome => ({
      status: "failed",
      text: "",
      error: errorMessage(e),
    }));
    const active: ActiveRun = { controller, done };
    this.#active.add(active);
    try {
      const outcome = await done;
      this.#options.emit({
        event: "subagent_stop",
        ...identity,
        status: outcome.status,
        ...(outcome.error ? { error: outcome.error } : {}),
        ...stamp,
      });
      return { ...outcome, ...this.#ids(agent, runId) };
    } finally {
      this.#active.delete(active);
      controller.dispose();
    }
  }

  /**
   * Cancels every runner and waits up to `waitMs` for them to return (each
   * emits its `subagent_stop` as it does). A runner that is still running
   * afterwards may never produce a final notification. No new run starts.
   */
  async shutdown(waitMs: number = SHUTDOWN_WAIT_MS): Promise<void> {
    this.#closing = true;
    const runs = [...this.#active];
    if (runs.length === 0) return;
    for (const run of runs) {
      run.controller.abort(new DOMException("zot is shutting down", "AbortError"));
    }
    await bounded(Promise.all(runs.map((r) => r.done)), waitMs);
  }

  #identity(request: SubagentRequest): KnownAgent | undefined {
    if (request.agentId !== undefined) return this.#agents.get(request.agentId);
    const agentId = newAgentId();
    const name = request.name?.trim() || agentId;
    const agent = { agentId, name, sessionId: this.#options.sessionId() };
    this.#agents.set(agentId, agent);
    return agent;
  }

  #ids(agent: KnownAgent, runId: string) {
    return { agentId: agent.agentId, runId, name: agent.name };
  }
}

export type { RunStatus };
