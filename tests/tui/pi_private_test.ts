/**
 * The pi-tui private members FlatTUI uses (src/tui/pi_private.ts) against
 * the installed pi-tui: the version they were read from, pi-tui's own
 * declarations and a live TUI. A pi-tui bump fails the first test on
 * purpose, with what to re-check.
 */

import { dirname, join } from "node:path";
import { fileURLToPath as fromFileUrl } from "node:url";
import { Text, TUI } from "@mariozechner/pi-tui";
import pkg from "@mariozechner/pi-tui/package.json" with { type: "json" };
import {
  PI_PRIVATE_MEMBERS,
  PI_TUI_CHECKED,
  piFrame,
  piFrameState,
} from "../../src/tui/pi_private.ts";
import { FlatTUI, MemoryTerminal } from "../../src/tui/mod.ts";
import { assert, assertEquals } from "../helpers/assert.ts";

const ALL_MEMBERS: readonly string[] = Object.values(PI_PRIVATE_MEMBERS).flat();

Deno.test("pi-tui is the version the private-member adapter was checked against", async () => {
  const config = JSON.parse(
    await Deno.readTextFile(fromFileUrl(new URL("../../deno.json", import.meta.url))),
  );
  const pinned: string = config.imports["@mariozechner/pi-tui"];
  for (const [what, version] of [["installed", pkg.version], ["deno.json", pinned]]) {
    if (!version.endsWith(PI_TUI_CHECKED)) {
      throw new Error(
        `pi-tui ${what} is ${version}, but src/tui/pi_private.ts was checked against ` +
          `${PI_TUI_CHECKED}: re-read pi-tui's TUI frame code (doRender and the members in ` +
          `PI_PRIVATE_MEMBERS: ${ALL_MEMBERS.join(", ")}), adapt FlatFrame, then update ` +
          `PI_TUI_CHECKED`,
      );
    }
  }
});

Deno.test("each private member used is one pi-tui declares on TUI", async () => {
  const dist = dirname(fromFileUrl(import.meta.resolve("@mariozechner/pi-tui")));
  const declarations = await Deno.readTextFile(join(dist, "tui.d.ts"));
  const tui = declarations.slice(declarations.indexOf("export declare class TUI "));
  const missing = ALL_MEMBERS.filter((name) => !new RegExp(`\\bprivate ${name};`).test(tui));
  assertEquals(missing, [], `pi-tui's TUI no longer declares ${missing.join(", ")}`);
});

Deno.test("a live pi-tui TUI has every member, of the kind the adapter expects", () => {
  const tui = new TUI(new MemoryTerminal(40, 10));
  const state = piFrameState(tui);
  assert(state !== undefined, "piFrameState found pi-tui's frame state incomplete");
  tui.addChild(new Text("hello", 0, 0));
  piFrame(tui)();
  assertEquals(state.previousLines.length, 1);
  assertEquals(state.previousWidth, 40);
  assert(new FlatTUI(new MemoryTerminal(40, 10)).flat, "FlatTUI fell back to pi-tui's frame");
});

Deno.test("a member missing or of another kind leaves the frames to pi-tui", () => {
  const wrong: Record<string, unknown> = {
    arrays: 0,
    sets: [],
    numbers: "0",
    booleans: 1,
    methods: true,
  };
  for (const [kind, names] of Object.entries(PI_PRIVATE_MEMBERS)) {
    for (const name of names) {
      for (const value of [undefined, wrong[kind]]) {
        const tui = new TUI(new MemoryTerminal(40, 10));
        Object.defineProperty(tui, name, { value, configurable: true });
        assertEquals(piFrameState(tui), undefined, `${name} = ${String(value)}`);
      }
    }
  }
});
