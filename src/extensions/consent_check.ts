/**
 * Consent at every start: an installed extension runs only as what the user
 * agreed to. Its identity (name, exec, how it runs, scope) is compared with
 * the record stored at install or grant; a changed name, exec or kind, or a
 * wider scope, refuses the start with what changed and the remedy. Only the
 * manifest's other fields changing (version, description, `enabled`, args)
 * is allowed: it grants nothing new.
 *
 * An installed directory zot never recorded (placed by hand, or installed
 * before identities were recorded) is recorded at its first start, as it is
 * then, unless it needs a question (a sandboxed scope beyond least
 * privilege): whoever can write `$ZOT_HOME/extensions` can write the store
 * too, so asking would protect nothing, and refusing would break every
 * extension installed by hand. A store that cannot be read is never taken
 * for "nothing recorded".
 *
 * `--ext` is explicit consent for one run and is not checked. Project
 * extensions are pinned by `zot trust` (src/extensions/trust.ts); a record,
 * if they have one from `zot ext grant`, is checked like a global one.
 *
 * @module
 */

import type { ZotPaths } from "../config/paths.ts";
import { errorMessage } from "../errors.ts";
import { lookupRecord, saveRecord } from "../sandbox/grants.ts";
import { needsGrant } from "../sandbox/describe.ts";
import { type Identity, identityChanges, identityOf } from "./identity.ts";
import { defaultScope } from "../scope/scope.ts";
import { scopeWidening } from "../scope/widening.ts";
import type { ExtensionSource } from "./types.ts";

export type ConsentCheck = { ok: true } | { ok: false; why: string };

/**
 * Whether `source` may start as it is now; `why` completes "Cannot start extension "x": ".
 * `dryRun` (a listing) writes nothing: where a start would record a first identity it answers ok.
 */
export async function checkConsent(
  source: ExtensionSource,
  paths: ZotPaths,
  options: { dryRun?: boolean } = {},
): Promise<ConsentCheck> {
  if (source.kind === "explicit") return { ok: true };
  const name = source.manifest.name;
  const remedy = `(run "zot ext grant ${name}")`;
  const now = await identityOf(source);
  const found = await lookupRecord(paths.grants, source.dir);
  if (found.status === "unreadable") {
    return { ok: false, why: `what you agreed to cannot be read (${found.why}) ${remedy}` };
  }
  if (found.status === "none") {
    if (now.scope && needsGrant(now.scope)) {
      // Say what it asks for beyond least privilege: that is what the user must judge.
      const asks = scopeWidening(defaultScope(), now.scope);
      return {
        ok: false,
        why: `its scope has not been granted (it asks for ${asks.join("; ")}) ${remedy}`,
      };
    }
    // A project's set is pinned by `zot trust`; only global installs are recorded here.
    if (source.kind !== "global" || options.dryRun) return { ok: true };
    return await record(source, paths, now, "first start");
  }
  const rec = found.record;
  const changes = identityChanges(rec, now);
  if (changes.length) {
    return {
      ok: false,
      why: `it changed since you agreed to it (${changes.join("; ")}) ${remedy}`,
    };
  }
  if (now.scope && rec.scope) {
    const widened = scopeWidening(rec.scope, now.scope);
    if (widened.length) {
      return {
        ok: false,
        why: `its scope widened since you granted it (${widened.join("; ")}) ${remedy}`,
      };
    }
  }
  // A record from before exec was recorded (sandboxed, same name, covered scope): pin the exec.
  if (rec.exec === undefined) {
    if (options.dryRun) return { ok: true };
    return await record(source, paths, { ...now, scope: rec.scope }, rec.via || "grant");
  }
  return { ok: true };
}

async function record(
  source: ExtensionSource,
  paths: ZotPaths,
  identity: Identity,
  via: string,
): Promise<ConsentCheck> {
  try {
    await saveRecord(paths.grants, source.dir, { ...identity, via });
    return { ok: true };
  } catch (e) {
    // Unrecorded, a later change could not be told from this state: do not start unpinned.
    return {
      ok: false,
      why: `cannot record what it is in ${paths.grants}: ${errorMessage(e)} ` +
        `(check that ${paths.home} is a directory you can write)`,
    };
  }
}
