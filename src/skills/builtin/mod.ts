/**
 * zot's own skills, available unless skills are disabled.
 *
 * @module
 */

import type { Skill } from "../types.ts";
import { ZOT_EXTENSION_SKILL } from "./zot_extension.ts";

export const BUILTIN_SKILLS: readonly Skill[] = [ZOT_EXTENSION_SKILL];
