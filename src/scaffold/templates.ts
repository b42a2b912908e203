/**
 * What `zot ext new` writes for each language: a manifest, an entry file
 * and a README. The SDK files themselves come from vendor.ts.
 *
 * @module
 */

export type Lang = "ts" | "python" | "shell";
export const LANGS: readonly Lang[] = ["ts", "python", "shell"];

/** One file to write; `executable` sets mode 0755. */
export interface TemplateFile {
  path: string;
  content: string;
  executable?: boolean;
}

function manifest(name: string, exec: string, language: string, extra: Record<string, unknown>) {
  const m = {
    name,
    version: "0.1.0",
    description: `the ${name} extension`,
    exec,
    language,
    enabled: true,
    ...extra,
  };
  return JSON.stringify(m, null, 2) + "\n";
}

/** The tool name the templates register; names are checked to fit tool-name rules. */
export function toolName(name: string): string {
  return `${name.replaceAll("-", "_")}_echo`;
}

function tsEntry(name: string): string {
  return `// ${name}: a zot extension in TypeScript. Try it: zot --ext ./${name}, then type /${name}.
// It runs in zot's sandbox: it may read its own directory and read/write its
// data directory (ext.host.data_dir); widen "scope" in extension.json for more.
import { display, Extension, textResult } from "./zot_sdk/sdk/mod.ts";

const ext = new Extension("${name}", "0.1.0");

function greet(args: string): string {
  return args ? \`Hello, \${args}! (from ${name})\` : "Hello from ${name}!";
}

ext.command("${name}", "say hello from ${name}", (args) => display(greet(args)));

ext.tool({
  name: "${toolName(name)}",
  description: "Echo the given text back (an example tool).",
  schema: {
    type: "object",
    properties: { text: { type: "string" } },
    required: ["text"],
  },
}, (args) => textResult(String(args.text ?? "")));

await ext.run();
`;
}

function pyEntry(name: string): string {
  return `#!/usr/bin/env python3
"""${name}: a zot extension in Python. Try it: zot --ext ./${name}, then type /${name}."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from zot_ext import Extension, display, text_result  # noqa: E402

ext = Extension("${name}", "0.1.0")


@ext.command("${name}", "say hello from ${name}")
def hello(args, ctx):
    return display("Hello, %s! (from ${name})" % args if args else "Hello from ${name}!")


@ext.tool("${toolName(name)}", "Echo the given text back (an example tool).",
          {"type": "object", "properties": {"text": {"type": "string"}}, "required": ["text"]})
def echo(args, ctx):
    return text_result(str(args.get("text", "")))


ext.run()
`;
}

function shEntry(name: string): string {
  return `#!/bin/sh
# ${name}: a zot extension in POSIX sh + jq. Try it: zot --ext ./${name}, then type /${name}.
# stdout carries protocol frames only; write diagnostics to stderr.
set -u

emit() { printf '%s\\n' "$1"; }
field() { printf '%s' "$line" | jq -r "$1"; }

emit '{"type":"hello","name":"${name}","version":"0.1.0","capabilities":["commands","tools"]}'

# The first host frame is hello_ack. Answer it without starting jq so the
# registrations and ready arrive well within the host's 250 ms idle window.
IFS= read -r line || exit 0
case "$line" in
  *'"hello_ack"'*) ;;
  *) echo "expected hello_ack first, got: $line" >&2; exit 1 ;;
esac
emit '{"type":"register_command","name":"${name}","description":"say hello from ${name}"}'
emit '{"type":"register_tool","name":"${
    toolName(name)
  }","description":"Echo the given text back (an example tool).","schema":{"type":"object","properties":{"text":{"type":"string"}},"required":["text"]}}'
emit '{"type":"ready"}'

while IFS= read -r line || [ -n "$line" ]; do
  type=$(field '.type // empty' 2>/dev/null) || { echo "bad frame: $line" >&2; continue; }
  case "$type" in
    command_invoked)
      emit "$(printf '%s' "$line" | jq -c '{type: "command_response", id: .id, action: "display",
        display: (if (.args // "") == "" then "Hello from ${name}!" else "Hello, \\(.args)! (from ${name})" end)}')"
      ;;
    tool_call)
      emit "$(printf '%s' "$line" | jq -c '{type: "tool_result", id: .id,
        content: [{type: "text", text: (.args.text // "" | tostring)}]}')"
      ;;
    shutdown)
      emit '{"type":"shutdown_ack"}'
      exit 0
      ;;
  esac
done
`;
}

