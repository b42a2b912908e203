/**
 * `/help`, `/tools`, `/skills`: lists shown in the transcript.
 *
 * @module
 */

import { listedExtensionCommands } from "../../../tui/mod.ts";
import { loadSkills } from "../../common/tools.ts";
import { discoverSources } from "../../common/extensions.ts";
import type { BuiltinCommand } from "./types.ts";

/** A tool description's first sentence: one row in a list. */
function summary(description: string): string {
  const first = description.split(/\n|(?<=\.)\s/)[0].trim();
  return first.length <= 100 ? first : first.slice(0, 99) + "…";
}

/** The keys `/help` lists (what src/modes/interactive/keys.ts and the editor do). */
const KEYS: [string, string][] = [
  ["enter", "send (during a turn: queue)"],
  ["esc", "abort the turn, close a dialog, clear the notes"],
  ["ctrl+c", "abort the turn, else clear the editor, else (twice) exit"],
  ["ctrl+-", "undo in the editor (brings a cleared draft back)"],
  ["ctrl+o", "expand or collapse tool output"],
  ["ctrl+g", "give an open panel the keyboard"],
];

export const help: BuiltinCommand = {
  name: "help",
  description: "list commands and keys",
  run(ctx) {
    const own = ctx.builtins().map((c): [string, string] => [`/${c.name}`, c.description]);
    // The menu's list: an extension command spelled like a built-in never runs.
    const ext = listedExtensionCommands(ctx.builtins(), ctx.setup.host?.commands() ?? [])
      .map((c): [string, string] => [`/${c.name}`, `${c.description} [${c.extension}]`]);
    const sections = [{ title: "Commands:", rows: own }];
    if (ext.length > 0) sections.push({ title: "Extension commands:", rows: ext });
    sections.push({ title: "Keys:", rows: KEYS });
    ctx.screen.transcript.addColumns(sections);
  },
};

export const tools: BuiltinCommand = {
  name: "tools",
  description: "list the tools the model can use",
  run(ctx) {
    const rows = ctx.setup.agent.registry.visible().map((t): [string, string] => {
      const source = t.source && t.source !== "builtin" ? ` [${t.source}]` : "";
      return [t.name, summary(t.description) + source];
    });
    ctx.screen.transcript.addColumns([{ title: "Tools:", rows }]);
  },
};

export const skills: BuiltinCommand = {
  name: "skills",
  description: "list available skills",
  async run(ctx) {
    const { flags, paths } = ctx.setup;
    const quiet = () => {};
    const sources = await discoverSources(paths, flags.ext, flags.noExt, quiet);
    const found = await loadSkills(flags, paths, sources, (n) => Deno.env.get(n), quiet);
    const lines = found.map((s) => `  ${s.name} — ${s.description}`);
    ctx.screen.transcript.addInfo(
      found.length === 0 ? "No skills found" : ["Skills:", ...lines].join("\n"),
    );
  },
};
