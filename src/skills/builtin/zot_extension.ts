/**
 * Built-in skill: how to write a zot extension. Kept as a string (not a
 * file read at run time) so it survives bundling and `deno compile`.
 *
 * @module
 */

import type { Skill } from "../types.ts";

const BODY = `# Writing a zot extension

A zot extension is a program that zot starts as a subprocess. They talk in
newline-delimited JSON: one JSON object per line on the extension's stdin
(host to extension) and stdout (extension to host). Any language works.
stdout carries frames only: write logs to stderr, which zot appends to
\`$ZOT_HOME/logs/ext-<name>.log\`.

## 1. Layout

One directory per extension, with an \`extension.json\` manifest:

\`\`\`json
{
  "name": "todo",
  "version": "0.1.0",
  "exec": "./todo.py",
  "language": "python",
  "description": "a tiny todo list"
}
\`\`\`

- \`exec\` is relative to the manifest and must be executable (\`chmod +x\`).
  Bundles that only ship \`theme.json\` or \`skills\` need no \`exec\` and are
  never started.
- \`skills\` (optional) lists directories (scanned recursively) or
  \`SKILL.md\` files inside the extension directory. They appear as
  \`<extension>:<skill dir>\`, kebab-cased.
- \`enabled: false\` turns the extension off without removing it.

zot loads \`./.zot/extensions/<name>/\` (project) before
\`$ZOT_HOME/extensions/<name>/\` (global); the project copy wins. For one run
use \`zot --ext ./path\`. Install with \`zot ext install ./path\` and check
with \`zot ext doctor <name>\`.

## 2. Handshake

1. The extension's first line is
   \`{"type":"hello","name":"todo","version":"0.1.0","capabilities":["commands","tools"]}\`.
   Nothing may be printed before it.
2. zot answers \`hello_ack\` with \`protocol_version\`, \`provider\`, \`model\`,
   \`cwd\` (the user's project; the process itself runs in the extension
   directory) and \`data_dir\` (where to keep state).
3. The extension sends its registrations, then \`{"type":"ready"}\`.

## 3. What an extension can register

- Slash commands: \`{"type":"register_command","name":"todo","description":"..."}\`.
  zot sends \`command_invoked\` with \`id\`, \`name\` and \`args\` (the rest of the
  line). Reply with \`command_response\` carrying the same \`id\` and an
  \`action\`: \`prompt\` (submit text to the model), \`display\` (show a note),
  \`insert\` (put text in the editor), \`tool_prompt\`, \`open_panel\` or \`noop\`.
- Tools for the model: \`{"type":"register_tool","name":"...","description":"...","schema":{JSON Schema}}\`.
  zot sends \`tool_call\` with \`id\` and \`args\`; reply with
  \`{"type":"tool_result","id":...,"content":[{"type":"text","text":"..."}]}\`
  (add \`"is_error":true\` on failure) within 60 seconds. Built-in tool names
  (\`read\`, \`write\`, \`edit\`, \`bash\`, \`skill\`) always win over yours.
- Events: \`{"type":"subscribe","events":[...],"intercept":[...]}\` to observe
  lifecycle events (\`session_start\`, \`turn_start\`, \`tool_call\`,
  \`tool_result\`, ...) or to intercept \`tool_call\`, \`turn_start\`,
  \`assistant_message\` and \`before_agent_start\` (for example to block a
  dangerous command).
- Notifications at any time: \`{"type":"notify","level":"info","message":"..."}\`.

## 4. Shutdown

zot sends \`{"type":"shutdown"}\`; answer \`{"type":"shutdown_ack"}\` and exit.
Also exit when stdin reaches end of file. Processes that linger are killed.

## 5. TypeScript

The zot SDK (\`src/sdk/\` in zot's source; vendor a copy into your extension,
e.g. as \`zot_sdk/sdk/\`) does the handshake for you:

\`\`\`ts
import { Extension, prompt, textResult } from "./zot_sdk/sdk/mod.ts";

const ext = new Extension("hello", "1.0.0");
ext.command("hello", "say hi", (args) => prompt(\`Greet \${args || "me"} briefly.\`));
ext.tool({
  name: "shout",
  description: "Upper-case a text.",
  schema: { type: "object", properties: { text: { type: "string" } }, required: ["text"] },
}, (args) => textResult(String(args.text).toUpperCase()));
await ext.run(); // not behind import.meta.main: that is false inside the sandbox
\`\`\`

TypeScript extensions run in a Deno sandbox limited to the permissions their
manifest scope asks for. Acting in the user's name needs its own entry:
\`"submit": true\` for \`submit\`, \`"submit_slash": true\` to run the extension's
own commands, \`"tool_prompt": true\` plus the tool in \`call_tool\` for a
\`tool_prompt\` answer. No extension can run zot's own slash commands.

## Checklist

- First stdout line is \`hello\`; flush after every line.
- Reply to every request with the same \`id\`.
- Validate tool \`args\` yourself: they come from the model.
- Test by piping frames in: \`printf '%s\\n' '{"type":"hello_ack","protocol_version":1}' | ./todo.py\`.
`;

export const ZOT_EXTENSION_SKILL: Skill = {
  name: "zot-extension",
  description:
    "How to write, install and debug a zot extension (manifest, JSON-lines protocol, commands, tools, events, TypeScript SDK)",
  body: BODY,
  path: "builtin:zot-extension",
  source: "builtin",
};
