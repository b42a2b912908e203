/**
 * `/help`, `/tools`, `/skills`: lists shown in the transcript.
 *
 * @module
 */

import { listedExtensionCommands } from "../../../tui/mod.ts";
import { loadSkills } from "../../common/tools.ts";
import { discoverSources } from "../../common/extensions.ts";
import type { BuiltinCommand } from "./types.ts";

/** Aligned `name  text` rows (names padded to the longest). */
function columns(rows: readonly [string, string][]): string[] {
  const width = Math.max(0, ...rows.map(([name]) => name.length));
  return rows.map(([name, text]) => `  ${name.padEnd(width)}  ${text}`.trimEnd());
}

/** A tool description's first sentence: one row in a list. */
function summary(description: string): string {
  const first = description.split(/\n|(?<=\.)\s/)[0].trim();
  return first.length <= 100 ? first : first.slice(0, 99) + "…";
}

export const help: BuiltinCommand = {
  name: "help",
  description: "list commands and keys",
  run(ctx) {
    const own = ctx.builtins().map((c): [string, string] => [`/${c.name}`, c.description]);
    // The menu's list: an extension command spelled like a built-in never runs.
    const ext = listedExtensionCommands(ctx.builtins(), ctx.setup.host?.commands() ?? [])
      .map((c): [string, string] => [`/${c.name}`, `${c.description} [${c.extension}]`]);
    const rows = columns([...own, ...ext]);
    const lines = ["Commands:", ...rows.slice(0, own.length)];
    if (ext.length > 0) lines.push("Extension commands:", ...rows.slice(own.length));
    lines.push(
      "Keys: enter send · esc abort / close · ctrl+c abort, else clear the editor, else twice exit" +
        " · ctrl+- undo · ctrl+o expand tool output",
    );
    ctx.screen.transcript.addInfo(lines.join("\n"));
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
    ctx.screen.transcript.addInfo(["Tools:", ...columns(rows)].join("\n"));
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
