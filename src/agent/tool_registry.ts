/**
 * The tools one agent can run: built-ins first, then extension tools
 * (built-ins always win a name clash, and the first extension registration
 * wins among extensions). Deferred tools are callable but hidden from the
 * model until a tool result activates them.
 *
 * @module
 */

import type { Tool, ToolSpec } from "../model/types.ts";

export interface ToolRegistryOptions {
  /** Only these names stay available (`--tools a,b`). */
  allow?: readonly string[];
}

/** A name skipped because an earlier tool owns it. */
export interface ShadowedTool {
  name: string;
  source: string;
}

export class ToolRegistry {
  #tools = new Map<string, Tool>();
  #activated = new Set<string>();
  #shadowed: ShadowedTool[] = [];
  #builtinCount = 0;
  #allow?: Set<string>;

  constructor(builtins: readonly Tool[] = [], options: ToolRegistryOptions = {}) {
    if (options.allow) this.#allow = new Set(options.allow);
    this.setExtensionTools([], builtins);
  }

  /**
   * Replaces the extension tools (startup and reload). Built-ins keep their
   * names; activation of deferred tools survives for names still present.
   */
  setExtensionTools(extensionTools: readonly Tool[], builtins?: readonly Tool[]): void {
    const base = builtins ?? [...this.#tools.values()].slice(0, this.#builtinCount);
    this.#tools = new Map();
    this.#shadowed = [];
    for (const tool of base) this.#add(tool);
    this.#builtinCount = this.#tools.size;
    for (const tool of extensionTools) this.#add(tool);
    for (const name of this.#activated) if (!this.#tools.has(name)) this.#activated.delete(name);
  }

  #add(tool: Tool): void {
    if (this.#allow && !this.#allow.has(tool.name)) return;
    if (this.#tools.has(tool.name)) {
      this.#shadowed.push({ name: tool.name, source: tool.source ?? "builtin" });
      return;
    }
    this.#tools.set(tool.name, tool);
  }

  get(name: string): Tool | undefined {
    return this.#tools.get(name);
  }

  /** Every registered tool, deferred ones included, in registration order. */
  all(): Tool[] {
    return [...this.#tools.values()];
  }

  /** Registrations that lost to an earlier tool of the same name. */
  shadowed(): ShadowedTool[] {
    return [...this.#shadowed];
  }

  /** Tools the model currently sees. */
  visible(): Tool[] {
    return this.all().filter((t) => !t.deferred || this.#activated.has(t.name));
  }

  /**
   * Activates deferred tools named by a result; unknown names are ignored.
   * Returns the names that became visible now.
   */
  activate(names: readonly string[]): string[] {
    const added: string[] = [];
    for (const name of names) {
      const tool = this.#tools.get(name);
      if (!tool?.deferred || this.#activated.has(name)) continue;
      this.#activated.add(name);
      added.push(name);
    }
    return added;
  }

  /**
   * Specs sent to the provider. Sorted by name so the tools block is
   * byte-identical between requests and provider prompt caching hits.
   */
  specs(): ToolSpec[] {
    return this.visible()
      .map((t) => ({ name: t.name, description: t.description, schema: t.schema }))
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  }
}
