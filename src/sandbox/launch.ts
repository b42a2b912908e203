/**
 * Launch plan for sandboxed TypeScript/JavaScript extensions.
 * Placeholder until the sandbox lands: refuses with a clear error.
 *
 * @module
 */

import type { ZotPaths } from "../config/paths.ts";
import type { ExtensionSource, LaunchPlan } from "../extensions/types.ts";

export interface SandboxLaunchContext {
  paths: ZotPaths;
  /** True when the extension came from `--ext` (print the scope it runs with). */
  explicit: boolean;
}

export type SandboxLaunchResult = { ok: true; plan: LaunchPlan } | { ok: false; error: string };

export function planSandboxLaunch(
  source: ExtensionSource,
  _ctx: SandboxLaunchContext,
): Promise<SandboxLaunchResult> {
  return Promise.resolve({
    ok: false,
    error:
      `Cannot start extension "${source.manifest.name}": the TypeScript sandbox is not available in this build`,
  });
}
