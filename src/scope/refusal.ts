/**
 * What the host says when a sandboxed extension uses a protocol grant its
 * scope does not declare, with the scope key that would grant it.
 *
 * @module
 */

/** The diagnostic for a refused subscription, with the remedy. */
export function refusalMessage(
  name: string,
  what:
    | "events"
    | "intercept"
    | "call_tool"
    | "system_prompt"
    | "submit"
    | "submit_slash"
    | "submit_slash_prompt"
    | "tool_prompt"
    | "tool_prompt_tool",
  item: string,
): string {
  switch (what) {
    case "events":
      return `extension "${name}" subscribed to "${item}" but its scope does not declare it (add it to scope.events)`;
    case "intercept":
      return `extension "${name}" intercepts "${item}" but its scope does not declare it (add it to scope.intercept)`;
    case "system_prompt":
      return `extension "${name}" intercepts "before_agent_start" but its scope does not allow replacing the system prompt (set scope.system_prompt to true)`;
    case "call_tool":
      return `extension "${name}" called tool "${item}" but its scope does not declare it (add it to scope.call_tool)`;
    case "submit":
      return `extension "${name}" submitted a prompt but its scope does not allow submitting prompts for you (set scope.submit to true)`;
    case "submit_slash":
      return `extension "${name}" ran "${item}" through submit_slash but its scope does not allow running its commands for you (set scope.submit_slash to true)`;
    case "submit_slash_prompt":
      return `extension "${name}" answered "${item}", run through submit_slash, with a prompt but its scope does not allow submitting prompts for you (set scope.submit to true)`;
    case "tool_prompt":
      return `extension "${name}" answered with tool_prompt for tool "${item}" but its scope does not allow tool_prompt (set scope.tool_prompt to true)`;
    case "tool_prompt_tool":
      return `extension "${name}" answered with tool_prompt for tool "${item}" but its scope does not declare the tool (add it to scope.call_tool)`;
  }
}
