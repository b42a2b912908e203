/**
 * The folders skill discovery searches, in precedence order (see
 * src/skills/discovery.ts for why the home ones are opt-in). Apart from
 * discovery so a run can check whether any of them exists without loading
 * the discovery code: most projects have none, and then the skills are
 * zot's built-in ones alone.
 *
 * @module
 */

import { join } from "../path.ts";
import type { SkillSource } from "./types.ts";

export interface SkillRoot {
  dir: string;
  source: SkillSource;
}

export interface SkillRootOptions {
  /** Project directory. */
  cwd: string;
  /** `$ZOT_HOME`. */
  zotHome: string;
  /** The user's home directory (for `~/.claude` and `~/.agents`). */
  home?: string;
  /** `--with-skills`: also `$ZOT_HOME/skills` and the home directories. */
  includeHome: boolean;
}

export function skillRoots(options: SkillRootOptions): SkillRoot[] {
  const { cwd, zotHome, home, includeHome } = options;
  const list: (SkillRoot | false)[] = [
    { dir: join(cwd, ".zot", "skills"), source: "project" },
    includeHome && { dir: join(zotHome, "skills"), source: "zot-home" },
    { dir: join(cwd, ".claude", "skills"), source: "project" },
    includeHome && home !== undefined && { dir: join(home, ".claude", "skills"), source: "user" },
    { dir: join(cwd, ".agents", "skills"), source: "project" },
    includeHome && home !== undefined && { dir: join(home, ".agents", "skills"), source: "user" },
  ];
  return list.filter((r): r is SkillRoot => r !== false);
}