function readme(name: string, lang: Lang): string {
  const how: Record<Lang, string> = {
    ts: `- \`main.ts\`: the extension, written with the zot TypeScript SDK.
- \`zot_sdk/\`: a copy of the SDK (a sandboxed extension can read only its own
  directory, so it carries its SDK along). Do not edit it.

TypeScript extensions run in zot's sandbox (Deno's permission checks): they may
read this directory and read/write their data directory (\`ext.host.data_dir\`),
and nothing else: no network, no environment, no programs. Ask for more in the
\`scope\` of \`extension.json\` (for example \`"net": ["api.example.com:443"]\` or
\`"env": ["MY_TOKEN"]\`); a denied call fails with an error naming the entry to
add. See zot's docs/sandbox.md. With \`--ext\` zot prints the scope it runs with;
an installed extension whose scope asks for more than the default needs
\`zot ext grant ${name}\`.`,
    python: `- \`main.py\`: the extension, written with the zot Python SDK.
- \`zot_ext.py\`: the SDK (one file, standard library only, Python 3.9+).

Python extensions run as ordinary programs with your permissions.`,
    shell: `- \`main.sh\`: the extension in POSIX sh, using \`jq\` to read and write JSON.

Shell extensions run as ordinary programs with your permissions; \`jq\` must be
on your PATH.`,
  };
  return `# ${name}

A zot extension. It registers the slash command \`/${name}\` and the tool
\`${toolName(name)}\`.

## Try it

\`\`\`sh
zot --ext ./${name}          # then type /${name} or /${name} Ada
zot ext install ./${name}    # copy it to $ZOT_HOME/extensions/${name}
\`\`\`

## Files

- \`extension.json\`: the manifest (name, version, exec${lang === "ts" ? ", scope" : ""}).
${how[lang]}

Logs (stderr) are in \`$ZOT_HOME/logs/ext-${name}.log\`; \`zot ext logs ${name}\`
prints them and \`zot ext doctor\` shows what loaded. The protocol and both SDKs
are described in zot's docs/extensions.md.
`;
}

/**
 * Package metadata, so the extension can be published on npm as it is: the keyword
 * `zot-extension` is what `zot ext search` looks for, and `zot ext install npm:<name>` installs it.
 */
function packageJson(name: string): string {
  const pkg = {
    name: name.toLowerCase(),
    version: "0.1.0",
    description: `The ${name} extension for zot`,
    keywords: ["zot-extension"],
  };
  return JSON.stringify(pkg, null, 2) + "\n";
}

/** The template files for `name` in `lang` (the SDK is added by the caller). */
export function templateFiles(name: string, lang: Lang): TemplateFile[] {
  return [...languageFiles(name, lang), { path: "package.json", content: packageJson(name) }];
}

function languageFiles(name: string, lang: Lang): TemplateFile[] {
  switch (lang) {
    case "ts":
      return [
        {
          path: "extension.json",
          content: manifest(name, "./main.ts", "typescript", { scope: {} }),
        },
        { path: "main.ts", content: tsEntry(name) },
        { path: "README.md", content: readme(name, lang) },
      ];
    case "python":
      return [
        { path: "extension.json", content: manifest(name, "./main.py", "python", {}) },
        { path: "main.py", content: pyEntry(name), executable: true },
        { path: "README.md", content: readme(name, lang) },
      ];
    case "shell":
      return [
        { path: "extension.json", content: manifest(name, "./main.sh", "sh", {}) },
        { path: "main.sh", content: shEntry(name), executable: true },
        { path: "README.md", content: readme(name, lang) },
      ];
  }
}
