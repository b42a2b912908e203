/**
 * What `zot trust` shows before it asks: each extension of the project that
 * trusting lets run, how it runs and what it may do (a sandboxed one its
 * scope in words, a plain one that it has your full privileges), what
 * changed since the last trust, and those that will not run.
 *
 * @module
 */

import { basename, join } from "../path.ts";
import { scanRoot } from "../extensions/discovery.ts";
import { describeSet, type PinnedSet, type Unpinnable } from "../extensions/trust.ts";
import { sandboxScope } from "../extensions/types.ts";
import { describeScope } from "../sandbox/describe.ts";

/** The words for a plain program: it is not confined at all. */
export const FULL_PRIVILEGES =
  "it can do anything you can: read and change your files and keys, use the network, run commands";

/** The lines to show for `set` (pinned from `project`), `previous` being the last trusted set. */
export async function trustReview(
  project: string,
  set: PinnedSet,
  previous: PinnedSet | undefined,
  unpinnable: readonly Unpinnable[],
): Promise<string[]> {
  const sources = new Map(
    (await scanRoot(join(project, ".zot", "extensions"), "project"))
      .flatMap((c) => c.ok ? [[basename(c.dir), c.source] as const] : []),
  );
  const lines: string[] = [];
  for (const dir of Object.keys(set).sort()) {
    const pin = set[dir];
    const before = previous === undefined
      ? undefined
      : previous[dir] === undefined
      ? {}
      : { [dir]: previous[dir] };
    lines.push(...describeSet({ [dir]: pin }, before));
    const source = sources.get(dir);
    if (pin.kind === "plain") lines.push(`    ${FULL_PRIVILEGES}`);
    if (pin.kind === "sandboxed" && source) {
      lines.push(...describeScope(sandboxScope(source)).map((l) => `    ${l}`));
    }
  }
  // Those gone since the last trust.
  lines.push(...describeSet({}, previous));
  for (const u of unpinnable) {
    lines.push(`  "${u.name}" (${u.dir}): will NOT run: zot cannot pin it: ${u.problem}`);
  }
  return lines;
}
