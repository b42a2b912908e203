/**
 * `/reload-ext`: stop and respawn every extension (in a run that started
 * with none: start what discovery finds now), rebuild the tool registry and
 * the system prompt (`before_agent_start` runs again), then
 * show the counts for five seconds. Load errors go to the transcript in red
 * and stay until a successful reload or `/clear`; they are never sent to
 * the model.
 *
 * @module
 */

import { formatReloadStatus } from "../../extensions/host/mod.ts";
import { errorMessage } from "../../errors.ts";
import { type Diagnostic, diagnosticText, isLoadProblem } from "../../diagnostic.ts";
import type { BuiltinCommand } from "./commands/types.ts";

export const RELOAD_STATUS_MS = 5000;

export const reloadExt: BuiltinCommand = {
  name: "reload-ext",
  description: "hot-reload all extensions (re-read manifests and respawn)",
  async run(ctx) {
    const { host, flags } = ctx.setup;
    // --no-ext holds for the reload too (upstream ignores it); only --ext paths come back.
    if (!host && flags.noExt && flags.ext.length === 0) {
      ctx.status.show("extensions are off (--no-ext)", "info", RELOAD_STATUS_MS);
      return;
    }
    ctx.panel.dismiss();
    ctx.status.show("reloading extensions...");
    // Discovery problems (a broken manifest) arrive as diagnostics: they are load errors too.
    const discovered: Diagnostic[] = [];
    ctx.setup.setWarn((d) => isLoadProblem(d) ? discovered.push(d) : ctx.warn(d));
    try {
      // With no host yet, this starts whatever discovery finds now.
      const loaded = await ctx.setup.reloadExtensions();
      const report = { ...loaded, errors: [...discovered, ...loaded.errors] };
      const { transcript } = ctx.screen;
      transcript.clearLoadErrors();
      transcript.addLoadErrors(report.errors.map(diagnosticText));
      const kind = report.errors.length > 0 ? "error" : "success";
      ctx.status.show(formatReloadStatus(report), kind, RELOAD_STATUS_MS);
    } catch (e) {
      ctx.status.show(`reload failed: ${errorMessage(e)}`, "error", RELOAD_STATUS_MS);
    } finally {
      ctx.setup.setWarn(ctx.warn);
    }
  },
};
