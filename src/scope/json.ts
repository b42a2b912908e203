/**
 * A scope written back in the manifest's spelling (snake_case keys), the
 * form stored in grants.json and shown to the user.
 *
 * @module
 */

import type { Scope } from "./scope.ts";

/** The scope as JSON (manifest spelling), for grants.json and display. */
export function scopeToJson(scope: Scope): Record<string, unknown> {
  return {
    read: scope.read,
    write: scope.write,
    net: scope.net,
    env: scope.env,
    run: scope.run,
    sys: scope.sys,
    import: scope.import,
    memory: scope.memory,
    events: scope.events,
    intercept: scope.intercept,
    system_prompt: scope.systemPrompt,
    call_tool: scope.callTool,
    submit: scope.submit,
    submit_slash: scope.submitSlash,
    tool_prompt: scope.toolPrompt,
  };
}
