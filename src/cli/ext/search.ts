/**
 * `zot ext search <words…>`: list npm packages published as zot extensions
 * (keyword `zot-extension`), with how to install each.
 *
 * @module
 */

import type { Command } from "commander";
import { safeJson } from "../../safe_text.ts";
import { type ExtCliContext, jsonFlag, writeErr, writeOut } from "./context.ts";

export function addSearchCommand(ext: Command, _ctx: ExtCliContext): void {
  ext.command("search")
    .description("find extensions published on npm (keyword zot-extension)")
    .argument("[words...]", "words to search for")
    .option("--json", "print the results as JSON")
    .action(async (words: string[], _options: unknown, cmd: Command) => {
      const [{ searchExtensions }, { npmRegistry }] = await Promise.all([
        import("../../extensions/manage/npm_search.ts"),
        import("../../extensions/manage/npm.ts"),
      ]);
      const hits = await searchExtensions(npmRegistry(), words);
      if (jsonFlag(cmd)) {
        writeOut(safeJson(hits, 2) + "\n");
        return;
      }
      if (!hits.length) {
        writeErr("no extensions found (try fewer words)");
        return;
      }
      const width = Math.min(40, Math.max(...hits.map((h) => h.name.length)));
      for (const h of hits) {
        writeOut(`${h.name.padEnd(width)}  ${h.version.padEnd(10)}  ${h.description}\n`);
      }
      writeErr('install one with "zot ext install npm:<name>"');
    });
}
