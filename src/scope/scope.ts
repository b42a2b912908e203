/**
 * The `scope` of a sandboxed extension as a typed value: what its Deno
 * worker may touch (files, hosts, variables, programs, system APIs, remote
 * imports, memory) and what it may do on the protocol (observe, intercept,
 * replace the system prompt, reach tools through `call_tool`, act for the
 * user with `submit`, `submit_slash` and `tool_prompt`).
 *
 * This folder is a leaf below both the extension host and the sandbox: the
 * manifest loader parses a scope once (parse.ts), the sandbox turns it into
 * worker permissions, consent compares it with a grant (widening.ts), and the
 * host asks the protocol questions (allows.ts). Reference: docs/sandbox.md.
 *
 * @module
 */

/** A validated, normalized scope (lists sorted and de-duplicated). */
export interface Scope {
  read: string[];
  write: string[];
  net: string[];
  env: string[];
  run: string[];
  sys: string[];
  import: string[];
  /** Heap budget in MB. */
  memory: number;
  events: string[];
  intercept: string[];
  systemPrompt: boolean;
  callTool: string[];
  /** `submit`: send prompts to the model as if the user typed them. */
  submit: boolean;
  /** `submit_slash`: run its own slash commands as if the user typed them. */
  submitSlash: boolean;
  /** `tool_prompt` answers: run a tool (one `callTool` lists) before the model's turn. */
  toolPrompt: boolean;
}

export const DEFAULT_MEMORY_MB = 256;
export const MIN_MEMORY_MB = 32;
export const MAX_MEMORY_MB = 16_384;

/** `sys` API names Deno knows (`Deno.hostname()` is `hostname`, …). */
export const SYS_APIS = [
  "cpus",
  "getPriority",
  "gid",
  "homedir",
  "hostname",
  "loadavg",
  "networkInterfaces",
  "osRelease",
  "osUptime",
  "setPriority",
  "statfs",
  "systemMemoryInfo",
  "uid",
  "userInfo",
] as const;

/** Least privilege: what a sandboxed extension without `scope` gets (plus its own dirs). */
export function defaultScope(): Scope {
  return {
    read: [],
    write: [],
    net: [],
    env: [],
    run: [],
    sys: [],
    import: [],
    memory: DEFAULT_MEMORY_MB,
    events: [],
    intercept: [],
    systemPrompt: false,
    callTool: [],
    submit: false,
    submitSlash: false,
    toolPrompt: false,
  };
}
