/**
 * The `bashSandbox` key of `$ZOT_HOME/config.json`: whether the `bash` tool runs in the OS
 * sandbox by default, and which hosts a sandboxed command may reach.
 *
 * ```json
 * { "bashSandbox": { "enabled": true, "net": ["registry.npmjs.org", "github.com:443"] } }
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
}

export interface BashSandboxRead {
  value: BashSandboxSettings;
  diagnostics: string[];
}

/** A host, `host:port` or `*.domain`, letters, digits, dots and dashes: what the proxy matches. */
const HOST = /^(\*\.)?[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*(:\d{1,5})?$/i;

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
  return { value, diagnostics };
}
