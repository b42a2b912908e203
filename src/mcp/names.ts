/**
 * MCP tool names as zot tool names. MCP allows names zot's models do not
 * (dots, slashes, up to 128 characters); zot's are `^[a-zA-Z0-9_-]{1,64}$`.
 * Each name is made valid, then unique among this server's tools; the
 * extension's name is put in front only when a name would clash with one of
 * zot's built-in tools, so the model sees the server's own names otherwise.
 *
 * @module
 */

/** zot's built-in tools: an MCP tool of the same name would be refused by the host. */
export const BUILTIN_TOOLS: ReadonlySet<string> = new Set([
  "read",
  "write",
  "edit",
  "bash",
  "skill",
  "subagent",
]);

const MAX = 64;

/** `name` with every character outside `[a-zA-Z0-9_-]` replaced by `_`, at most 64 long. */
export function validName(name: string): string {
  const clean = name.replace(/[^a-zA-Z0-9_-]/g, "_").slice(0, MAX);
  return clean === "" ? "tool" : clean;
}

/**
 * Assigns zot names to MCP tool names, stable across `tools/list_changed`:
 * a tool keeps the name it was first given.
 */
export class ToolNames {
  #byMcp = new Map<string, string>();
  #taken = new Set<string>();
  #prefix: string;

  constructor(extensionName: string) {
    this.#prefix = validName(extensionName);
  }

  /** The zot name for the MCP tool `mcpName`. */
  nameFor(mcpName: string): string {
    const known = this.#byMcp.get(mcpName);
    if (known) return known;
    let base = validName(mcpName);
    if (BUILTIN_TOOLS.has(base)) base = validName(`${this.#prefix}_${base}`);
    let name = base;
    for (let n = 2; this.#taken.has(name); n++) {
      const suffix = `_${n}`;
      name = base.slice(0, MAX - suffix.length) + suffix;
    }
    this.#taken.add(name);
    this.#byMcp.set(mcpName, name);
    return name;
  }
}
