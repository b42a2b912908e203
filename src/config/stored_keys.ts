/**
 * Every key stored in `$ZOT_HOME/auth.json`, whatever the provider entry it sits under: what
 * the sandboxed `bash` tool keeps out of a command's environment by value, so a copy of zot's
 * key under a name no filter guesses (`CLAUDE=sk-ant-...`) still stays out.
 *
 * @module
 */

import { readAuth } from "./auth.ts";
import { join } from "../path.ts";

/** The keys in `auth.json` under `zotHome`; none when it is missing or unreadable. */
export async function storedKeys(zotHome: string): Promise<string[]> {
  const { value } = await readAuth(join(zotHome, "auth.json"));
  const keys: string[] = [];
  for (const entry of Object.values(value)) {
    // The two shapes auth.ts reads: a bare string, or `{ "key": "..." }`.
    const key = typeof entry === "string"
      ? entry
      : typeof entry === "object" && entry !== null
      ? Reflect.get(entry, "key")
      : undefined;
    if (typeof key === "string" && key.trim() !== "") keys.push(key.trim());
  }
  return keys;
}
