/**
 * The `scope` of a sandboxed extension: what its Deno worker may touch
 * (files, hosts, variables, programs, system APIs, remote imports, memory)
 * and what it may do on the protocol (observe, intercept, replace the system
 * prompt, reach tools through `call_tool`, act for the user with `submit`,
 * `submit_slash` and `tool_prompt`). Pure: parse, normalize, compare,
 * query. The sandbox turns a scope into worker permissions; the extension
 * manager asks the `allows*` questions. Reference: docs/sandbox.md.
 *
 * @module
 */

import { INTERCEPTABLE_EVENTS, LIFECYCLE_EVENTS } from "../protocol/frames.ts";
import { parseHostGrant } from "./net_host.ts";

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

export type ScopeResult = { ok: true; scope: Scope } | { ok: false; errors: string[] };

export const DEFAULT_MEMORY_MB = 256;
export const MIN_MEMORY_MB = 32;
export const MAX_MEMORY_MB = 16_384;

/** Path placeholders, each allowed only as the first segment. */
export const PLACEHOLDERS = ["project", "extension", "data", "home"] as const;
export type Placeholder = typeof PLACEHOLDERS[number];

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

/** Intercepts a scope may list; `before_agent_start` is `system_prompt: true` instead. */
const SCOPE_INTERCEPTS = INTERCEPTABLE_EVENTS.filter((e) => e !== "before_agent_start");

const KEYS = [
  "read",
  "write",
  "net",
  "env",
  "run",
  "sys",
  "import",
  "memory",
  "events",
  "intercept",
  "system_prompt",
  "call_tool",
  "submit",
  "submit_slash",
  "tool_prompt",
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

const HOST = String
  .raw`(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*|\[[0-9A-Fa-f:.]+\])`;
const HOST_PORT_RE = new RegExp(`^(${HOST})(?::(\\d{1,5}))?$`);
const ENV_RE = /^[A-Za-z_][A-Za-z0-9_]*\*?$/;
const TOOL_RE = /^(?:\*|[A-Za-z0-9_.:-]+)$/;

/** Parse `scope` as written in `extension.json` (undefined means least privilege). */
export function parseScope(raw: unknown): ScopeResult {
  if (raw === undefined) return { ok: true, scope: defaultScope() };
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) {
    return { ok: false, errors: [`scope must be an object (example: {"read": ["\${project}"]})`] };
  }
  const obj = raw as Record<string, unknown>;
  const errors: string[] = [];
  for (const key of Object.keys(obj)) {
    if (!(KEYS as readonly string[]).includes(key)) {
      errors.push(`scope."${key}" is not a known key (known: ${KEYS.join(", ")})`);
    }
  }
  const scope = defaultScope();
  const list = (key: string, check: (v: string) => string | undefined): string[] => {
    const value = obj[key];
    if (value === undefined) return [];
    if (!Array.isArray(value)) {
      errors.push(`scope.${key} must be an array of strings`);
      return [];
    }
    const out: string[] = [];
    value.forEach((item, i) => {
      if (typeof item !== "string" || item === "") {
        errors.push(`scope.${key}[${i}] must be a non-empty string`);
        return;
      }
      const problem = check(item);
      if (problem) errors.push(`scope.${key}[${i}]: "${item}" ${problem}`);
      else out.push(normalizeEntry(key, item));
    });
    return [...new Set(out)].sort();
  };
  scope.read = list("read", checkPath);
  scope.write = list("write", checkPath);
  scope.net = list("net", checkHost);
  scope.env = list(
    "env",
    (v) =>
      ENV_RE.test(v)
        ? undefined
        : `is not a variable name or prefix wildcard (example: "WEATHER_*")`,
  );
  scope.run = list(
    "run",
    (v) =>
      /[\s\0]/.test(v) || (v.includes("/") && !v.startsWith("/"))
        ? `must be a program name or an absolute path (example: "git" or "/usr/bin/git")`
        : undefined,
  );
  scope.sys = list(
    "sys",
    (v) =>
      (SYS_APIS as readonly string[]).includes(v)
        ? undefined
        : `is not a sys API (known: ${SYS_APIS.join(", ")})`,
  );
  scope.import = list("import", checkHost);
  scope.events = list(
    "events",
    (v) =>
      v === "*" || (LIFECYCLE_EVENTS as readonly string[]).includes(v)
        ? undefined
        : `is not a lifecycle event (known: ${LIFECYCLE_EVENTS.join(", ")}, or "*")`,
  );
  scope.intercept = list(
    "intercept",
    (v) =>
      v === "*" || (SCOPE_INTERCEPTS as readonly string[]).includes(v)
        ? undefined
        : v === "before_agent_start"
        ? `is granted with "system_prompt": true`
        : `cannot be intercepted (interceptable: ${SCOPE_INTERCEPTS.join(", ")}, or "*")`,
  );
  scope.callTool = list(
    "call_tool",
    (v) =>
      TOOL_RE.test(v) ? undefined : `is not a tool name (example: "read", or "*" for every tool)`,
  );
  if (obj.memory !== undefined) {
    const m = obj.memory;
    if (typeof m !== "number" || !Number.isInteger(m) || m < MIN_MEMORY_MB || m > MAX_MEMORY_MB) {
      errors.push(
        `scope.memory must be a whole number of MB from ${MIN_MEMORY_MB} to ${MAX_MEMORY_MB} (got ${
          JSON.stringify(m)
        })`,
      );
    } else scope.memory = m;
  }
  const flag = (key: string): boolean => {
    const value = obj[key];
    if (value === undefined) return false;
    if (typeof value !== "boolean") errors.push(`scope.${key} must be true or false`);
    return value === true;
  };
  scope.systemPrompt = flag("system_prompt");
  scope.submit = flag("submit");
  scope.submitSlash = flag("submit_slash");
  scope.toolPrompt = flag("tool_prompt");
  return errors.length ? { ok: false, errors } : { ok: true, scope };
}

