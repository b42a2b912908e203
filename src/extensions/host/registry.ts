/**
 * The dispatch indexes. Commands are keyed case-insensitively (the winning
 * registration's spelling is canonical); tools by exact name. The first
 * registration wins everywhere, including against the same extension, so
 * a later duplicate can never silently take over a name. Before any of that,
 * each registration must meet the bounds of registration_bounds.ts.
 *
 * @module
 */

import type { RegisterCommandFrame, RegisterToolFrame } from "../../protocol/frames.ts";
import { isJsonObject } from "../../protocol/validate.ts";
import {
  MAX_COMMANDS_PER_EXTENSION,
  MAX_TOOLS_PER_EXTENSION,
  MAX_TOTAL_TOOL_BYTES,
} from "../../protocol/limits.ts";
import { commandProblem, shownName, toolProblem } from "./registration_bounds.ts";
import type { Diagnostics } from "./diagnostics.ts";
import type { CommandRegistration, ExtensionRecord, ToolRegistration } from "./record.ts";

/** Schema used when an extension registers a tool without an object schema. */
const EMPTY_SCHEMA = { type: "object", properties: {} };

export class Registry {
  readonly commands = new Map<string, CommandRegistration>();
  readonly tools = new Map<string, ToolRegistration>();
  readonly #builtinCommands: ReadonlySet<string>;
  readonly #builtinTools: ReadonlySet<string>;
  readonly #diagnostics: Diagnostics;
  /** What each active tool adds to every model request, and the sum (see MAX_TOTAL_TOOL_BYTES). */
  readonly #toolCost = new WeakMap<ToolRegistration, number>();
  #toolBytes = 0;

  constructor(
    diagnostics: Diagnostics,
    builtins: { commands?: Iterable<string>; tools?: Iterable<string> } = {},
  ) {
    this.#diagnostics = diagnostics;
    this.#builtinCommands = new Set([...builtins.commands ?? []].map((n) => n.toLowerCase()));
    this.#builtinTools = new Set(builtins.tools ?? []);
  }

  addCommand(record: ExtensionRecord, frame: RegisterCommandFrame): void {
    const problem = record.commands.length >= MAX_COMMANDS_PER_EXTENSION
      ? `command ${
        shownName(frame.name)
      } refused: an extension may register at most ${MAX_COMMANDS_PER_EXTENSION} commands`
      : commandProblem(frame.name, frame.description);
    if (problem) {
      this.#diagnostics.about(record, { code: "registration-refused", message: problem }, {
        log: true,
      });
      return;
    }
    const reg: CommandRegistration = {
      name: frame.name,
      description: frame.description ?? "",
      extension: record.name,
      state: "shadowed",
    };
    record.commands.push(reg);
    const key = frame.name.toLowerCase();
    // Built-in slash commands are dispatched first, case-insensitively like
    // the lookup: `/HELP` runs the built-in too, so the extension's never runs.
    if (this.#builtinCommands.has(key)) {
      this.#diagnostics.about(record, {
        code: "registration-shadowed",
        message: `command /${frame.name} is shadowed by the built-in /${key}`,
        remedy: "rename the extension's command",
      }, { log: true });
      return;
    }
    if (this.commands.has(key)) {
      this.#diagnostics.about(record, {
        code: "registration-conflict",
        message:
          `command /${frame.name} conflicts with another extension registering the same name`,
      }, { log: true });
      return;
    }
    reg.state = "active";
    this.commands.set(key, reg);
  }

  addTool(record: ExtensionRecord, frame: RegisterToolFrame): void {
    const refuse = (message: string) =>
      this.#diagnostics.about(record, { code: "registration-refused", message }, { log: true });
    if (record.tools.length >= MAX_TOOLS_PER_EXTENSION) {
      refuse(
        `tool ${
          shownName(frame.name)
        } refused: an extension may register at most ${MAX_TOOLS_PER_EXTENSION} tools`,
      );
      return;
    }
    const checked = toolProblem(frame.name, frame.description, frame.schema);
    if ("problem" in checked) {
      refuse(checked.problem);
      return;
    }
    const cost = checked.bytes;
    if (this.#toolBytes + cost > MAX_TOTAL_TOOL_BYTES) {
      refuse(
        `tool ${
          shownName(frame.name)
        } refused: the tools of all extensions together may take at most ${MAX_TOTAL_TOOL_BYTES} bytes of schemas and descriptions`,
      );
      return;
    }
    const schema = isJsonObject(frame.schema) ? frame.schema : EMPTY_SCHEMA;
    const reg: ToolRegistration = {
      name: frame.name,
      description: frame.description ?? "",
      schema,
      deferred: frame.deferred === true,
      interactive: frame.interactive === true,
      extension: record.name,
      state: "shadowed",
    };
    record.tools.push(reg);
    if (this.#builtinTools.has(frame.name)) {
      this.#diagnostics.about(record, {
        code: "registration-shadowed",
        message: `tool ${frame.name} is shadowed by the built-in tool of that name`,
        remedy: "rename the extension's tool",
      }, { log: true });
      return;
    }
    if (this.tools.has(frame.name)) {
      this.#diagnostics.about(record, {
        code: "registration-conflict",
        message: `tool ${frame.name} conflicts with another extension registering the same name`,
      }, { log: true });
      return;
    }
    reg.state = "active";
    this.tools.set(frame.name, reg);
    this.#toolCost.set(reg, cost);
    this.#toolBytes += cost;
  }

  /** Case-insensitive command lookup. */
  command(name: string): CommandRegistration | undefined {
    return this.commands.get(name.toLowerCase());
  }

  /** Drop every routable name owned by `record` (crash or stop). */
  removeExtension(record: ExtensionRecord): void {
    // By identity, not name: after a reload a new extension may own the name.
    for (const [key, reg] of this.commands) {
      if (record.commands.includes(reg)) this.commands.delete(key);
    }
    for (const [key, reg] of this.tools) {
      if (!record.tools.includes(reg)) continue;
      this.tools.delete(key);
      this.#toolBytes -= this.#toolCost.get(reg) ?? 0;
    }
  }

  clear(): void {
    this.commands.clear();
    this.tools.clear();
    this.#toolBytes = 0;
  }
}
