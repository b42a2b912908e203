/**
 * `/model`, `/theme`, `/jail`, `/unjail`, `/yolo`: switches that last for
 * the session (the model and theme choices are also saved).
 *
 * @module
 */

import { rememberModel } from "../../../config/settings.ts";
import { loadCredentials } from "../../../config/credentials.ts";
import { listModels } from "../../../providers/list_models.ts";
import { resolveModelAlias } from "../../../providers/models.ts";
import { errorMessage } from "../../../errors.ts";
import { JAIL_LIMITS } from "../../../tools/bash_jail.ts";
import type { BuiltinCommand, CommandContext } from "./types.ts";
import { setYolo } from "./yolo.ts";

function setModel(ctx: CommandContext, model: string): void {
  const { agent, paths, providerId } = ctx.setup;
  agent.setModel(model);
  ctx.screen.status.setInfo({ model: `${providerId}/${model}` });
  ctx.status.show(`model: ${model}`, "success", 5000);
  rememberModel(paths.config, providerId, model).catch((e) =>
    ctx.status.show(`Cannot save the model choice: ${errorMessage(e)}`, "error", 5000)
  );
}

/**
 * The models to pick from: an OpenAI-compatible server behind `--base-url`
 * (Ollama, vLLM, …) is asked for its own, as `--list-models` does; the
 * known table otherwise. The model in use is always listed.
 */
async function modelIds(ctx: CommandContext): Promise<{ id: string; contextWindow: number }[]> {
  const { agent, flags, paths, providerId } = ctx.setup;
  let apiKey: string | undefined;
  const asks = providerId === "openai" && flags.baseUrl !== undefined;
  if (asks) {
    ctx.status.show(`asking ${flags.baseUrl} for its models…`);
    const creds = await loadCredentials(flags, paths, (name) => Deno.env.get(name));
    apiKey = creds.result.ok ? creds.result.value.apiKey : undefined;
  }
  const listed = await listModels({ provider: providerId, baseUrl: flags.baseUrl, apiKey });
  if (listed.diagnostics.length > 0) ctx.status.show(listed.diagnostics.join("; "), "info", 8000);
  else if (asks) ctx.status.clear();
  const models = listed.models;
  return models.some((m) => m.id === agent.model)
    ? models
    : [{ id: agent.model, contextWindow: 0 }, ...models];
}

export const model: BuiltinCommand = {
  name: "model",
  description: "switch the model (/model <id|opus|sonnet|haiku> or pick from a list)",
  async run(ctx, args) {
    // `/model opus` is the catalog's newest Opus, as `--model opus` is.
    const alias = ctx.setup.providerId === "anthropic" ? resolveModelAlias(args) : undefined;
    if (args) return setModel(ctx, alias ?? args);
    const { agent, providerId } = ctx.setup;
    const models = await modelIds(ctx);
    const current = models.findIndex((m) => m.id === agent.model);
    const choice = await ctx.choose({
      title: `Model (${providerId})`,
      choices: models.map((m) => ({
        value: m.id,
        label: m.id,
        // 0: a model the table does not know (the server's own, a custom id).
        ...(m.contextWindow > 0
          ? { description: `${Math.round(m.contextWindow / 1000)}k context` }
          : {}),
      })),
      selected: Math.max(0, current),
    });
    if (choice && choice !== agent.model) setModel(ctx, choice);
  },
};

export const theme: BuiltinCommand = {
  name: "theme",
  description: "pick a colour theme",
  async run(ctx) {
    const entries = await ctx.themes.list();
    const current = entries.findIndex((e) => e.theme.name === ctx.screen.theme.name);
    const choice = await ctx.choose({
      title: "Colour theme",
      choices: entries.map((e, i) => ({
        value: String(i),
        label: e.theme.name,
        // A built-in says what it is for; the others say where they come from.
        description: e.origin === "built-in" && e.theme.description
          ? `built-in: ${e.theme.description}`
          : e.origin,
      })),
      selected: Math.max(0, current),
    });
    if (choice === undefined) return;
    const picked = entries[Number(choice)];
    ctx.screen.setTheme(picked.theme);
    try {
      await ctx.themes.save(picked.theme.name);
      ctx.status.show(`theme: ${picked.theme.name}`, "success", 5000);
    } catch (e) {
      ctx.status.show(`Cannot save the theme choice: ${errorMessage(e)}`, "error", 5000);
    }
  },
};

export const jail: BuiltinCommand = {
  name: "jail",
  description: "keep file tools inside the working directory (bash only path-scanned)",
  run(ctx) {
    ctx.setup.jail.root = ctx.setup.agent.cwd;
    ctx.screen.status.setInfo({ jailed: true });
    ctx.status.show(`jailed to ${ctx.setup.agent.cwd}`, "success", 5000);
    // Said where it is switched on: the bash scan is easy to mistake for a sandbox.
    ctx.screen.transcript.addInfo([`Jailed to ${ctx.setup.agent.cwd}.`, ...JAIL_LIMITS].join("\n"));
  },
};

export const unjail: BuiltinCommand = {
  name: "unjail",
  description: "let tools reach paths outside the working directory",
  run(ctx) {
    ctx.setup.jail.root = undefined;
    ctx.screen.status.setInfo({ jailed: false });
    ctx.status.show("unjailed", "info", 5000);
  },
};

export const yolo: BuiltinCommand = {
  name: "yolo",
  description: "toggle confirmation before each tool call",
  run(ctx) {
    setYolo(ctx, !ctx.screen.status.info.yolo);
  },
};
