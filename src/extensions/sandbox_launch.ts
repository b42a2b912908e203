/**
 * Starting a sandboxed extension, the loader's half: the checks that need
 * what only the extension side knows (the manifest's name rules, what the
 * user agreed to, which projects are trusted), then the sandbox's plan built
 * from plain values and the scope parsed at load.
 *
 * @module
 */

import { errorMessage } from "../errors.ts";
import {
  type NpmEntry,
  planSandboxLaunch as planRunner,
  type SandboxLaunchContext,
  type SandboxLaunchResult,
} from "../sandbox/launch.ts";
import { checkConsent } from "./consent_check.ts";
import { nameProblem } from "./manifest_fields.ts";
import { trustedProjects } from "./trust.ts";
import { type ExtensionSource, sandboxScope } from "./types.ts";

export type { SandboxLaunchContext, SandboxLaunchResult };

/** The sandbox's launch plan for `source`, or why it may not start. */
export async function planSandboxLaunch(
  source: ExtensionSource,
  ctx: SandboxLaunchContext,
  npm?: NpmEntry,
): Promise<SandboxLaunchResult> {
  const name = source.manifest.name;
  const fail = (why: string): SandboxLaunchResult => ({
    ok: false,
    error: `Cannot start extension "${name}": ${why}`,
  });
  const badName = nameProblem(name);
  if (badName) return fail(badName);

  // What the user agreed to (name, exec, kind, scope), checked at every start but for `--ext`.
  if (!ctx.explicit) {
    const consent = await checkConsent(source, ctx.paths);
    if (!consent.ok) return fail(consent.why);
  }
  // Write grants must keep out of trusted projects' .git and .zot: unreadable trust is no answer.
  let trusted: string[];
  try {
    trusted = await trustedProjects(ctx.paths.trust);
  } catch (e) {
    return fail(`cannot read ${ctx.paths.trust}: ${errorMessage(e)} (check its permissions)`);
  }
  return await planRunner({
    name,
    dir: source.dir,
    exec: source.manifest.exec ?? "",
    args: source.manifest.args ?? [],
    manifestPath: source.manifestPath,
    project: source.kind === "project",
    scope: sandboxScope(source),
    trusted,
    npm,
  }, ctx);
}
