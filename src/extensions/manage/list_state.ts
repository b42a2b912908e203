/**
 * What `zot ext list` says about whether each installed extension would
 * start in this directory, decided as a run decides it: `disabled` (its
 * manifest says so), `held_back` (a project extension of a project you have
 * not trusted, or one added or changed since `zot trust`), `needs_grant`
 * (what it is or asks for now is not what you agreed to: `zot ext grant`),
 * else `ready`. `why` says why it would not start, with the remedy.
 *
 * A listing changes nothing: the consent check runs as a dry run, so
 * listing an extension never records what it is.
 *
 * @module
 */

import type { ZotPaths } from "../../config/paths.ts";
import type { ExtensionSource } from "../types.ts";

export type ListState = "ready" | "disabled" | "held_back" | "needs_grant";

export interface RowState {
  state: ListState;
  /** Why it would not start, with the remedy; null when ready (or disabled: the manifest says). */
  why: string | null;
}

const READY: RowState = { state: "ready", why: null };

/** The state of each source, by directory. */
export async function listStates(
  paths: ZotPaths,
  sources: readonly ExtensionSource[],
): Promise<Map<string, RowState>> {
  const out = new Map<string, RowState>();
  const [{ checkPinned, isProjectTrusted }, { checkConsent }] = await Promise.all([
    import("../trust.ts"),
    import("../consent_check.ts"),
  ]);
  const enabled = sources.filter((s) => {
    if (s.manifest.enabled) return true;
    out.set(s.dir, { state: "disabled", why: null });
    return false;
  });
  // A project's extensions: none start in an untrusted project, only the pinned ones in a trusted.
  const project = enabled.filter((s) => s.kind === "project");
  if (project.length > 0) {
    if (!(await isProjectTrusted(paths.trust, paths.cwd))) {
      const why = `"${paths.cwd}" is not a trusted project (run "zot trust" to review and allow ` +
        `its extensions)`;
      for (const s of project) out.set(s.dir, { state: "held_back", why });
    } else {
      const { held } = await checkPinned(paths.trust, paths.cwd, project);
      for (const h of held) out.set(h.source.dir, { state: "held_back", why: h.message });
    }
  }
  for (const s of enabled) {
    if (out.has(s.dir)) continue;
    // Nothing to start (a theme or skills bundle): nothing to agree to.
    if (!s.manifest.exec) {
      out.set(s.dir, READY);
      continue;
    }
    const consent = await checkConsent(s, paths, { dryRun: true });
    out.set(
      s.dir,
      consent.ok ? READY : {
        state: "needs_grant",
        why: `Cannot start extension "${s.manifest.name}": ${consent.why}`,
      },
    );
  }
  return out;
}

/** The state as the table shows it. */
export function stateWords(state: ListState): string {
  return state.replace("_", " ");
}
