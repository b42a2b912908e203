/**
 * Wires the interactive mode together: screen, run controller, agent event
 * view, panels, dialogs, the HostUi, slash commands and keys. `run()`
 * resolves with the exit code when the user leaves.
 *
 * @module
 */

import type { Terminal } from "@mariozechner/pi-tui";
import { loadMarkdown, SlashAutocomplete } from "../../tui/mod.ts";
import type { InteractiveSetup } from "../common/setup.ts";
import { errorMessage } from "../../errors.ts";
import { beforeExit } from "../../exit.ts";
import { stderrLine } from "../common/output.ts";
import { lineSink } from "../common/diagnostics.ts";
import { discoverSources } from "../common/extensions.ts";
import { Controller } from "./controller.ts";
import { EventView } from "./render_events.ts";
import { replayMessages } from "./replay.ts";
import { PanelHost } from "./panel.ts";
import { Screen } from "./screen.ts";
import { StatusLine } from "./status.ts";
import { Dialogs } from "./dialogs.ts";
import { DialogConfirmer } from "./confirm.ts";
import { ThemeStore } from "./themes.ts";
import { TuiHostUi } from "./host_ui.ts";
import { globalKeys } from "./keys.ts";
import {
  builtinEntries,
  builtinLoading,
  BUILTINS,
  dispatchSlash,
  runExtensionCommand,
} from "./commands/registry.ts";
import { setYolo } from "./commands/yolo.ts";
import { stoppedDiagnostic, StoppedExtensions } from "./stopped_extensions.ts";
import { showDiagnostics } from "./warnings.ts";
import type { CommandContext } from "./commands/types.ts";

export interface AppOptions {
  /** Colours on (default true). */
  color?: boolean;
  /** Resolves with an exit code when zot must leave (a signal): like /exit. */
  stop?: Promise<number>;
}

function shortCwd(cwd: string): string {
  const home = Deno.env.get("HOME");
  return home && cwd.startsWith(home) ? "~" + cwd.slice(home.length) : cwd;
}

export class App {
  readonly screen: Screen;
  readonly controller: Controller;
  readonly status: StatusLine;
  readonly panel: PanelHost;
  readonly ctx: CommandContext;
  #setup: InteractiveSetup;
  #autocomplete: SlashAutocomplete;
  #exit = Promise.withResolvers<number>();
  #started = Promise.withResolvers<void>();
  /** Submitted lines not handled yet: they wait while a built-in's code loads. */
  #lines: string[] = [];
  #waiting = false;

  /** Resolves once the screen is drawn and takes keys, and the markdown renderer has loaded. */
  get started(): Promise<void> {
    return this.#started.promise;
  }

