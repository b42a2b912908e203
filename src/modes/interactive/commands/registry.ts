/**
 * Slash command dispatch (as the reference host does): built-ins first, then
 * extension commands (case-insensitive, run in the background
 * so the editor stays usable), else `unknown command`.
 *
 * The table below holds each built-in's name, description and aliases (what
 * the menu, `/help` and dispatch need); a built-in's code loads the first
 * time it runs, so the first frame does not wait for compaction, the model
 * list, session files, login or the extension host's command code.
 * {@linkcode builtinLoading} lets the app keep typed lines in order while
 * that code loads.
 *
 * @module
 */

import type { CommandEntry } from "../../../tui/mod.ts";
import { errorMessage } from "../../../errors.ts";
import { stoppedOwnerOf, stoppedText } from "../stopped_extensions.ts";
import type { BuiltinCommand, CommandContext } from "./types.ts";

/** A built-in as the table knows it: what it is called and where its code is. */
interface Entry {
  name: string;
  description: string;
  aliases?: readonly string[];
  load(): Promise<BuiltinCommand>;
}

const conversation = () => import("./conversation.ts");
const info = () => import("./info.ts");
const settings = () => import("./settings.ts");

const ENTRIES: readonly Entry[] = [
  { name: "help", description: "list commands and keys", load: () => info().then((m) => m.help) },
  {
    name: "model",
    description: "switch the model (/model <id|opus|sonnet|haiku> or pick from a list)",
    load: () => settings().then((m) => m.model),
  },
  {
    name: "login",
    description: "store an API key for this and later runs (/login [anthropic|openai])",
    load: () => import("./login.ts").then((m) => m.login),
  },
  {
    name: "clear",
    description: "clear the conversation, notes and load errors",
    load: () => conversation().then((m) => m.clear),
  },
  {
    name: "new",
    description: "start a new session (the current one stays saved)",
    load: () => conversation().then((m) => m.newSession),
  },
  {
    name: "compact",
    description: "summarize older messages to free context",
    load: () => conversation().then((m) => m.compact),
  },
  {
    name: "reload-ext",
    description: "hot-reload all extensions (re-read manifests and respawn)",
    load: () => import("../reload.ts").then((m) => m.reloadExt),
  },
  {
    name: "jail",
    description: "keep file tools inside the working directory (bash only path-scanned)",
    load: () => settings().then((m) => m.jail),
  },
  {
    name: "unjail",
    description: "let tools reach paths outside the working directory",
    load: () => settings().then((m) => m.unjail),
  },
  {
    name: "sandbox",
    description: "run bash in the OS sandbox (project writable, secrets hidden), or stop",
    load: () => import("./sandbox.ts").then((m) => m.sandbox),
  },
  {
    name: "yolo",
    description: "toggle confirmation before each tool call",
    load: () => settings().then((m) => m.yolo),
  },
  {
    name: "skills",
    description: "list available skills",
    load: () => info().then((m) => m.skills),
  },
  {
    name: "sessions",
    description: "resume a saved session of this directory",
    load: () => conversation().then((m) => m.sessions),
  },
  {
    name: "theme",
    description: "pick a colour theme",
    load: () => settings().then((m) => m.theme),
  },
  {
    name: "tools",
    description: "list the tools the model can use",
    load: () => info().then((m) => m.tools),
  },
  {
    name: "exit",
    description: "quit zot",
    aliases: ["quit"],
    load: () => conversation().then((m) => m.exit),
  },
];

/** A built-in whose code loads on its first run; once loaded it runs synchronously as before. */
class LazyBuiltin implements BuiltinCommand {
  readonly name: string;
  readonly description: string;
  readonly aliases?: readonly string[];
  #load: () => Promise<BuiltinCommand>;
  #loaded: BuiltinCommand | undefined;
  #loading: Promise<BuiltinCommand> | undefined;

  constructor(entry: Entry) {
    this.name = entry.name;
    this.description = entry.description;
    if (entry.aliases) this.aliases = entry.aliases;
    this.#load = entry.load;
  }

  /** Its code; undefined while not loaded. */
  get loaded(): BuiltinCommand | undefined {
    return this.#loaded;
  }

  /** Loads its code once (a failed load is tried again on the next run). */
  load(): Promise<BuiltinCommand> {
    this.#loading ??= this.#load().then(
      (impl) => (this.#loaded = impl),
      (e) => {
        this.#loading = undefined;
        throw e;
      },
    );
    return this.#loading;
  }

  run(ctx: CommandContext, args: string): void | Promise<void> {
    const impl = this.#loaded;
    return impl ? impl.run(ctx, args) : this.load().then((i) => i.run(ctx, args));
  }
}

/**
 * Built-ins in the order the menu shows them: the one table of their names
 * and aliases for dispatch, the menu and `/help` (an extension command
 * spelled like any of them is hidden and never runs).
 */
export const BUILTINS: readonly LazyBuiltin[] = ENTRIES.map((e) => new LazyBuiltin(e));

export function builtinEntries(): CommandEntry[] {
  return BUILTINS.map((c) => ({ name: c.name, description: c.description, aliases: c.aliases }));
}

/** The built-in `name` runs (any case, aliases too), if any. */
export function findBuiltin(name: string): LazyBuiltin | undefined {
  const lower = name.toLowerCase();
  return BUILTINS.find((c) => c.name === lower || c.aliases?.includes(lower));
}

/**
 * Settles when the code of the built-in that `text` (a `/command` line)
 * runs has loaded; undefined when there is nothing to wait for (loaded
 * already, or not a built-in). A failed load settles it too: the run then
 * reports the failure.
 */
export function builtinLoading(text: string): Promise<void> | undefined {
  const builtin = findBuiltin(parseSlash(text).name);
  if (!builtin || builtin.loaded) return undefined;
  return builtin.load().then(() => {}, () => {});
}

/** Splits `/name args` (the name ends at the first whitespace). */
export function parseSlash(text: string): { name: string; args: string } {
  const body = text.trim().slice(1);
  const space = body.search(/\s/);
  return space === -1
    ? { name: body, args: "" }
    : { name: body.slice(0, space), args: body.slice(space + 1).trim() };
}

/** An extension's command, its runner loaded on first use (it needs the host's code). */
export async function runExtensionCommand(
  ctx: CommandContext,
  name: string,
  args: string,
  ranBy?: string,
): Promise<void> {
  const { runExtensionCommand } = await import("./extension.ts");
  return runExtensionCommand(ctx, name, args, ranBy);
}

/** Runs a `/command` line; resolves when a built-in finishes (extension commands run on). */
export async function dispatchSlash(ctx: CommandContext, text: string): Promise<void> {
  const { name, args } = parseSlash(text);
  // Case-insensitive: an extension command spelled like a built-in (hidden
  // from the menu) never runs.
  const builtin = findBuiltin(name);
  if (builtin) {
    try {
      await builtin.run(ctx, args);
    } catch (e) {
      ctx.status.show(`/${name}: ${errorMessage(e)}`, "error", 5000);
    }
    return;
  }
  if (ctx.setup.host?.hasCommand(name)) {
    void runExtensionCommand(ctx, name, args);
    return;
  }
  // Its extension stopped: say so, not "unknown".
  const owner = stoppedOwnerOf(ctx.setup.host?.status() ?? [], name);
  if (owner) {
    ctx.status.show(`/${name}: ${stoppedText(owner)}`, "error", 8000);
    return;
  }
  ctx.status.show(`unknown command /${name} — type /help to see the list`, "error", 5000);
}
