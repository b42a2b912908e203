/**
 * The `bashSandbox` key of `$ZOT_HOME/config.json`: whether the `bash` tool runs in the OS
 * sandbox by default, which hosts a sandboxed command may reach, and which environment variables
 * that look like credentials it gets anyway.
 *
 * ```json
 * { "bashSandbox": { "enabled": true, "net": ["registry.npmjs.org"], "env": ["NPM_TOKEN"] } }
 * ```
 *
 * A malformed value is ignored with a diagnostic; a malformed `enabled` never turns the sandbox
 * off when the flag asked for it (the flag wins either way).
 *
 * @module
 */

import { isRecord } from "../is_record.ts";

export interface BashSandboxSettings {
  enabled: boolean;
  net: string[];
  loopback: boolean;
  /** Variables passed to a sandboxed command although they look like credentials. */
  env?: string[];
}

export interface BashSandboxRead {
  value: BashSandboxSettings;
  diagnostics: string[];
}

/** A host, `host:port` or `*.domain`, letters, digits, dots and dashes: what the proxy matches. */
const HOST = /^(\*\.)?[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*(:\d{1,5})?$/i;

/** An environment variable's name, as a shell exports it. */
const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** The settings from the raw config object (`Settings.raw`). */
export function readBashSandbox(raw: Record<string, unknown>, path: string): BashSandboxRead {
  const value: BashSandboxSettings = { enabled: false, net: [], loopback: false };
  const diagnostics: string[] = [];
  const entry = raw.bashSandbox;
  if (entry === undefined) return { value, diagnostics };
  const example = '(e.g. "bashSandbox": { "enabled": true, "net": ["github.com"] })';
  if (!isRecord(entry)) {
    diagnostics.push(`Ignoring "bashSandbox" in "${path}": not an object ${example}`);
    return { value, diagnostics };
  }
  for (const key of ["enabled", "loopback"] as const) {
    const v = entry[key];
    if (v === undefined) continue;
    if (typeof v === "boolean") value[key] = v;
    else diagnostics.push(`Ignoring "bashSandbox.${key}" in "${path}": not true or false`);
  }
  if (entry.net !== undefined) {
    if (!Array.isArray(entry.net)) {
      diagnostics.push(`Ignoring "bashSandbox.net" in "${path}": not a list of hosts ${example}`);
    } else {
      for (const host of entry.net) {
        if (typeof host === "string" && HOST.test(host)) value.net.push(host.toLowerCase());
        else {
          diagnostics.push(
            `Ignoring ${
              JSON.stringify(host)
            } in "bashSandbox.net" of "${path}": not a host name (e.g. "github.com" or "*.npmjs.org:443")`,
          );
        }
      }
    }
  }
  if (entry.env !== undefined) readEnvNames(entry.env, path, value, diagnostics);
  return { value, diagnostics };
}

function readEnvNames(
  names: unknown,
  path: string,
  value: BashSandboxSettings,
  diagnostics: string[],
): void {
  if (!Array.isArray(names)) {
    diagnostics.push(
      `Ignoring "bashSandbox.env" in "${path}": not a list of variable names (e.g. ["NPM_TOKEN"])`,
    );
    return;
  }
  value.env = [];
  for (const name of names) {
    if (typeof name === "string" && ENV_NAME.test(name)) value.env.push(name);
    else {
      diagnostics.push(
        `Ignoring ${
          JSON.stringify(name)
        } in "bashSandbox.env" of "${path}": not a variable name (e.g. "NPM_TOKEN")`,
      );
    }
  }
}
