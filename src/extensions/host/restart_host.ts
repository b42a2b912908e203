/**
 * The host's side of supervised restart (restart.ts): how a record's source
 * is started again, how the new record takes the old one's load-order place,
 * and where the messages go.
 *
 * @module
 */

import type { HostCore } from "./core.ts";
import type { EventBus } from "./events.ts";
import { spawnEach } from "./load.ts";
import type { ExtensionHostOptions } from "./options.ts";
import { type ExtensionRecord, newRecord } from "./record.ts";
import { waitForReady } from "./ready.ts";
import { type RestartHost, Supervisor } from "./restart.ts";

export interface RestartParts {
  core: Pick<HostCore, "records" | "diagnostics" | "ui" | "callToolBudget">;
  options: ExtensionHostOptions;
  /** Load-order positions: a restarted record takes the old one's. */
  order: WeakMap<ExtensionRecord, number>;
  events: Pick<EventBus, "greet">;
  /** The host's frame routing and close handling for a record. */
  listen(record: ExtensionRecord): void;
}

/** The host's supervisor. */
export function newSupervisor(parts: RestartParts): Supervisor {
  return new Supervisor(restartHost(parts), parts.options.restartPolicy);
}

function restartHost(parts: RestartParts): RestartHost {
  const { core, options } = parts;
  return {
    async spawn(old) {
      // The same gate as the first start: a project's extension runs only as `zot trust`
      // pinned it. Code that changed on disk since (a pull, an edit) is not restarted.
      if (old.source.kind === "project") {
        const { checkPinned } = await import("../trust.ts");
        const pinned = await checkPinned(options.paths.trust, options.paths.cwd, [old.source]);
        if (pinned.held.length > 0) return { ok: false, error: pinned.held[0].message };
      }
      const spawnOptions = { paths: options.paths, identity: options.identity };
      const [outcome] = await Promise.all(spawnEach(options.spawn, [old.source], spawnOptions));
      if (!outcome.ok) return { ok: false, error: outcome.error };
      if (!outcome.channel) return { ok: false, error: "nothing to start" };
      const record = newRecord(outcome.source, outcome.channel, outcome.notes, core.callToolBudget);
      return { ok: true, record };
    },
    attach: (fresh) => parts.listen(fresh),
    ready: (fresh) => waitForReady([fresh], core.diagnostics),
    replace(old, fresh) {
      const at = core.records.indexOf(old);
      if (at === -1) return false;
      core.records[at] = fresh;
      parts.order.set(fresh, parts.order.get(old) ?? at);
      return true;
    },
    joined(fresh) {
      if (fresh.events.has("session_start") && fresh.channel) parts.events.greet(fresh.channel);
      options.onLateJoin?.({ name: fresh.name });
    },
    warn(diagnostic) {
      core.diagnostics.add(diagnostic);
      core.ui.warn(diagnostic);
    },
    async logTail(record) {
      const path = record.channel?.logPath;
      if (!path) return [];
      const { lastRunStderr } = await import("../manage/logs.ts");
      return await lastRunStderr(path);
    },
  };
}
