import { assertEquals } from "../../helpers/assert.ts";
import {
  ALL_BUILTIN_TOOL_NAMES,
  BUILTIN_COMMAND_NAMES,
} from "../../../src/modes/common/builtin_names.ts";
import { BUILTINS } from "../../../src/modes/interactive/commands/registry.ts";
import { builtinNames } from "../../../src/tui/mod.ts";
import { createBuiltinTools } from "../../../src/tools/mod.ts";
import { createSubagentTool } from "../../../src/tools/subagent.ts";
import type { Skill } from "../../../src/skills/types.ts";

Deno.test("the built-in command names are the TUI's dispatch table, aliases included", () => {
  // A new built-in slash command must be added to the plain list too, or an
  // extension command of that name would show as active in `zot ext doctor`.
  assertEquals([...BUILTIN_COMMAND_NAMES].sort(), [...builtinNames(BUILTINS)].sort());
  assertEquals(BUILTIN_COMMAND_NAMES.every((n) => n === n.toLowerCase()), true);
});

Deno.test("the built-in tool names are the tools zot creates, plus subagent", () => {
  // The names of the tools themselves, not of the lists they are defined from: a
  // tool renamed or added in its own file must show up here.
  const skill: Skill = {
    name: "s",
    description: "d",
    body: "",
    path: "builtin:s",
    source: "builtin",
  };
  const created = createBuiltinTools({ cwd: "/", skills: [skill] }).map((t) => t.name);
  const subagent = createSubagentTool({ run: () => Promise.reject(new Error("unused")) }).name;
  assertEquals([...ALL_BUILTIN_TOOL_NAMES].sort(), [...created, subagent].sort());
  assertEquals(new Set(ALL_BUILTIN_TOOL_NAMES).size, ALL_BUILTIN_TOOL_NAMES.length);
});
