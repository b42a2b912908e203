/**
 * Rows for `zot ext list`: every installed extension with a valid manifest,
 * project installs first, then global, each sorted by name.
 *
 * @module
 */

import type { ZotPaths } from "../../config/paths.ts";
import { listInstalls } from "./lookup.ts";
import { safeText } from "../../safe_text.ts";
import { isSandboxedExec } from "../../sandbox/launch_kind.ts";

export interface ListRow {
  scope: "project" | "global";
  name: string;
  version: string | null;
  enabled: boolean;
  language: string | null;
  description: string | null;
  /** Runs under the Deno permission sandbox (TypeScript/JavaScript exec). */
  sandboxed: boolean;
  dir: string;
}

// TypeScript and JavaScript entry points run sandboxed; anything else has full privileges.
export { isSandboxedExec };

export async function listRows(paths: ZotPaths): Promise<ListRow[]> {
  const rows: ListRow[] = [];
  for (const install of await listInstalls(paths)) {
    if (!install.ok) continue;
    const m = install.source.manifest;
    rows.push({
      scope: install.kind,
      name: m.name,
      version: m.version ?? null,
      enabled: m.enabled,
      language: m.language ?? null,
      description: m.description ?? null,
      // A plain program with a scope runs confined by the OS sandbox: sandboxed too.
      sandboxed: isSandboxedExec(m.exec) || (!!m.exec && m.scope !== undefined),
      dir: install.dir,
    });
  }
  const rank = (r: ListRow) => (r.scope === "project" ? 0 : 1);
  return rows.sort((a, b) =>
    rank(a) - rank(b) || (a.name < b.name ? -1 : a.name > b.name ? 1 : a.dir < b.dir ? -1 : 1)
  );
}

/** Installed directories whose manifest cannot be read: the table leaves them out. */
export async function unreadableInstalls(
  paths: ZotPaths,
): Promise<{ dir: string; problem: string }[]> {
  return (await listInstalls(paths)).flatMap((i) =>
    i.ok ? [] : [{ dir: i.dir, problem: i.problem }]
  );
}

const yesNo = (b: boolean) => (b ? "yes" : "no");

/**
 * The table, one line per row plus a header, columns padded like the reference CLI. Cells come
 * from manifests and directory names: each is made safe before padding, so columns stay aligned.
 */
export function renderListTable(rows: readonly ListRow[]): string {
  const line = (raw: string[]) => {
    const cells = raw.map((c) => safeText(c));
    return `${cells[0].padEnd(12)}  ${cells[1].padEnd(20)}  ${cells[2].padEnd(10)}  ${
      cells[3].padEnd(8)
    }  ` +
      `${cells[4].padEnd(10)}  ${cells[5].padEnd(9)}  ${cells[6]}`;
  };
  const out = [line(["scope", "name", "version", "enabled", "language", "sandboxed", "dir"])];
  for (const r of rows) {
    out.push(line([
      r.scope,
      r.name,
      r.version ?? "-",
      yesNo(r.enabled),
      r.language ?? "-",
      yesNo(r.sandboxed),
      r.dir,
    ]));
  }
  return out.join("\n") + "\n";
}
