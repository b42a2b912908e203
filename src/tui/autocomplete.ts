/**
 * `/` autocomplete for the editor: built-in commands first (in their own
 * order), then a divider, then extension commands sorted by name (any case).
 * Matching is case-insensitive (prefix matches before substring matches);
 * an extension command spelled like a built-in or one of its aliases is
 * hidden, since the built-in wins. Anything else (file paths) goes to
 * pi-tui's provider.
 *
 * The divider never starts selected: it is left out when no built-in is
 * listed above it, and item values carry the `/` so the editor preselects
 * the first command the typed text begins with. Enter on it (reached with
 * the arrows) does nothing: {@linkcode SlashAutocomplete.choseDivider} tells
 * the submit handler to keep the line. A menu computed for other text than
 * the line now holds (keys typed faster than it updates) completes nothing,
 * so Enter sends what was typed.
 *
 * @module
 */

import type {
  AutocompleteItem,
  AutocompleteProvider,
  AutocompleteSuggestions,
} from "@mariozechner/pi-tui";
import { CombinedAutocompleteProvider } from "./pi.ts";
import { sanitize } from "./ansi.ts";

export interface CommandEntry {
  name: string;
  description: string;
  /** Other names that run the same command, never listed (`quit` for `exit`). */
  aliases?: readonly string[];
}

/** Every name the built-ins answer to, lower case (dispatch matches any case). */
export function builtinNames(builtins: readonly CommandEntry[]): Set<string> {
  return new Set(
    builtins.flatMap((b) => [b.name, ...(b.aliases ?? [])]).map((n) => n.toLowerCase()),
  );
}

/**
 * Extension commands as the menu and `/help` list them: without those a
 * built-in shadows (name or alias, any case, the built-in runs), by name
 * ignoring case (`/alpha /Beta /zeta`; the sort is stable on ties).
 */
export function listedExtensionCommands<T extends CommandEntry>(
  builtins: readonly CommandEntry[],
  extensions: readonly T[],
): T[] {
  const taken = builtinNames(builtins);
  return extensions
    .filter((e) => !taken.has(e.name.toLowerCase()))
    .sort((a, b) => {
      const x = a.name.toLowerCase();
      const y = b.name.toLowerCase();
      return x < y ? -1 : x > y ? 1 : 0;
    });
}

/** The divider's value: choosing it changes nothing (no typed text starts with it). */
export const DIVIDER_VALUE = "";
export const DIVIDER_LABEL = "── extensions ──";

function matching(entries: readonly CommandEntry[], query: string): CommandEntry[] {
  const q = query.toLowerCase();
  const prefix = entries.filter((e) => e.name.toLowerCase().startsWith(q));
  const inner = entries.filter((e) =>
    !e.name.toLowerCase().startsWith(q) && e.name.toLowerCase().includes(q)
  );
  return [...prefix, ...inner];
}

/** The slash menu for `query` (the text after `/`). */
export function slashSuggestions(
  builtins: readonly CommandEntry[],
  extensions: readonly CommandEntry[],
  query: string,
): AutocompleteItem[] {
  const own = listedExtensionCommands(builtins, extensions);
  const item = (e: CommandEntry): AutocompleteItem => ({
    // With the slash, as typed: the editor preselects the first value the line starts with.
    value: `/${e.name}`,
    label: `/${e.name}`,
    // An extension's description, drawn by pi-tui as given: made safe, on one line.
    ...(e.description ? { description: sanitize(e.description).replaceAll("\n", " ") } : {}),
  });
  const items = matching(builtins, query).map(item);
  const ext = matching(own, query).map(item);
  // Only between two parts: as the first row it would start selected.
  if (items.length > 0 && ext.length > 0) {
    items.push({ value: DIVIDER_VALUE, label: DIVIDER_LABEL });
  }
  items.push(...ext);
  return items;
}

export class SlashAutocomplete implements AutocompleteProvider {
  #builtins: () => readonly CommandEntry[];
  #extensions: () => readonly CommandEntry[];
  #files: CombinedAutocompleteProvider;
  #choseDivider = false;
  /** Rows of the slash menus this provider made (the file provider's rows are not ours). */
  #slashRows = new WeakSet<AutocompleteItem>();

  constructor(
    builtins: () => readonly CommandEntry[],
    extensions: () => readonly CommandEntry[],
    cwd: string,
  ) {
    this.#builtins = builtins;
    this.#extensions = extensions;
    this.#files = new CombinedAutocompleteProvider([], cwd);
  }

  getSuggestions(
    lines: string[],
    cursorLine: number,
    cursorCol: number,
    options: { signal: AbortSignal; force?: boolean },
  ): Promise<AutocompleteSuggestions | null> {
    const before = (lines[cursorLine] ?? "").slice(0, cursorCol);
    if (cursorLine === 0 && before.startsWith("/") && !before.includes(" ") && !options.force) {
      const items = slashSuggestions(this.#builtins(), this.#extensions(), before.slice(1));
      for (const item of items) this.#slashRows.add(item);
      return Promise.resolve(items.length === 0 ? null : { items, prefix: before });
    }
    return this.#files.getSuggestions(lines, cursorLine, cursorCol, options);
  }

  /**
   * Whether the completion just applied (this same key) was the divider:
   * the editor submits right after, and the submit handler keeps the line.
   */
  choseDivider(): boolean {
    return this.#choseDivider;
  }

  applyCompletion(
    lines: string[],
    cursorLine: number,
    cursorCol: number,
    item: AutocompleteItem,
    prefix: string,
  ): { lines: string[]; cursorLine: number; cursorCol: number } {
    if (!this.#slashRows.has(item)) {
      return this.#files.applyCompletion(lines, cursorLine, cursorCol, item, prefix);
    }
    const line = lines[cursorLine] ?? "";
    // A menu for other text (stale) or the divider: the line stays as typed.
    if (cursorLine !== 0 || line.slice(0, cursorCol) !== prefix) {
      return { lines, cursorLine, cursorCol };
    }
    if (item.value === DIVIDER_VALUE) {
      this.#choseDivider = true;
      // One key only: Enter submits synchronously; a Tab on the divider leaves no trace.
      queueMicrotask(() => this.#choseDivider = false);
      return { lines, cursorLine, cursorCol };
    }
    const completed = [`${item.value} ${line.slice(cursorCol)}`, ...lines.slice(1)];
    return { lines: completed, cursorLine, cursorCol: item.value.length + 1 };
  }

  shouldTriggerFileCompletion(lines: string[], cursorLine: number, cursorCol: number): boolean {
    return this.#files.shouldTriggerFileCompletion(lines, cursorLine, cursorCol);
  }
}
