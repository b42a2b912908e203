/**
 * Install-time consent: show what an extension asks for in plain words and
 * ask the user to agree before it is installed. Sandboxed extensions get
 * their scope listed and, once accepted, a stored grant pinned to it (so a
 * later, wider manifest does not start until the user agrees again); plain
 * programs are named as what they are: full user privileges.
 *
 * @module
 */

import type { ZotPaths } from "../config/paths.ts";
import { describeScope, needsGrant } from "../sandbox/describe.ts";
import { type NewRecord, saveRecord } from "../sandbox/grants.ts";
import { isSandboxedExec, launchKind } from "../sandbox/launch_kind.ts";
import { manifestSha256 } from "./identity.ts";
import type { ConfirmResult } from "./manage/install.ts";
import type { Scope } from "../scope/scope.ts";
import { safeText } from "../safe_text.ts";
import { type ExtensionSource, scopeOf } from "./types.ts";

export type ConsentResult = ConfirmResult;

/** The terminal side of consent, injectable for tests. */
export interface ConsentIO {
  /** True when a person can answer (stdin is a terminal). */
  interactive(): boolean;
  /** Ask a yes/no question; false on "no" or cancel. */
  ask(question: string): Promise<boolean>;
  print(line: string): void;
}

/** Deno defaults: stderr for the summary, @clack/prompts for the question. */
export const terminalConsentIO: ConsentIO = {
  interactive: () => Deno.stdin.isTerminal(),
  async ask(question) {
    // Loaded only when a question is really asked.
    const { confirm, isCancel } = await import("@clack/prompts");
    const answer = await confirm({ message: question, initialValue: false });
    return !isCancel(answer) && answer === true;
  },
  print: (line) => console.error(safeText(line)),
};

/** What installing or granting `source` means, as lines for the user. */
export function consentSummary(source: ExtensionSource, scope: Scope | undefined): string[] {
  const name = source.manifest.name;
  if (!source.manifest.exec) return [`"${name}" starts no program (theme or skills only)`];
  if (!scope) {
    return [
      `"${name}" runs "${source.manifest.exec}" as a plain program with full privileges, NOT sandboxed:`,
      "  it runs with your full privileges: it can do anything you can (read your files and keys, use the network, run commands)",
    ];
  }
  const how = isSandboxedExec(source.manifest.exec)
    ? "runs sandboxed"
    : `runs "${source.manifest.exec}" as a plain program confined by the OS sandbox`;
  const lines = [`"${name}" ${how} and may:`, ...describeScope(scope).map((l) => `  ${l}`)];
  // An MCP server from npm also reads its own package, pinned at install.
  const npm = source.manifest.mcp?.npm;
  if (npm) lines.push(`  read its own npm package, ${npm.name}@${npm.version ?? "(not pinned)"}`);
  return lines;
}

/**
 * Ask for agreement unless `yes`; refuse without a terminal. Sandboxed
 * extensions at least privilege need no question: there is nothing to grant
 * (unless `alwaysAsk`: something the user agreed to before has changed).
 */
export async function askConsent(
  source: ExtensionSource,
  opts: { yes: boolean; io: ConsentIO; action: string; alwaysAsk?: boolean },
): Promise<{ ok: true; scope?: Scope } | { ok: false; reason: string }> {
  const exec = source.manifest.exec;
  let scope: Scope | undefined;
  if (exec) scope = scopeOf(source);
  // Whatever the manifest holds, the lines the user agrees to read exactly as printed.
  for (const line of consentSummary(source, scope)) opts.io.print(safeText(line));
  const mustAsk = opts.alwaysAsk ||
    (exec !== undefined && exec !== "" && (!scope || needsGrant(scope)));
  if (!mustAsk || opts.yes) return { ok: true, scope };
  if (!opts.io.interactive()) {
    return {
      ok: false,
      reason:
        `stdin is not a terminal, so nobody could agree (review the permissions above and pass --yes)`,
    };
  }
  const agreed = await opts.io.ask(
    safeText(`${opts.action} "${source.manifest.name}" with these permissions?`),
  );
  return agreed ? { ok: true, scope } : { ok: false, reason: "you declined" };
}

/**
 * The `confirm` hook of `zot ext install`: ask, and once the extension is in
 * place record its identity (every kind: what it is, how it runs, the scope
 * agreed to), so a later update that changes any of it does not start unasked.
 * A refusal stores nothing.
 */
export function installConsent(
  paths: ZotPaths,
  io: ConsentIO = terminalConsentIO,
): (
  staged: ExtensionSource,
  info: { destination: string; yes: boolean },
) => Promise<ConfirmResult> {
  return async (staged, info) => {
    const answer = await askConsent(staged, { yes: info.yes, io, action: "Install" });
    if (!answer.ok) return answer;
    const sha256 = await manifestSha256(staged.manifestPath);
    const exec = staged.manifest.exec ?? "";
    const identity: NewRecord = {
      name: staged.manifest.name,
      exec,
      kind: launchKind(exec, staged.manifest.scope !== undefined),
      scope: answer.scope,
      manifestSha256: sha256,
      via: "install",
    };
    return { ok: true, commit: (dir) => saveRecord(paths.grants, dir, identity) };
  };
}