function checkPath(p: string): string | undefined {
  const m = /^\$\{([^}]*)\}(.*)$/.exec(p);
  if (m) {
    if (!(PLACEHOLDERS as readonly string[]).includes(m[1])) {
      return `uses an unknown placeholder (known: ${
        PLACEHOLDERS.map((x) => `\${${x}}`).join(", ")
      })`;
    }
    if (m[2] !== "" && !m[2].startsWith("/")) return `must put a "/" after the placeholder`;
  } else if (!p.startsWith("/")) {
    return `must be absolute or start with a placeholder (example: "\${project}/docs")`;
  }
  if ((m ? m[2] : p).includes("${")) return `may use a placeholder only at the start`;
  if (p.split("/").some((s) => s === "..")) return `must not contain ".."`;
  if (p.includes("\0")) return `must not contain NUL`;
  return undefined;
}

/** Hosts are refused in ambiguous spellings and stored canonical (see net_host.ts). */
function checkHost(h: string): string | undefined {
  const r = parseHostGrant(h);
  return r.ok ? undefined : r.error;
}

/** The stored form of a checked entry: paths and hosts have one spelling each. */
function normalizeEntry(key: string, item: string): string {
  if (key === "read" || key === "write") return normalizePath(item);
  if (key === "net" || key === "import") {
    const r = parseHostGrant(item);
    return r.ok ? r.host : item;
  }
  return item;
}

function normalizePath(p: string): string {
  const out = p.replace(/\/{2,}/g, "/").split("/").filter((s, i) => s !== "." || i === 0).join("/");
  return out.length > 1 && out.endsWith("/") ? out.slice(0, -1) : out;
}

/** Values the placeholders stand for, all absolute. */
export type PlaceholderValues = Record<Placeholder, string | undefined>;

/** Substitute placeholders; an unavailable one (no HOME) yields an error. */
export function resolveScopePath(
  p: string,
  values: PlaceholderValues,
): { ok: true; path: string } | { ok: false; error: string } {
  const m = /^\$\{([a-z]+)\}(.*)$/.exec(p);
  if (!m) return { ok: true, path: p };
  const base = values[m[1] as Placeholder];
  if (!base) return { ok: false, error: `"\${${m[1]}}" is not available here` };
  return { ok: true, path: normalizePath(base + m[2]) };
}

/** The scope as JSON (manifest spelling), for grants.json and display. */
export function scopeToJson(scope: Scope): Record<string, unknown> {
  return {
    read: scope.read,
    write: scope.write,
    net: scope.net,
    env: scope.env,
    run: scope.run,
    sys: scope.sys,
    import: scope.import,
    memory: scope.memory,
    events: scope.events,
    intercept: scope.intercept,
    system_prompt: scope.systemPrompt,
    call_tool: scope.callTool,
    submit: scope.submit,
    submit_slash: scope.submitSlash,
    tool_prompt: scope.toolPrompt,
  };
}

// ---------------------------------------------------------------------------
// Coverage and widening

const pathCovers = (g: string, p: string) => p === g || g === "/" || p.startsWith(g + "/");

function hostCovers(g: string, p: string): boolean {
  if (g === p) return true;
  const gm = HOST_PORT_RE.exec(g);
  const pm = HOST_PORT_RE.exec(p);
  return !!gm && !!pm && gm[2] === undefined && gm[1] === pm[1];
}

const envCovers = (g: string, p: string) =>
  g === p || (g.endsWith("*") && p.replace(/\*$/, "").startsWith(g.slice(0, -1)));

const nameCovers = (g: string, p: string) => g === p || g === "*";

/**
 * What `current` asks for beyond `granted`, one entry per widened field,
 * e.g. `["net: +api.example.com:443", "memory: 256 → 512 MB"]`. Empty when
 * the grant still covers everything.
 */
