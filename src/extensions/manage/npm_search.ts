/**
 * `zot ext search <words>`: npm packages that carry the keyword
 * `zot-extension`, through the registry's search API.
 *
 * @module
 */

import { errorMessage, ZotError } from "../../errors.ts";

export const EXTENSION_KEYWORD = "zot-extension";

export interface SearchHit {
  name: string;
  version: string;
  description: string;
}

/** Search `registry` for extensions matching `words` (at most `size`). */
export async function searchExtensions(
  registry: string,
  words: string[],
  size = 20,
): Promise<SearchHit[]> {
  const text = [`keywords:${EXTENSION_KEYWORD}`, ...words].join(" ");
  const url = `${registry}/-/v1/search?text=${encodeURIComponent(text)}&size=${size}`;
  let doc: unknown;
  try {
    const res = await fetch(url, { headers: { accept: "application/json" } });
    if (!res.ok) {
      await res.body?.cancel();
      throw new Error(`HTTP ${res.status}`);
    }
    doc = await res.json();
  } catch (e) {
    throw new ZotError("npm", `Cannot search ${registry}: ${errorMessage(e)} (check your network)`);
  }
  const objects = (doc as { objects?: unknown })?.objects;
  if (!Array.isArray(objects)) return [];
  const hits: SearchHit[] = [];
  for (const o of objects) {
    const p = (o as { package?: Record<string, unknown> })?.package;
    if (!p || typeof p.name !== "string") continue;
    // The registry matches loosely; only packages really carrying the keyword are extensions.
    const keywords = Array.isArray(p.keywords) ? p.keywords : [];
    if (!keywords.includes(EXTENSION_KEYWORD)) continue;
    hits.push({
      name: p.name,
      version: typeof p.version === "string" ? p.version : "",
      description: typeof p.description === "string" ? p.description : "",
    });
  }
  return hits;
}
