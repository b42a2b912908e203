/**
 * Field-by-field validation of a parsed `extension.json` object. Pure: no
 * file system. Wrong types name the field; unknown keys are kept in `raw`.
 * The `scope` of an extension that runs sandboxed is parsed here, once:
 * everything after the load takes the typed value.
 *
 * @module
 */

import { isSandboxedExec } from "../sandbox/launch_kind.ts";
import { parseScope } from "../scope/parse.ts";
import { osScopeProblems } from "../scope/os_scope.ts";
import type { Scope } from "../scope/scope.ts";
import type { Manifest } from "./types.ts";
import { type McpServer, parseMcpField } from "./manifest_mcp.ts";

/** The manifest without the checks that need the file system (exec/theme/skills). */
export type ManifestFields =
  | { ok: true; manifest: Manifest }
  /** `name` once the name itself was valid, for messages about the rest. */
  | { ok: false; problem: string; name?: string };

function isStringArray(v: unknown): v is string[] {
  return Array.isArray(v) && v.every((x) => typeof x === "string");
}

/**
 * Longest name in UTF-8 bytes. Names become file names (`ext-<name>.log`, data and grant
 * entries), which most file systems cap at 255 bytes: a longer name would install and then
 * fail every start with "File name too long".
 */
export const MANIFEST_NAME_MAX_BYTES = 128;

/**
 * Names end up in file names (`logs/ext-<name>.log`) and note prefixes, so a
 * name that could walk out of a directory is refused here, once.
 */
export function nameProblem(name: string): string | undefined {
  const bytes = new TextEncoder().encode(name).length;
  if (bytes > MANIFEST_NAME_MAX_BYTES) {
    return `manifest: name is ${bytes} bytes long, more than the ${MANIFEST_NAME_MAX_BYTES} allowed (shorten "name" in extension.json)`;
  }
  if (name === "." || name === ".." || /[/\\\0]/.test(name)) {
    return `manifest: name ${
      JSON.stringify(name)
    } must not contain path separators or be "." or ".."`;
  }
  // deno-lint-ignore no-control-regex
  if (/[\x00-\x1f\x7f]/.test(name)) {
    return `manifest: name ${JSON.stringify(name)} must not contain control characters`;
  }
  return undefined;
}

/** Check the types of the known fields of a manifest object. */
export function validateFields(raw: Record<string, unknown>): ManifestFields {
  const optionalStrings = ["version", "exec", "language", "description"] as const;
  if (raw.name !== undefined && typeof raw.name !== "string") {
    return { ok: false, problem: `manifest: field "name" must be a string` };
  }
  for (const key of optionalStrings) {
    if (raw[key] !== undefined && typeof raw[key] !== "string") {
      return { ok: false, problem: `manifest: field "${key}" must be a string` };
    }
  }
  for (const key of ["args", "skills"] as const) {
    if (raw[key] !== undefined && !isStringArray(raw[key])) {
      return { ok: false, problem: `manifest: field "${key}" must be an array of strings` };
    }
  }
  if (raw.enabled !== undefined && typeof raw.enabled !== "boolean") {
    return { ok: false, problem: `manifest: field "enabled" must be true or false` };
  }
  if (raw.restart !== undefined && raw.restart !== "on-failure" && raw.restart !== "never") {
    return { ok: false, problem: `manifest: field "restart" must be "on-failure" or "never"` };
  }
  const name = typeof raw.name === "string" ? raw.name.trim() : "";
  if (!name) return { ok: false, problem: "manifest: name is required" };
  const bad = nameProblem(name);
  if (bad) return { ok: false, problem: bad };
  const str = (v: unknown) => (typeof v === "string" && v !== "" ? v : undefined);
  let exec = str(raw.exec);
  let args = isStringArray(raw.args) ? raw.args : undefined;
  let mcp: McpServer | undefined;
  if (raw.mcp !== undefined) {
    // The server's command is the extension's exec: consent, grants and `ext list` name it.
    if (raw.exec !== undefined || raw.args !== undefined) {
      return { ok: false, problem: `manifest: "mcp" replaces "exec" and "args" (keep one)`, name };
    }
    const parsed = parseMcpField(raw.mcp);
    if (!parsed.ok) return { ok: false, problem: parsed.problem, name };
    mcp = parsed.server;
    exec = mcp.command;
    args = mcp.args;
  }
  let scope: Scope | undefined;
  // A TS/JS entry always runs with a scope (least privilege when none is written). A plain
  // program runs with one only when its manifest declares it: it then runs in the OS sandbox,
  // which must be able to enforce every entry, so one it cannot is refused here, at load.
  const scoped = exec !== undefined && !isSandboxedExec(exec) && raw.scope !== undefined;
  if (isSandboxedExec(exec) || scoped) {
    const parsed = parseScope(raw.scope);
    if (!parsed.ok) {
      return { ok: false, problem: `manifest: invalid scope: ${parsed.errors.join("; ")}`, name };
    }
    const os = scoped ? osScopeProblems(raw.scope as Record<string, unknown>) : [];
    if (os.length) return { ok: false, problem: `manifest: ${os.join("; ")}`, name };
    scope = parsed.scope;
  }
  const manifest: Manifest = {
    name,
    version: str(raw.version),
    exec,
    args,
    language: str(raw.language),
    description: str(raw.description),
    skills: isStringArray(raw.skills) ? raw.skills : undefined,
    enabled: raw.enabled !== false,
    ...(raw.restart === "never" || raw.restart === "on-failure" ? { restart: raw.restart } : {}),
    scope,
    raw,
  };
  if (mcp) manifest.mcp = mcp;
  return { ok: true, manifest };
}
