/**
 * SKILL.md frontmatter: the YAML between a leading `---` line and the next
 * `---` (or `...`) line, parsed by the `yaml` package (YAML 1.2, core
 * schema), and the body after it. Problems are returned as an error naming
 * the file's line, never thrown.
 *
 * The text comes from whoever wrote the skill (an extension author, a
 * cloned project), so the parse is narrowed to what a skill's metadata
 * needs: plain data. Refused, each with its line:
 * - anchors and aliases: an alias copies a subtree, and nested aliases
 *   grow exponentially when turned into objects (the "billion laughs");
 * - explicit tags (`!!binary`, `!custom`): they ask the parser to build
 *   types other than strings, numbers, booleans, null, lists and maps;
 * - keys that are empty, lists or maps: a key names a field;
 * - frontmatter over {@linkcode MAX_FRONTMATTER_CHARS}: the parse cost grows
 *   faster than the text for many keys or deep nesting, and real metadata
 *   is a few hundred characters.
 *
 * This module imports `yaml`; it is loaded only once a SKILL.md file is read
 * (see discovery.ts), so runs without skill files do not pay for it.
 *
 * @module
 */

import { isAlias, isNode, isScalar, parseDocument, visit } from "yaml";

export type FrontmatterResult =
  | { ok: true; data: Record<string, unknown>; body: string }
  | { ok: false; error: string };

/** The largest frontmatter read, in UTF-16 code units. */
export const MAX_FRONTMATTER_CHARS = 16 * 1024;

const FENCE_END = /^(---|\.\.\.)\s*$/;

/** Split `text` into its frontmatter (parsed) and body. */
export function parseFrontmatter(text: string): FrontmatterResult {
  const lines = text.replace(/^\uFEFF/, "").split(/\r?\n/);
  if (lines[0]?.trimEnd() !== "---") {
    return { ok: false, error: 'missing YAML frontmatter (start the file with a "---" line)' };
  }
  const end = lines.findIndex((l, i) => i > 0 && FENCE_END.test(l));
  if (end === -1) {
    return { ok: false, error: 'frontmatter is not closed (add a "---" line after it)' };
  }
  const source = lines.slice(1, end).join("\n");
  const body = lines.slice(end + 1).join("\n").replace(/^\n+/, "");
  if (source.length > MAX_FRONTMATTER_CHARS) {
    return {
      ok: false,
      error: `frontmatter is ${source.length} characters, over the limit of ` +
        `${MAX_FRONTMATTER_CHARS} (keep the metadata short and put the rest in the body)`,
    };
  }
  const parsed = parseYaml(source);
  if (!parsed.ok) return parsed;
  const data = parsed.value;
  if (data === null || data === undefined) return { ok: true, data: {}, body };
  if (!isRecord(data)) {
    return { ok: false, error: "frontmatter must be a mapping of keys to values" };
  }
  return { ok: true, data, body };
}

type Parsed = { ok: true; value: unknown } | { ok: false; error: string };

/** The frontmatter's line holding `offset` of `source` (the opening `---` is line 1). */
function lineOf(source: string, offset: number): number {
  let line = 2;
  for (let i = source.indexOf("\n"); i !== -1 && i < offset; i = source.indexOf("\n", i + 1)) {
    line++;
  }
  return line;
}

function failAt(source: string, offset: number, why: string): Parsed {
  return { ok: false, error: `frontmatter line ${lineOf(source, offset)}: ${why}` };
}

// Remedies for the mistakes hand-written frontmatter makes most.
const REMEDIES: Record<string, string> = {
  BLOCK_AS_IMPLICIT_KEY: 'put the value in quotes when it contains ": "',
  TAB_AS_INDENT: "indent with spaces",
  DUPLICATE_KEY: "keep one of them",
};

/** A tag as written: `!!binary` rather than its long form. */
function shortTag(tag: string): string {
  return tag.replace(/^tag:yaml\.org,2002:/, "!!");
}

function parseYaml(source: string): Parsed {
  // logLevel "error": the parser keeps its findings in the document and prints nothing.
  const doc = parseDocument(source, {
    version: "1.2",
    schema: "core",
    merge: false,
    uniqueKeys: true,
    prettyErrors: false,
    logLevel: "error",
  });
  const error = doc.errors[0];
  if (error) {
    const remedy = REMEDIES[error.code];
    return failAt(source, error.pos[0], error.message + (remedy ? ` (${remedy})` : ""));
  }
  let refused: Parsed | undefined;
  const refuse = (node: { range?: [number, number, number] | null }, why: string) => {
    refused = failAt(source, node.range?.[0] ?? 0, why);
    return visit.BREAK;
  };
  visit(doc, {
    Node(_, node) {
      if (isAlias(node) || node.anchor) {
        return refuse(node, 'anchors and aliases ("&name", "*name") are not allowed');
      }
      if (node.tag) return refuse(node, `tags ("${shortTag(node.tag)}") are not allowed`);
    },
    Pair(_, pair) {
      // An empty key (`: value`) parses as null, a `? [a, b]` key as a list: neither names a field.
      const key = pair.key;
      if (!isScalar(key) || key.value === null) {
        const at = isNode(key) ? key : pair.value;
        return refuse(isNode(at) ? at : {}, "a key must be text, not empty, a list or a mapping");
      }
    },
  });
  if (refused) return refused;
  // Warnings (an unknown tag, say) are refusals too: the data would not be what was written.
  const warning = doc.warnings[0];
  if (warning) return failAt(source, warning.pos[0], warning.message);
  try {
    // Aliases were refused above; maxAliasCount 0 refuses them here too.
    return { ok: true, value: doc.toJS({ maxAliasCount: 0 }) };
  } catch (e) {
    return { ok: false, error: `frontmatter: ${e instanceof Error ? e.message : String(e)}` };
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
