/**
 * What a built-in slash command can reach: the setup, the screen, the run
 * controller, dialogs and the status line.
 *
 * @module
 */

import type { InteractiveSetup } from "../../common/setup.ts";
import type { Controller } from "../controller.ts";
import type { PanelHost } from "../panel.ts";
import type { Screen } from "../screen.ts";
import type { StatusLine } from "../status.ts";
import type { DialogSpec, SecretSpec } from "../../../tui/mod.ts";
import type { ThemeStore } from "../themes.ts";
import type { DialogConfirmer } from "../confirm.ts";
import type { Diagnostic } from "../../../diagnostic.ts";

export interface CommandContext {
  setup: InteractiveSetup;
  screen: Screen;
  controller: Controller;
  panel: PanelHost;
  status: StatusLine;
  themes: ThemeStore;
  confirmer: DialogConfirmer;
  /** Shows a choice dialog; undefined when cancelled. */
  choose(spec: DialogSpec): Promise<string | undefined>;
  /** Asks for a secret that is never drawn; undefined when cancelled. */
  askSecret(spec: SecretSpec): Promise<string | undefined>;
  /** Ends the TUI. */
  exit(): void;
  /** Where the run's diagnostics go while the TUI runs (a "zot" note, or a load error). */
  warn(diagnostic: Diagnostic): void;
  /** Every built-in (for /help). */
  builtins(): readonly BuiltinCommand[];
}

export interface BuiltinCommand {
  name: string;
  description: string;
  /** Hidden names that run it too (matched like the name, any case). */
  aliases?: readonly string[];
  /** `args`: the text after the command, trimmed. */
  run(ctx: CommandContext, args: string): void | Promise<void>;
}
