/**
 * docs/themes.md describes the themes and the theme file format as the code
 * has them: every built-in theme, colour role and syntax key is named there.
 */

import { fileURLToPath } from "node:url";
import { assert } from "../helpers/assert.ts";
import { BUILTIN_THEMES, COLOR_ROLES, SYNTAX_KEYS } from "../../src/tui/mod.ts";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

Deno.test("docs: themes.md names every built-in theme, colour role and syntax key", async () => {
  const doc = await Deno.readTextFile(`${ROOT}docs/themes.md`);
  const names = [
    ...BUILTIN_THEMES.map((t) => t.name),
    ...COLOR_ROLES,
    ...Object.keys(SYNTAX_KEYS),
    "spinner_frames",
    "spinner_interval_ms",
  ];
  const missing = names.filter((n) => !doc.includes(`\`${n}\``));
  assert(missing.length === 0, `docs/themes.md does not mention ${missing.join(", ")}`);
  assert(BUILTIN_THEMES.length >= 3, "dark, light and high contrast at least");
});
