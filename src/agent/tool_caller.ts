/**
 * `call_tool` for extensions: the active agent's registry, interception
 * (with the origin) and confirmation policy, a synthetic `ext-call-<n>` id,
 * and no transcript message.
 *
 * @module
 */

import { textContent } from "../protocol/content.ts";
import type { JsonObject } from "../protocol/frames.ts";
import type { ExternalCallOptions, ToolCaller, ToolResult } from "../model/types.ts";
import { runToolCall, type ToolExecEnv } from "./tool_exec.ts";

export class AgentToolCaller implements ToolCaller {
  #next = 0;
  #env: () => ToolExecEnv | undefined;

  /** `env` returns the active agent's tool environment, or undefined when none. */
  constructor(env: () => ToolExecEnv | undefined) {
    this.#env = env;
  }

  async callTool(
    name: string,
    args: JsonObject,
    options: ExternalCallOptions,
  ): Promise<ToolResult> {
    const env = this.#env();
    if (!env) return { content: textContent("no active agent"), isError: true };
    const id = `ext-call-${++this.#next}`;
    const chain = options.chain.at(-1) === name ? options.chain : [...options.chain, name];
    await env.hooks.paced();
    const call = { id, name, args, origin: options.origin, inTranscript: false };
    env.emit({ type: "tool_call", ...call });
    // Extension calls stream no progress to the user's view.
    const outcome = await runToolCall(
      { ...call, chain, signal: options.signal },
      { ...env, progress: undefined },
    );
    return outcome.result;
  }
}
