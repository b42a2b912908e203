/**
 * Where themes come from and which one is chosen: the built-in ones (dark,
 * light, high-contrast), `$ZOT_HOME/themes/*.json`, and `theme.json` /
 * `themes/theme.json` of loaded extensions (as the reference host does), in
 * that order; a name taken by an earlier one is found as the earlier one.
 * The choice is saved as `theme` in `$ZOT_HOME/config.json`; a chosen theme
 * that is gone falls back to the default (dark).
 *
 * @module
 */

import { basename, join } from "../../path.ts";
import { readJsonObject, writeJsonAtomic } from "../../config/json_file.ts";
import {
  BUILTIN_THEMES,
  builtinTheme,
  DEFAULT_THEME,
  parseThemeJson,
  type Theme,
} from "../../tui/mod.ts";

export interface ThemeEntry {
  theme: Theme;
  /** "built-in", "user" or "from extension <name>". */
  origin: string;
}

export interface ThemeSources {
  themesDir: string;
  configPath: string;
  /** Themes of extensions (theme-only bundles included): name and theme.json path. */
  extensions: () => Promise<{ name: string; themePath: string }[]>;
}

async function readTheme(path: string, name: string): Promise<Theme | undefined> {
  try {
    return parseThemeJson(await Deno.readTextFile(path), name).value;
  } catch {
    return undefined;
  }
}

export class ThemeStore {
  #sources: ThemeSources;

  constructor(sources: ThemeSources) {
    this.#sources = sources;
  }

  async list(): Promise<ThemeEntry[]> {
    const out: ThemeEntry[] = BUILTIN_THEMES.map((theme) => ({ theme, origin: "built-in" }));
    try {
      const files = [...Deno.readDirSync(this.#sources.themesDir)]
        .filter((e) => e.isFile && e.name.endsWith(".json"))
        .map((e) => e.name)
        .sort();
      for (const file of files) {
        const theme = await readTheme(join(this.#sources.themesDir, file), basename(file, ".json"));
        if (theme) out.push({ theme, origin: "user" });
      }
    } catch {
      // No themes directory: only the others.
    }
    for (const ext of await this.#sources.extensions().catch(() => [])) {
      const theme = await readTheme(ext.themePath, ext.name);
      if (theme) out.push({ theme, origin: `from extension ${ext.name}` });
    }
    return out;
  }

  /** The theme saved in config.json, if it still exists. */
  async saved(): Promise<Theme> {
    const { value } = await readJsonObject(this.#sources.configPath);
    const name = typeof value.theme === "string" ? value.theme : undefined;
    if (!name) return DEFAULT_THEME;
    // A built-in needs no reading of theme files (start-up), and answers to a former name too.
    const builtin = builtinTheme(name);
    if (builtin) return builtin;
    return (await this.list()).find((e) => e.theme.name === name)?.theme ?? DEFAULT_THEME;
  }

  /** Saves the choice, keeping every other setting. */
  async save(name: string): Promise<void> {
    const { value } = await readJsonObject(this.#sources.configPath);
    await writeJsonAtomic(this.#sources.configPath, { ...value, theme: name });
  }
}
