/**
 * The names of zot's own tools, as plain data: the extension host and
 * `zot ext doctor` report an extension tool with one of these names as
 * shadowed without loading the tools themselves.
 *
 * @module
 */

/** Every built-in tool name, in the order the tools are returned. */
export const BUILTIN_TOOL_NAMES = ["read", "write", "edit", "bash", "skill"] as const;
export type BuiltinToolName = typeof BUILTIN_TOOL_NAMES[number];

/** The `subagent` tool (present unless the run is itself a subagent at the depth limit). */
export const SUBAGENT_TOOL_NAME = "subagent";
