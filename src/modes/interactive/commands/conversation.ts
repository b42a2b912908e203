/**
 * `/clear`, `/compact`, `/sessions`, `/exit`: the conversation itself.
 *
 * @module
 */

import { basename } from "../../../path.ts";
import { compact as compactTranscript } from "../../../agent/compaction.ts";
import { Session } from "../../../agent/session.ts";
import { sessionDir } from "../../../agent/session_store.ts";
import { errorMessage } from "../../../errors.ts";
import { replayMessages } from "../replay.ts";
import { sessionChoices, sessionStarted } from "../session_list.ts";
import type { BuiltinCommand } from "./types.ts";

export const clear: BuiltinCommand = {
  name: "clear",
  description: "clear the conversation, notes and load errors",
  run(ctx) {
    if (ctx.controller.running) {
      ctx.status.show("a turn is running (press esc to abort it first)", "error", 5000);
      return;
    }
    ctx.setup.agent.clear();
    ctx.screen.transcript.clear();
    ctx.screen.notes.clear();
    ctx.status.clear();
    ctx.screen.status.setInfo({ costUsd: 0, context: undefined });
  },
};

export const compact: BuiltinCommand = {
  name: "compact",
  description: "summarize older messages to free context",
  run(ctx) {
    // Queued behind a running turn it says so (the queue lists it) until it starts.
    ctx.controller.enqueue("/compact", async (agent) => {
      ctx.status.show("compacting…");
      const r = await compactTranscript(agent, "manual");
      if (r.status !== "completed") {
        ctx.status.show(`compaction ${r.status}: ${r.error ?? ""}`, "error", 5000);
      } else if (r.dropped === 0) {
        ctx.status.show("nothing to compact yet", "info", 5000);
      } else {
        ctx.screen.transcript.addInfo(`compacted ${r.dropped} messages into a summary`);
        ctx.status.show(`compacted ${r.dropped} messages`, "success", 5000);
      }
    });
  },
};

export const sessions: BuiltinCommand = {
  name: "sessions",
  description: "resume a saved session of this directory",
  async run(ctx) {
    const { agent, paths } = ctx.setup;
    let files: string[] = [];
    try {
      const dir = await sessionDir(paths.sessions, agent.cwd);
      files = [...Deno.readDirSync(dir)]
        .filter((e) => e.isFile && e.name.endsWith(".jsonl"))
        .map((e) => `${dir}/${e.name}`)
        .sort()
        .reverse();
    } catch {
      // No session directory yet.
    }
    files = files.filter((f) => f !== agent.session.path);
    if (files.length === 0) {
      ctx.status.show("no other saved sessions for this directory", "info", 5000);
      return;
    }
    const choice = await ctx.choose({
      title: "Resume which session?",
      choices: await sessionChoices(files.slice(0, 50)),
    });
    if (!choice) return;
    if (ctx.controller.running) {
      ctx.status.show("a turn is running (press esc to abort it first)", "error", 5000);
      return;
    }
    try {
      const session = await Session.open(choice);
      const old = agent.session;
      agent.switchSession(session);
      // Its lock goes with it: another run may continue it now.
      await old.close();
      ctx.screen.transcript.clear();
      replayMessages(ctx.screen, session.initialMessages);
      const started = sessionStarted(basename(choice, ".jsonl"));
      ctx.screen.transcript.addInfo(
        `resumed the session of ${started} (${session.initialMessages.length} messages)`,
      );
    } catch (e) {
      ctx.status.show(`Cannot open session "${choice}": ${errorMessage(e)}`, "error", 5000);
    }
  },
};

export const newSession: BuiltinCommand = {
  name: "new",
  description: "start a new session (the current one stays saved)",
  async run(ctx) {
    if (ctx.controller.running) {
      ctx.status.show("a turn is running (press esc to abort it first)", "error", 5000);
      return;
    }
    const { agent, flags, paths, providerId, warn } = ctx.setup;
    const session = await Session.create({
      cwd: agent.cwd,
      provider: providerId,
      model: agent.model,
      sessionsRoot: flags.noSession ? undefined : paths.sessions,
      warn,
    });
    const old = agent.session;
    agent.switchSession(session);
    await old.close();
    ctx.screen.transcript.clear();
    ctx.screen.notes.clear();
    ctx.screen.status.setInfo({ costUsd: 0, context: undefined });
    ctx.status.show("new session", "success", 5000);
  },
};

export const exit: BuiltinCommand = {
  name: "exit",
  description: "quit zot",
  aliases: ["quit"],
  run(ctx) {
    ctx.exit();
  },
};