export function scopeWidening(granted: Scope, current: Scope): string[] {
  const out: string[] = [];
  const lists: [string, string[], string[], (g: string, p: string) => boolean][] = [
    ["read", granted.read, current.read, pathCovers],
    ["write", granted.write, current.write, pathCovers],
    ["net", granted.net, current.net, hostCovers],
    ["env", granted.env, current.env, envCovers],
    ["run", granted.run, current.run, nameCovers],
    ["sys", granted.sys, current.sys, nameCovers],
    ["import", granted.import, current.import, hostCovers],
    ["events", granted.events, current.events, nameCovers],
    ["intercept", granted.intercept, current.intercept, nameCovers],
    ["call_tool", granted.callTool, current.callTool, nameCovers],
  ];
  for (const [key, g, c, covers] of lists) {
    const added = c.filter((p) => !g.some((x) => covers(x, p)));
    if (added.length) out.push(`${key}: ${added.map((a) => `+${a}`).join(" ")}`);
  }
  if (current.memory > granted.memory) out.push(`memory: ${granted.memory} → ${current.memory} MB`);
  const flags: [string, boolean, boolean][] = [
    ["system_prompt", granted.systemPrompt, current.systemPrompt],
    ["submit", granted.submit, current.submit],
    ["submit_slash", granted.submitSlash, current.submitSlash],
    ["tool_prompt", granted.toolPrompt, current.toolPrompt],
  ];
  for (const [key, g, c] of flags) if (c && !g) out.push(`${key}: +allowed`);
  return out;
}

// ---------------------------------------------------------------------------
// Protocol questions (asked by the extension manager for sandboxed extensions)

export const allowsEvent = (scope: Scope, event: string): boolean =>
  scope.events.some((g) => nameCovers(g, event));

export const allowsSystemPrompt = (scope: Scope): boolean => scope.systemPrompt;

export function allowsIntercept(scope: Scope, event: string): boolean {
  if (event === "before_agent_start") return scope.systemPrompt;
  return scope.intercept.some((g) => nameCovers(g, event));
}

export const allowsCallTool = (scope: Scope, tool: string): boolean =>
  scope.callTool.some((g) => nameCovers(g, tool));

/**
 * Acting for the user: what an extension submits runs with the user's
 * authority (a prompt the model obeys, a command, a tool run as the user),
 * so each needs its own grant. `tool_prompt` also needs the tool in
 * `call_tool`: it reaches tools exactly as far as `call_tool` does.
 */
export const allowsSubmit = (scope: Scope): boolean => scope.submit;
export const allowsSubmitSlash = (scope: Scope): boolean => scope.submitSlash;
export const allowsToolPrompt = (scope: Scope, tool: string): boolean =>
  scope.toolPrompt && allowsCallTool(scope, tool);

/** The diagnostic for a refused subscription, with the remedy. */
export function refusalMessage(
  name: string,
  what:
    | "events"
    | "intercept"
    | "call_tool"
    | "system_prompt"
    | "submit"
    | "submit_slash"
    | "submit_slash_prompt"
    | "tool_prompt"
    | "tool_prompt_tool",
  item: string,
): string {
  switch (what) {
    case "events":
      return `extension "${name}" subscribed to "${item}" but its scope does not declare it (add it to scope.events)`;
    case "intercept":
      return `extension "${name}" intercepts "${item}" but its scope does not declare it (add it to scope.intercept)`;
    case "system_prompt":
      return `extension "${name}" intercepts "before_agent_start" but its scope does not allow replacing the system prompt (set scope.system_prompt to true)`;
    case "call_tool":
      return `extension "${name}" called tool "${item}" but its scope does not declare it (add it to scope.call_tool)`;
    case "submit":
      return `extension "${name}" submitted a prompt but its scope does not allow submitting prompts for you (set scope.submit to true)`;
    case "submit_slash":
      return `extension "${name}" ran "${item}" through submit_slash but its scope does not allow running its commands for you (set scope.submit_slash to true)`;
    case "submit_slash_prompt":
      return `extension "${name}" answered "${item}", run through submit_slash, with a prompt but its scope does not allow submitting prompts for you (set scope.submit to true)`;
    case "tool_prompt":
      return `extension "${name}" answered with tool_prompt for tool "${item}" but its scope does not allow tool_prompt (set scope.tool_prompt to true)`;
    case "tool_prompt_tool":
      return `extension "${name}" answered with tool_prompt for tool "${item}" but its scope does not declare the tool (add it to scope.call_tool)`;
  }
}

/**
 * The protocol scope the host enforces for a sandboxed extension. An invalid
 * scope never gets this far (the launch refuses it), so it falls back to
 * least privilege rather than to nothing.
 */
export function protocolScope(raw: unknown): Scope {
  const parsed = parseScope(raw);
  return parsed.ok ? parsed.scope : defaultScope();
}
