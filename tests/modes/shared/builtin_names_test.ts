import { assertEquals } from "../../helpers/assert.ts";
import {
  ALL_BUILTIN_TOOL_NAMES,
  BUILTIN_COMMAND_NAMES,
} from "../../../src/modes/shared/builtin_names.ts";
import { BUILTINS } from "../../../src/modes/interactive/commands/registry.ts";
import { builtinNames } from "../../../src/tui/mod.ts";
import { BUILTIN_TOOL_NAMES } from "../../../src/tools/mod.ts";
import { SUBAGENT_TOOL_NAME } from "../../../src/tools/subagent.ts";

Deno.test("the built-in command names are the TUI's dispatch table, aliases included", () => {
  // A new built-in slash command must be added to the plain list too, or an
  // extension command of that name would show as active in `zot ext doctor`.
  assertEquals([...BUILTIN_COMMAND_NAMES].sort(), [...builtinNames(BUILTINS)].sort());
  assertEquals(BUILTIN_COMMAND_NAMES.every((n) => n === n.toLowerCase()), true);
});

Deno.test("the built-in tool names are the tools zot creates, plus subagent", () => {
  assertEquals(ALL_BUILTIN_TOOL_NAMES, [...BUILTIN_TOOL_NAMES, SUBAGENT_TOOL_NAME]);
});
