/**
 * Journeys drive the real CLI as a new user would: a temp ZOT_HOME, a temp
 * git project, and an environment without any API key from the developer's
 * shell (so "no key" journeys are deterministic).
 *
 * @module
 */

import { fileURLToPath } from "node:url";
import { join } from "node:path";
import { tempZot } from "../helpers/tmp.ts";

const MAIN = fileURLToPath(new URL("../../main.ts", import.meta.url));
const CONFIG = fileURLToPath(new URL("../../deno.json", import.meta.url));

export interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

export interface Journey extends AsyncDisposable {
  home: string;
  cwd: string;
  root: string;
  /** Run `zot args…` in the project to completion. */
  zot(...args: string[]): Promise<Run>;
  /** The same command with stdin piped, for journeys that feed it. */
  command(...args: string[]): Deno.Command;
  /** Write files under the project (paths relative to it). */
  write(files: Record<string, string>, executable?: string[]): Promise<void>;
}

/** A fresh machine state: temp ZOT_HOME and a project that is a real git repository. */
export async function journey(): Promise<Journey> {
  const z = await tempZot();
  const git = await new Deno.Command("git", {
    args: ["init", "-q", "."],
    cwd: z.cwd,
    stdout: "null",
    stderr: "null",
  }).output();
  if (!git.success) throw new Error("git init failed");
  const env: Record<string, string> = {
    ZOT_HOME: z.home,
    NO_COLOR: "1",
    PATH: Deno.env.get("PATH") ?? "/usr/bin:/bin",
    // The real HOME keeps Deno's module cache; ZOT_HOME isolates zot itself.
    HOME: Deno.env.get("HOME") ?? z.root,
    ...(Deno.env.get("DENO_DIR") ? { DENO_DIR: Deno.env.get("DENO_DIR")! } : {}),
  };
  const dec = new TextDecoder();
  const command = (args: string[], stdin: "null" | "piped") =>
    new Deno.Command(Deno.execPath(), {
      args: ["run", "-A", "--quiet", "--config", CONFIG, MAIN, ...args],
      cwd: z.cwd,
      env,
      clearEnv: true,
      stdin,
      stdout: "piped",
      stderr: "piped",
    });
  return {
    home: z.home,
    cwd: z.cwd,
    root: z.root,
    async zot(...args) {
      const out = await command(args, "null").output();
      return { code: out.code, stdout: dec.decode(out.stdout), stderr: dec.decode(out.stderr) };
    },
    command: (...args) => command(args, "piped"),
    async write(files, executable = []) {
      for (const [rel, text] of Object.entries(files)) {
        const path = join(z.cwd, rel);
        await Deno.mkdir(join(path, ".."), { recursive: true });
        await Deno.writeTextFile(path, text);
        if (executable.includes(rel)) await Deno.chmod(path, 0o755);
      }
    },
    [Symbol.asyncDispose]: () => z[Symbol.asyncDispose](),
  };
}

/**
 * A shell extension with one tool, `<name>_do`, that runs `onToolCall` (shell) when it is
 * called; it acknowledges a shutdown. Its script is `<name>/main.sh`.
 */
export function toolExtension(name: string, onToolCall: string): Record<string, string> {
  return {
    [`${name}/extension.json`]: JSON.stringify({ name, version: "1.0.0", exec: "./main.sh" }),
    [`${name}/main.sh`]: `#!/bin/sh
printf '%s\\n' '{"type":"hello","name":"${name}","version":"1.0.0"}'
IFS= read -r line
printf '%s\\n' '{"type":"register_tool","name":"${name}_do","description":"do","schema":{"type":"object"}}'
printf '%s\\n' '{"type":"ready"}'
while IFS= read -r line; do
  case "$line" in
    *'"tool_call"'*) ${onToolCall} ;;
    *'"shutdown"'*) printf '%s\\n' '{"type":"shutdown_ack"}'; exit 0 ;;
  esac
done
`,
  };
}

/** A minimal shell extension with one tool, `<name>_echo`, answering with its text. */
export function shellExtension(name: string): Record<string, string> {
  return {
    [`${name}/extension.json`]: JSON.stringify({ name, version: "1.0.0", exec: "./main.sh" }),
    [`${name}/main.sh`]: `#!/bin/sh
printf '%s\\n' '{"type":"hello","name":"${name}","version":"1.0.0"}'
IFS= read -r line
printf '%s\\n' '{"type":"register_tool","name":"${name}_echo","description":"echo","schema":{"type":"object"}}'
printf '%s\\n' '{"type":"ready"}'
while IFS= read -r line; do
  case "$line" in
    *'"shutdown"'*) printf '%s\\n' '{"type":"shutdown_ack"}'; exit 0 ;;
    *'"tool_call"'*)
      printf '%s' "$line" |
        jq -c '{type: "tool_result", id, content: [{type: "text", text: (.args.text // "")}]}' ;;
  esac
done
`,
  };
}
