import { assert, assertEquals } from "../../helpers/assert.ts";
import {
  builtinEntries,
  builtinLoading,
  BUILTINS,
  findBuiltin,
  parseSlash,
} from "../../../src/modes/interactive/commands/registry.ts";
import { builtinNames } from "../../../src/tui/mod.ts";

Deno.test("built-ins: one table answers dispatch in any case, aliases included", () => {
  assertEquals(findBuiltin("exit")?.name, "exit");
  assertEquals(findBuiltin("QUIT")?.name, "exit");
  assertEquals(findBuiltin("Help")?.name, "help");
  assertEquals(findBuiltin("demo"), undefined);
  // The menu and /help hide exactly the names dispatch answers to.
  const names = builtinNames(builtinEntries());
  assertEquals(names, builtinNames(BUILTINS));
  for (const name of names) assertEquals(findBuiltin(name.toUpperCase()) !== undefined, true);
  assertEquals(names.has("quit"), true);
});

Deno.test("parseSlash: the name ends at the first whitespace", () => {
  assertEquals(parseSlash("/demo  a b "), { name: "demo", args: "a b" });
  assertEquals(parseSlash("/exit"), { name: "exit", args: "" });
});

Deno.test("built-ins: each table entry names, describes and aliases the code it loads", async () => {
  for (const entry of BUILTINS) {
    const code = await entry.load();
    assertEquals(
      { name: code.name, description: code.description, aliases: code.aliases },
      { name: entry.name, description: entry.description, aliases: entry.aliases },
    );
    assert(entry.loaded === code, `${entry.name} keeps its code`);
  }
  // Loaded: nothing left to wait for, and a line that is no built-in never waits.
  assertEquals(builtinLoading("/help"), undefined);
  assertEquals(builtinLoading("/no-such-command"), undefined);
  assertEquals(findBuiltin("QUIT")?.name, "exit");
});