  constructor(setup: InteractiveSetup, terminal: Terminal, options: AppOptions = {}) {
    this.#setup = setup;
    options.stop?.then((code) => this.#exit.resolve(code));
    const { agent } = setup;
    this.screen = new Screen(terminal, {
      model: `${setup.providerId}/${agent.model}`,
      cwd: shortCwd(agent.cwd),
      costUsd: 0,
      jailed: setup.jail.root !== undefined,
      sandboxed: setup.bashSandbox.enabled,
      yolo: setup.flags.yolo,
      activity: "",
      queued: 0,
    }, options);
    this.controller = new Controller(agent, this.screen);
    this.status = new StatusLine(this.screen);
    this.panel = new PanelHost(this.screen, () => setup.host);
    const dialogs = new Dialogs(this.screen);
    const confirmer = new DialogConfirmer((spec, signal) => dialogs.choose(spec, signal));
    setup.setConfirmer(confirmer);
    const themes = new ThemeStore({
      themesDir: setup.paths.themes,
      configPath: setup.paths.config,
      // Discovery, not the host: theme-only bundles are never started.
      extensions: async () => {
        const { paths, flags } = setup;
        const sources = await discoverSources(paths, flags.ext, flags.noExt, () => {});
        return sources.flatMap((s) =>
          s.themePath ? [{ name: s.manifest.name, themePath: s.themePath }] : []
        );
      },
    });
    this.ctx = {
      setup,
      screen: this.screen,
      controller: this.controller,
      panel: this.panel,
      status: this.status,
      themes,
      confirmer,
      choose: (spec) => dialogs.choose(spec),
      askSecret: (spec) => dialogs.secret(spec),
      exit: () => this.#exit.resolve(0),
      builtins: () => BUILTINS,
      warn: (d) => {
        showDiagnostics(this.screen, [d]);
        this.screen.render();
      },
    };
    setup.setWarn(this.ctx.warn);
    // A crash shows as a note after the turn it happened in, not only as tool errors.
    const stopped = new StoppedExtensions();
    this.controller.onIdle = () => {
      // How it ended is known a moment after its output ended: the note waits to say it.
      void (setup.host?.closesRecorded() ?? Promise.resolve()).then(() => {
        const gone = stopped.newlyStopped(setup.host?.status() ?? []);
        if (gone.length === 0) return;
        showDiagnostics(this.screen, gone.map(stoppedDiagnostic));
        this.screen.render();
      });
    };
    // "yes, always" is yolo mode: the status line says so and /yolo undoes it.
    confirmer.onAlways = () => setYolo(this.ctx, true);
    const view = new EventView(this.screen, () => agent.model);
    agent.subscribe((event) => view.handle(event));
    const editor = this.screen.editor;
    // Read each time: a `/reload-ext` may start the host after start-up.
    this.#autocomplete = new SlashAutocomplete(
      builtinEntries,
      () => setup.host?.commands() ?? [],
      agent.cwd,
    );
    editor.setAutocompleteProvider(this.#autocomplete);
    editor.onSubmit = (text) => this.submit(text);
    this.screen.tui.addInputListener(globalKeys({
      screen: this.screen,
      controller: this.controller,
      status: this.status,
      focusPanel: () => this.panel.focus(),
      exit: () => this.#exit.resolve(0),
    }));
    setup.ui.attach(
      new TuiHostUi(this.screen, {
        panel: this.panel,
        controller: this.controller,
        // Straight to the extension command runner: extension frames never
        // go through dispatchSlash, which is where the built-ins live.
        command: (name, args, ranBy) => void runExtensionCommand(this.ctx, name, args, ranBy),
      }),
    );
  }

  /** A line from the editor: a slash command or a prompt. */
  submit(raw: string): void {
    // Enter on the menu's divider: the editor submitted anyway; give the line back.
    if (this.#autocomplete.choseDivider()) {
      this.screen.editor.setText(raw);
      return;
    }
    const text = raw.trim();
    if (text === "") return;
    this.screen.editor.addToHistory(text);
    this.#lines.push(text);
    if (!this.#waiting) this.#handleLines();
  }

  /**
   * Handles the submitted lines in the order typed. A built-in's code loads
   * at its first run: the lines after it wait for that, so `/clear` then a
   * prompt still clears first. Once loaded, a line is handled at once.
   */
  #handleLines(): void {
    for (let text = this.#lines.shift(); text !== undefined; text = this.#lines.shift()) {
      const line = text;
      const loading = line.startsWith("/") ? builtinLoading(line) : undefined;
      if (loading) {
        this.#waiting = true;
        // Loaded or not, it runs then (a failed load shows on the status line).
        void loading.then(() => {
          this.#waiting = false;
          this.#handle(line);
          this.#handleLines();
        });
        return;
      }
      this.#handle(line);
    }
  }

  #handle(text: string): void {
    if (text.startsWith("/")) void dispatchSlash(this.ctx, text);
    else this.controller.promptTyped(text);
  }

  /**
   * The first frame of a new conversation shows no markdown: the renderer
   * loads once that frame is out, and whatever streamed in meanwhile (shown
   * unformatted) is drawn again with it.
   */
  async #afterFirstFrame(drawn: Promise<void>): Promise<void> {
    await drawn;
    await loadMarkdown().then(() => {
      this.screen.tui.invalidate();
      this.screen.render();
    }, (e) => {
      const why = errorMessage(e);
      this.status.show(
        `cannot load the markdown renderer: ${why} (answers show unformatted)`,
        "error",
        8000,
      );
    });
    this.#started.resolve();
  }

  async run(): Promise<number> {
    const { screen, ctx } = this;
    screen.setTheme(await ctx.themes.saved().catch(() => screen.theme));
    // A resumed conversation is drawn with markdown from its first frame.
    if (this.#setup.agent.messages.length > 0) await loadMarkdown().catch(() => {});
    replayMessages(screen, this.#setup.agent.messages);
    // Extension load errors stay in the chat (`✖`); the rest become notes.
    showDiagnostics(screen, this.#setup.startupWarnings);
    // `zot "text"` opens with the prompt filled in, for the user to edit or send.
    if (this.#setup.initialPrompt) screen.editor.setText(this.#setup.initialPrompt);
    screen.tui.start();
    // An exit at once (a second signal, a crash) skips the `finally` below: the terminal still
    // comes back.
    using _restore = beforeExit(() => screen.tui.stop());
    try {
      const drawn = screen.tui.nextFrame();
      screen.render();
      void this.#afterFirstFrame(drawn);
      const code = await this.#exit.promise;
      this.controller.abort();
      this.panel.dismiss();
      await this.controller.idle();
      return code;
    } finally {
      // Whatever happened, the user gets their terminal back.
      this.status[Symbol.dispose]();
      screen.tui.stop();
      this.#setup.setWarn(lineSink(stderrLine));
    }
  }
}
