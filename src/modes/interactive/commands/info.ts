/**
 * `/help`, `/tools`, `/skills`: lists shown in the transcript.
 *
 * @module
 */

import { listedExtensionCommands } from "../../../tui/mod.ts";
import { loadSkills } from "../../shared/tools.ts";
import { discoverSources } from "../../shared/extensions.ts";
import type { BuiltinCommand } from "./types.ts";

export const help: BuiltinCommand = {
  name: "help",
  description: "list commands and keys",
  run(ctx) {
    const lines = ["Commands:"];
    for (const c of ctx.builtins()) lines.push(`  /${c.name} — ${c.description}`);
    // The menu's list: an extension command spelled like a built-in never runs.
    const ext = listedExtensionCommands(ctx.builtins(), ctx.setup.host?.commands() ?? []);
    if (ext.length > 0) {
      lines.push("Extension commands:");
      for (const c of ext) lines.push(`  /${c.name} — ${c.description} [${c.extension}]`);
    }
    lines.push(
      "Keys: enter send · esc abort / close · ctrl+c twice exit · ctrl+o expand tool output",
    );
    ctx.screen.transcript.addInfo(lines.join("\n"));
  },
};

export const tools: BuiltinCommand = {
  name: "tools",
  description: "list the tools the model can use",
  run(ctx) {
    const all = ctx.setup.agent.registry.visible();
    const lines = all.map((t) =>
      `  ${t.name}${t.source && t.source !== "builtin" ? ` [${t.source}]` : ""}`
    );
    ctx.screen.transcript.addInfo(["Tools:", ...lines].join("\n"));
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
