/**
 * `zot ext new <name> [--lang ts|python|shell] [--dir <parent>]`: scaffold a
 * working extension (see src/scaffold).
 *
 * @module
 */

import type { Command } from "commander";
import { UsageError, ZotError } from "../../errors.ts";
import { type Lang, LANGS, scaffold, scaffoldNameProblem } from "../../scaffold/mod.ts";
import type { ExtCliContext } from "./context.ts";

const LANG_NAMES: Record<Lang, string> = { ts: "TypeScript", python: "Python", shell: "sh + jq" };

/** Other spellings people type for the same scaffolds. */
const LANG_ALIASES: Record<string, Lang> = {
  typescript: "ts",
  py: "python",
  python3: "python",
  sh: "shell",
  bash: "shell",
};

function isLang(v: string): v is Lang {
  return LANGS.some((l) => l === v);
}

export function addNewCommand(ext: Command, _ctx: ExtCliContext): void {
  ext.command("new")
    .description("create a new extension that runs at once (TypeScript, Python or shell)")
    .argument("<name>", "extension name (letters, digits, - and _)")
    .option("-l, --lang <lang>", `language: ${LANGS.join(", ")}`, "ts")
    .option("-d, --dir <parent>", "directory to create it in", ".")
    .action(async (name: string, options: { lang: string; dir: string }) => {
      const lang = LANG_ALIASES[options.lang] ?? options.lang;
      if (!isLang(lang)) {
        throw new UsageError(
          `unknown language "${options.lang}" (use one of: ${LANGS.join(", ")})`,
        );
      }
      const bad = scaffoldNameProblem(name);
      if (bad) throw new UsageError(bad);
      const result = await scaffold(name, lang, options.dir);
      if (!result.ok) throw new ZotError("ext-new", result.error);
      const shown = options.dir === "." ? `./${name}` : result.dir;
      console.log(`created ${shown} (${LANG_NAMES[lang]}, ${result.files.length} files)`);
      console.log(`  try it:   zot --ext ${shown}   then type /${name}`);
      console.log(`  install:  zot ext install ${shown}`);
    });
}
