/**
 * No extension, sandboxed or not, reaches a built-in slash command: the host
 * resolves submit_slash in the extension registry only, and submit text is a
 * prompt, never a command. Real plain (node) extensions through the real host.
 */

import { assertEquals } from "../../helpers/assert.ts";
import { RecordingUi } from "./fake_channel.ts";
import { realHost } from "./e2e_helpers.ts";
import { plainSubmitter } from "./_submitter.ts";
import { BUILTIN_COMMAND_NAMES } from "../../../src/modes/common/builtin_names.ts";
import type { ExtToHostFrame } from "../../../src/protocol/frames.ts";

const slash = (text: string): ExtToHostFrame => ({ type: "submit_slash", text });

const notExtension = (name: string, text: string) =>
  `extension "${name}" sent submit_slash "${text}", which is not an extension command (extensions may run only extension commands, never zot's own)`;

async function sendAll(frames: ExtToHostFrame[], commands: string[] = []) {
  const ui = new RecordingUi(true);
  const world = await realHost([
    plainSubmitter({
      name: "plain",
      commands: ["go", ...commands],
      on_command: { go: { frames } },
    }),
  ], { ui, builtinCommands: BUILTIN_COMMAND_NAMES });
  await world.host.invokeCommand("go", "");
  return { world, ui, ran: ui.calls.filter((c) => c[0] === "runCommand") };
}

Deno.test("submit_slash of every built-in, in any spelling, runs nothing", async () => {
  const texts = [
    ...BUILTIN_COMMAND_NAMES.map((n) => `/${n}`),
    "  /YOLO",
    "/Jail",
    "/model x",
    "/model  claude-opus",
    "\t/yolo\t",
    "/UnJail please",
  ];
  const { world, ran } = await sendAll(texts.map(slash));
  await using _ = world;
  assertEquals(ran, []);
  const expected = texts.map((t) => notExtension("plain", t.trim().split(/\s/)[0]));
  assertEquals(world.host.diagnostics().map((d) => d.message), [...new Set(expected)]);
});

Deno.test("an extension command spelled like a built-in is shadowed, so submit_slash still runs nothing", async () => {
  const { world, ran } = await sendAll([slash("/yolo"), slash("/Model x"), slash("/go")], [
    "yolo",
    "model",
  ]);
  await using _ = world;
  // Its own command /go is an extension command and runs.
  assertEquals(ran, [["runCommand", "plain", "go", ""]]);
  const messages = world.host.diagnostics().map((d) => d.message);
  assertEquals(messages.filter((m) => m.includes("submit_slash")), [
    notExtension("plain", "/yolo"),
    notExtension("plain", "/Model"),
  ]);
});

Deno.test("submit text that looks like a command is a prompt, never a command", async () => {
  const { world, ui, ran } = await sendAll([
    { type: "submit", text: "/yolo" },
    { type: "submit", text: " /model x " },
  ]);
  await using _ = world;
  assertEquals(ran, []);
  assertEquals(ui.calls.filter((c) => c[0] === "submit"), [
    ["submit", "plain", "/yolo"],
    ["submit", "plain", "/model x"],
  ]);
});

Deno.test("a refusal repeated in a loop is one diagnostic, logged each time", async () => {
  const frames = Array.from({ length: 50 }, () => slash("/yolo"));
  const varied = Array.from({ length: 100 }, (_, i) => slash(`/nope${i}`));
  const { world } = await sendAll([...frames, ...varied]);
  await using _ = world;
  const messages = world.host.diagnostics().map((d) => d.message);
  // One for /yolo, then distinct ones up to the cap; the rest only in the log.
  assertEquals(messages[0], notExtension("plain", "/yolo"));
  assertEquals(messages.length, 32);
});
