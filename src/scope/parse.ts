/**
 * Parse the `scope` of `extension.json` into a {@linkcode Scope}: every key
 * known, every entry checked, paths and hosts stored in one spelling each,
 * lists sorted and de-duplicated. Errors name the field and give an example.
 * It runs once, when the manifest is loaded; everything after takes the typed
 * value.
 *
 * @module
 */

import { INTERCEPTABLE_EVENTS, LIFECYCLE_EVENTS } from "../protocol/frames.ts";
import { parseHostGrant } from "./net_host.ts";
import { normalizePath, PLACEHOLDERS } from "./paths.ts";
import { defaultScope, MAX_MEMORY_MB, MIN_MEMORY_MB, type Scope, SYS_APIS } from "./scope.ts";

export type ScopeResult = { ok: true; scope: Scope } | { ok: false; errors: string[] };

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
