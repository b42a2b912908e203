/**
 * The dispatch indexes. Commands are keyed case-insensitively (the winning
 * registration's spelling is canonical); tools by exact name. The first
 * registration wins everywhere, including against the same extension, so
 * a later duplicate can never silently take over a name.
 *
 * @module
 */

import type { RegisterCommandFrame, RegisterToolFrame } from "../../protocol/frames.ts";
import { isJsonObject } from "../../protocol/validate.ts";
import { errorMessage } from "../../errors.ts";
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

  constructor(
    diagnostics: Diagnostics,
    builtins: { commands?: Iterable<string>; tools?: Iterable<string> } = {},
  ) {
    this.#diagnostics = diagnostics;
    this.#builtinCommands = new Set([...builtins.commands ?? []].map((n) => n.toLowerCase()));
    this.#builtinTools = new Set(builtins.tools ?? []);
  }

  addCommand(record: ExtensionRecord, frame: RegisterCommandFrame): void {
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
      this.#diagnostics.about(
        record,
        `command /${frame.name} is shadowed by the built-in /${key} (rename the extension's command)`,
        { log: true },
      );
      return;
    }
    if (this.commands.has(key)) {
      this.#diagnostics.about(
        record,
        `command /${frame.name} conflicts with another extension registering the same name`,
        { log: true },
      );
      return;
    }
    reg.state = "active";
    this.commands.set(key, reg);
  }

  addTool(record: ExtensionRecord, frame: RegisterToolFrame): void {
    let schema: Record<string, unknown> = EMPTY_SCHEMA;
    if (frame.schema !== undefined) {
      const problem = jsonProblem(frame.schema);
      if (problem !== undefined) {
        this.#diagnostics.about(
          record,
          `tool "${frame.name}" schema is not valid json: ${problem}`,
        );
        record.channel?.log(`tool "${frame.name}": schema is not valid json (${problem}); skipped`);
        return;
      }
      if (isJsonObject(frame.schema)) schema = frame.schema;
    }
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
      this.#diagnostics.about(
        record,
        `tool ${frame.name} is shadowed by the built-in tool of that name (rename the extension's tool)`,
        { log: true },
      );
      return;
    }
    if (this.tools.has(frame.name)) {
      this.#diagnostics.about(
        record,
        `tool ${frame.name} conflicts with another extension registering the same name`,
        { log: true },
      );
      return;
    }
    reg.state = "active";
    this.tools.set(frame.name, reg);
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
      if (record.tools.includes(reg)) this.tools.delete(key);
    }
  }

  clear(): void {
    this.commands.clear();
    this.tools.clear();
  }
}

/** Why `value` cannot be sent as JSON, or undefined when it can (stringify is the whole test). */
function jsonProblem(value: unknown): string | undefined {
  try {
    if (JSON.stringify(value) === undefined) return `unsupported value of type ${typeof value}`;
    return undefined;
  } catch (e) {
    return errorMessage(e);
  }
}
