/**
 * What an extension has registered, and the frames that announce it. The
 * order is stable: commands, tools, then one `subscribe` (events in
 * declaration order, intercepts in a fixed order).
 *
 * @module
 */

import type { ExtToHostFrame } from "../protocol/frames.ts";
import type { CommandEntry, ToolEntry } from "./calls.ts";
import type { AnyEvent } from "./events.ts";
import { INTERCEPT_ORDER, type Interceptors } from "./interceptors.ts";
import type { Panel, PanelHandlers } from "./panels.ts";
import type { HookContext, ToolSpec } from "./types.ts";

export type EventFn = (e: AnyEvent, ctx: HookContext) => void | Promise<void>;

export class Registry {
  /** Keyed by lower-cased name: the host matches commands case-insensitively. */
  readonly commands = new Map<string, CommandEntry>();
  readonly tools = new Map<string, ToolEntry>();
  readonly events = new Map<string, EventFn[]>();
  readonly hooks: Interceptors = {};
  readonly panels = new Map<string, { panel: Panel; handlers: PanelHandlers }>();

  /**
   * Adds a command. The host keeps the first registration of a name, so a second handler would
   * never run: it is refused here, where the author wrote it.
   */
  addCommand(entry: CommandEntry): void {
    const key = entry.name.toLowerCase();
    if (this.commands.has(key)) {
      throw new Error(`Command "/${entry.name}" is already registered (names match in any case)`);
    }
    this.commands.set(key, entry);
  }

  /** Adds a tool; a second one of the same name is refused, as for commands. */
  addTool(entry: ToolEntry): void {
    if (this.tools.has(entry.spec.name)) {
      throw new Error(`Tool "${entry.spec.name}" is already registered`);
    }
    this.tools.set(entry.spec.name, entry);
  }

  /** The `register_tool` frame of `spec`. */
  static toolFrame(spec: ToolSpec): ExtToHostFrame {
    const frame: ExtToHostFrame = {
      type: "register_tool",
      name: spec.name,
      description: spec.description,
      schema: spec.schema ?? { type: "object", properties: {} },
    };
    if (spec.deferred) frame.deferred = true;
    if (spec.interactive) frame.interactive = true;
    return frame;
  }

  /** Every registration frame, sent between `hello_ack` and `ready`. */
  frames(): ExtToHostFrame[] {
    const out: ExtToHostFrame[] = [];
    for (const c of this.commands.values()) {
      out.push({ type: "register_command", name: c.name, description: c.description });
    }
    for (const t of this.tools.values()) out.push(Registry.toolFrame(t.spec));
    const events = [...this.events.keys()];
    const intercept = INTERCEPT_ORDER.filter((k) => this.hooks[k]);
    if (events.length || intercept.length) {
      const sub: ExtToHostFrame = { type: "subscribe" };
      if (events.length) sub.events = events;
      if (intercept.length) sub.intercept = [...intercept];
      out.push(sub);
    }
    return out;
  }
}
