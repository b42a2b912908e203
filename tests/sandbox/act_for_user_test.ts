/**
 * Frames that act in the user's name (submit, submit_slash, the tool_prompt
 * answer), sent by a real sandboxed extension through the real host: refused
 * without their grant (with a diagnostic naming the scope entry), delivered
 * with it, and tool_prompt kept to the tools call_tool lists.
 */

import { assert, assertEquals } from "../helpers/assert.ts";
import { tempDir } from "../helpers/tmp.ts";
import { realHost } from "../extensions/host/e2e_helpers.ts";
import { RecordingUi } from "../extensions/host/fake_channel.ts";
import {
  plainSubmitter,
  sandboxedSubmitter,
  type SubmitterScript,
} from "../extensions/host/_submitter.ts";

const SCRIPT: SubmitterScript = {
  name: "actor",
  commands: ["go", "own", "tpread", "tpbash"],
  on_command: {
    go: {
      frames: [
        { type: "submit", text: "  hello model  " },
        { type: "submit_slash", text: "/own now" },
      ],
    },
    tpread: {
      reply: { action: "tool_prompt", prompt: "p", tool_name: "read", tool_args: { path: "x" } },
    },
    tpbash: {
      reply: {
        action: "tool_prompt",
        prompt: "p",
        tool_name: "bash",
        tool_args: { command: "cat ~/.ssh/id_rsa" },
      },
    },
  },
};

/** What reached the UI as acting in the user's name. */
function acted(ui: RecordingUi): unknown[][] {
  return ui.calls.filter((c) => c[0] === "submit" || c[0] === "runCommand");
}

const REFUSED_SUBMIT =
  `extension "actor" submitted a prompt but its scope does not allow submitting prompts for you (set scope.submit to true)`;
const REFUSED_SLASH =
  `extension "actor" ran "/own" through submit_slash but its scope does not allow running its commands for you (set scope.submit_slash to true)`;
const refusedToolPrompt = (tool: string) =>
  `extension "actor" answered with tool_prompt for tool "${tool}" but its scope does not allow tool_prompt (set scope.tool_prompt to true)`;
const undeclaredTool = (tool: string) =>
  `extension "actor" answered with tool_prompt for tool "${tool}" but its scope does not declare the tool (add it to scope.call_tool)`;

Deno.test("least privilege: submit, submit_slash and tool_prompt do nothing and say why", async () => {
  await using dir = await tempDir();
  const ui = new RecordingUi(true);
  const source = await sandboxedSubmitter(dir.path, SCRIPT, undefined, { entry: "main.ts" });
  await using world = await realHost([source], { ui });
  const go = await world.host.invokeCommand("go", "");
  assert(go.ok && !go.error, JSON.stringify(go));
  const tp = await world.host.invokeCommand("tpread", "");
  assertEquals(acted(ui), []);
  assert(tp.ok);
  assertEquals(tp.error, refusedToolPrompt("read"));
  const messages = world.host.diagnostics().map((d) => d.message);
  assertEquals(messages, [REFUSED_SUBMIT, REFUSED_SLASH, refusedToolPrompt("read")]);
  // --ext: the author sees it in the run.
  assertEquals(ui.calls.filter((c) => c[0] === "warn").map((c) => c[2]), messages);
});

Deno.test("a call_tool grant alone does not allow tool_prompt", async () => {
  await using dir = await tempDir();
  const ui = new RecordingUi(true);
  const source = await sandboxedSubmitter(dir.path, SCRIPT, { call_tool: ["read", "bash"] });
  await using world = await realHost([source], { ui });
  for (const command of ["tpread", "tpbash"]) {
    const outcome = await world.host.invokeCommand(command, "");
    assert(outcome.ok);
    assertEquals(outcome.error, refusedToolPrompt(command.slice(2)));
  }
});

Deno.test("granted: submit and submit_slash reach the UI; tool_prompt only for call_tool's tools", async () => {
  await using dir = await tempDir();
  const ui = new RecordingUi(true);
  const scope = { submit: true, submit_slash: true, tool_prompt: true, call_tool: ["read"] };
  await using world = await realHost([await sandboxedSubmitter(dir.path, SCRIPT, scope)], { ui });
  await world.host.invokeCommand("go", "");
  assertEquals(acted(ui), [["submit", "actor", "hello model"], [
    "runCommand",
    "actor",
    "own",
    "now",
  ]]);
  const read = await world.host.invokeCommand("tpread", "");
  assert(read.ok && read.error === undefined, JSON.stringify(read));
  assertEquals([read.action, read.toolName, read.toolArgs], ["tool_prompt", "read", { path: "x" }]);
  const bash = await world.host.invokeCommand("tpbash", "");
  assert(bash.ok);
  assertEquals(bash.error, undeclaredTool("bash"));
  assertEquals(world.host.diagnostics().map((d) => d.message), [undeclaredTool("bash")]);
});

Deno.test("granted submit_slash runs only the extension's own commands", async () => {
  await using dir = await tempDir();
  const ui = new RecordingUi(true);
  const script: SubmitterScript = {
    ...SCRIPT,
    on_command: {
      go: {
        frames: [{ type: "submit_slash", text: "/deploy prod" }, {
          type: "submit_slash",
          text: "/OWN",
        }],
      },
    },
  };
  const other = plainSubmitter({ name: "other", commands: ["deploy"] });
  await using world = await realHost([
    other,
    await sandboxedSubmitter(dir.path, script, { submit_slash: true }),
  ], { ui });
  await world.host.invokeCommand("go", "");
  assertEquals(acted(ui), [["runCommand", "actor", "own", ""]]);
  assertEquals(world.host.diagnostics().map((d) => d.message), [
    `extension "actor" sent submit_slash "/deploy", a command of extension "other" (a sandboxed extension may run only its own commands)`,
  ]);
});

Deno.test("a plain extension keeps upstream's reach: any extension command, any tool_prompt", async () => {
  const ui = new RecordingUi(true);
  const script: SubmitterScript = {
    ...SCRIPT,
    on_command: {
      ...SCRIPT.on_command,
      go: { frames: [{ type: "submit", text: "hi" }, { type: "submit_slash", text: "/deploy" }] },
    },
  };
  await using world = await realHost([
    plainSubmitter({ name: "other", commands: ["deploy"] }),
    plainSubmitter(script),
  ], { ui });
  await world.host.invokeCommand("go", "");
  assertEquals(acted(ui), [["submit", "actor", "hi"], ["runCommand", "actor", "deploy", ""]]);
  const bash = await world.host.invokeCommand("tpbash", "");
  assert(bash.ok && bash.error === undefined, JSON.stringify(bash));
  assertEquals(world.host.diagnostics(), []);
});
