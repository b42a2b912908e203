/**
 * The OS sandbox's part of `zot ext doctor`: whether extensions with a
 * scope that run as plain programs (Python, Go, shell) can be confined
 * here, and if not why and what to install.
 *
 * @module
 */

import { osSandboxStatus } from "../../ossandbox/availability.ts";

/** One line for the text report. */
export async function osSandboxLine(): Promise<string> {
  const status = await osSandboxStatus();
  if (status.ok) return "OS sandbox: available (plain extensions with a scope run confined)";
  return `OS sandbox: unavailable: ${status.reason} (${status.remedy}); plain extensions with ` +
    `a scope will not start`;
}

/** The same for `--json`. */
export async function osSandboxJson(): Promise<
  { available: true } | { available: false; reason: string; remedy: string }
> {
  const status = await osSandboxStatus();
  return status.ok
    ? { available: true }
    : { available: false, reason: status.reason, remedy: status.remedy };
}
