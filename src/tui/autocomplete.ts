/**
 * `/` autocomplete for the editor: built-in commands first (in their own
 * order), then a divider, then extension commands sorted by name (any case).
 * Matching is case-insensitive (prefix matches before substring matches);
 * an extension command spelled like a built-in or one of its aliases is
 * hidden, since the built-in wins. Anything else (file paths) goes to
 * pi-tui's provider.
 *
 * @module
 */

import {
  type AutocompleteItem,
  type AutocompleteProvider,
  type AutocompleteSuggestions,
  CombinedAutocompleteProvider,
} from "@mariozechner/pi-tui";

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

/** The divider's value: choosing it changes nothing. */
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
    value: e.name,
    label: `/${e.name}`,
    ...(e.description ? { description: e.description } : {}),
  });
  const items = matching(builtins, query).map(item);
  const ext = matching(own, query).map(item);
  if (ext.length > 0) {
    items.push({ value: DIVIDER_VALUE, label: DIVIDER_LABEL }, ...ext);
  }
  return items;
}

export class SlashAutocomplete implements AutocompleteProvider {
  #builtins: () => readonly CommandEntry[];
  #extensions: () => readonly CommandEntry[];
  #files: CombinedAutocompleteProvider;

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
      return Promise.resolve(items.length === 0 ? null : { items, prefix: before });
    }
    return this.#files.getSuggestions(lines, cursorLine, cursorCol, options);
  }

  applyCompletion(
    lines: string[],
    cursorLine: number,
    cursorCol: number,
    item: AutocompleteItem,
    prefix: string,
  ): { lines: string[]; cursorLine: number; cursorCol: number } {
    if (prefix.startsWith("/") && item.value === DIVIDER_VALUE) {
      return { lines, cursorLine, cursorCol };
    }
    return this.#files.applyCompletion(lines, cursorLine, cursorCol, item, prefix);
  }

  shouldTriggerFileCompletion(lines: string[], cursorLine: number, cursorCol: number): boolean {
    return this.#files.shouldTriggerFileCompletion(lines, cursorLine, cursorCol);
  }
}
