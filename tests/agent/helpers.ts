/**
 * Builds an agent over fakes.
 *
 * @module
 */

import { Agent, type AgentOptions } from "../../src/agent/loop.ts";
import { Session } from "../../src/agent/session.ts";
import { ToolRegistry } from "../../src/agent/tool_registry.ts";
import type { AgentEvent } from "../../src/agent/events.ts";
import { type ClientEvent, toClientEvent } from "../../src/modes/common/client_events.ts";
import type { Tool } from "../../src/model/types.ts";
import { type RecordingHooks, recordingHooks, type Script, ScriptedProvider } from "./fakes.ts";

export interface TestAgent {
  agent: Agent;
  provider: ScriptedProvider;
  hooks: RecordingHooks;
  /** What JSON and RPC clients get (the agent's events through the client edge's adapter). */
  events: ClientEvent[];
  /** The agent's events themselves. */
  domain: AgentEvent[];
}

export async function testAgent(
  scripts: Script[],
  options: { tools?: Tool[]; hooks?: RecordingHooks } & Partial<AgentOptions> = {},
): Promise<TestAgent> {
  const provider = new ScriptedProvider(scripts);
  const hooks = options.hooks ?? recordingHooks();
  const session = options.session ??
    await Session.create({ cwd: "/proj", provider: "anthropic", model: "m" });
  const agent = new Agent({
    provider,
    model: "m",
    registry: options.registry ?? new ToolRegistry(options.tools ?? []),
    session,
    basePrompt: () => "base prompt",
    ...options,
    hooks,
  });
  const events: ClientEvent[] = [];
  const domain: AgentEvent[] = [];
  agent.subscribe((e) => {
    domain.push(e);
    const client = toClientEvent(e);
    if (client) events.push(client);
  });
  return { agent, provider, hooks, events, domain };
}
