/**
 * Rows for `zot ext list`: every installed extension with a valid manifest,
 * project installs first, then global, each sorted by name.
 *
 * @module
 */

import type { ZotPaths } from "../../config/paths.ts";
import { listInstalls } from "./lookup.ts";
import { basename } from "../../path.ts";
import { describeOrigin, type InstallOrigin, readInstallRecords } from "./record.ts";
import { safeText } from "../../safe_text.ts";
import { isSandboxedExec } from "../../sandbox/launch_kind.ts";
import { type ListState, listStates, stateWords } from "./list_state.ts";

export interface ListRow {
  /** Where it is installed (not its `scope`, which is what it may do). */
  location: "project" | "global";
  name: string;
  version: string | null;
  enabled: boolean;
  language: string | null;
  description: string | null;
  /** Runs under the Deno permission sandbox (TypeScript/JavaScript exec). */
  sandboxed: boolean;
  dir: string;
  /** Where it was installed from (install record), when zot installed it. */
  source?: { text: string; origin: InstallOrigin };
  /** Whether a run here would start it (list_state.ts), and why not. */
  state: ListState;
  why: string | null;
}

// TypeScript and JavaScript entry points run sandboxed; anything else has full privileges.
export { isSandboxedExec };

export async function listRows(paths: ZotPaths): Promise<ListRow[]> {
  const rows: ListRow[] = [];
  const records = await readInstallRecords(paths);
  const installs = (await listInstalls(paths)).flatMap((i) => i.ok ? [i] : []);
  const states = await listStates(paths, installs.map((i) => i.source));
  for (const install of installs) {
    const m = install.source.manifest;
    const record = install.kind === "global" ? records.get(basename(install.dir)) : undefined;
    const state = states.get(install.source.dir) ?? { state: "ready", why: null };
    rows.push({
      location: install.kind,
      name: m.name,
      version: m.version ?? null,
      enabled: m.enabled,
      language: m.language ?? null,
      description: m.description ?? null,
      // A plain program with a scope runs confined by the OS sandbox: sandboxed too.
      sandboxed: isSandboxedExec(m.exec) || (!!m.exec && m.scope !== undefined),
      dir: install.dir,
      ...(record ? { source: { text: describeOrigin(record.origin), origin: record.origin } } : {}),
      state: state.state,
      why: state.why,
    });
  }
  const rank = (r: ListRow) => (r.location === "project" ? 0 : 1);
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
  // A source column only when zot installed something: the table is otherwise the reference's.
  const withSource = rows.some((r) => r.source);
  const dirWidth = withSource ? Math.max(3, ...rows.map((r) => safeText(r.dir).length)) : 0;
  const line = (raw: string[]) => {
    const cells = raw.map((c) => safeText(c));
    const tail = withSource ? `${cells[7].padEnd(dirWidth)}  ${cells[8]}` : cells[7];
    return `${cells[0].padEnd(12)}  ${cells[1].padEnd(20)}  ${cells[2].padEnd(10)}  ${
      cells[3].padEnd(8)
    }  ` +
      `${cells[4].padEnd(10)}  ${cells[5].padEnd(9)}  ${cells[6].padEnd(11)}  ${tail}`;
  };
  const out = [
    line([
      "location",
      "name",
      "version",
      "enabled",
      "language",
      "sandboxed",
      "state",
      "dir",
      "source",
    ]),
  ];
  for (const r of rows) {
    out.push(line([
      r.location,
      r.name,
      r.version ?? "-",
      yesNo(r.enabled),
      r.language ?? "-",
      yesNo(r.sandboxed),
      stateWords(r.state),
      r.dir,
      r.source?.text ?? "-",
    ]));
  }
  // Why the ones that would not start do not, each with its remedy, under the table.
  for (const r of rows.filter((r) => r.why !== null)) {
    out.push(`${safeText(r.name)}: ${safeText(r.why!)}`);
  }
  return out.join("\n") + "\n";
}
