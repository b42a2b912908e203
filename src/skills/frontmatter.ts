/**
 * SKILL.md frontmatter: the YAML between a leading `---` line and the next
 * `---` (or `...`) line, parsed by the `js-yaml` package (YAML 1.2, core
 * schema), and the body after it. Problems are returned as an error naming
 * the file's line, never thrown.
 *
 * Why js-yaml and not the `yaml` package: both are well kept, but `yaml`
 * resolves for Deno to its CommonJS build (about 80 modules), and loading it
 * cost about 250 ms more than js-yaml's single ESM file, plus a slower first
 * parse (measured in one run on the project's 2-core machine, loaded: 210 to
 * 320 ms against 40 to 65 ms to import, 40 to 120 ms against 10 to 35 ms for
 * the first three-line frontmatter). Every run in a project with skills pays
 * that at start-up.
 *
 * The text comes from whoever wrote the skill (an extension author, a
 * cloned project), so the parse is narrowed to what a skill's metadata
 * needs: plain data. Refused, each with its line:
 * - anchors and aliases: an alias repeats a subtree, and nested aliases
 *   grow exponentially once the data is walked or serialised (the "billion
 *   laughs");
 * - explicit tags (`!!binary`, `!custom`): they ask for types other than
 *   strings, numbers, booleans, null, lists and maps;
 * - keys that are empty, lists or maps: a key names a field;
 * - nesting deeper than {@linkcode MAX_DEPTH} and frontmatter over
 *   {@linkcode MAX_FRONTMATTER_CHARS}: real metadata is a few hundred
 *   characters, and these bound the parser's time and stack.
 *
 * This module imports js-yaml; it is loaded only once a SKILL.md file is
 * read (see discovery.ts), so runs without skill files do not pay for it.
 *
 * @module
 */

import {
  constructFromEvents,
  CORE_SCHEMA,
  type Event,
  EVENT_ID,
  getScalarValue,
  parseEvents,
  SCALAR_STYLE,
  YAMLException,
} from "js-yaml";
import { isRecord } from "../is_record.ts";

export type FrontmatterResult =
  | { ok: true; data: Record<string, unknown>; body: string }
  | { ok: false; error: string };

/** The largest frontmatter read, in UTF-16 code units. */
export const MAX_FRONTMATTER_CHARS = 16 * 1024;

/** The deepest nesting of lists and maps read. */
export const MAX_DEPTH = 32;

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

// Remedies for the mistakes hand-written frontmatter makes most, by js-yaml's reason.
const REMEDIES: Record<string, string> = {
  "bad indentation of a mapping entry": 'put the value in quotes when it contains ": "',
  "tab characters must not be used in indentation": "indent with spaces",
  "duplicated mapping key": "keep one of them",
};

function parseYaml(source: string): Parsed {
  let events: Event[];
  let docs: unknown[];
  try {
    events = parseEvents(source, { maxDepth: MAX_DEPTH });
    const refused = refusal(source, events);
    if (refused) return refused;
    // maxAliases 0: aliases were refused above, and are refused here too.
    docs = constructFromEvents(events, { source, schema: CORE_SCHEMA, maxAliases: 0 });
  } catch (e) {
    if (!(e instanceof YAMLException)) {
      // The parser's contract: anything may be thrown on hostile input (a stack overflow, say).
      return { ok: false, error: `frontmatter cannot be read: ${String(e)}` };
    }
    const remedy = REMEDIES[e.reason];
    const why = e.reason + (remedy ? ` (${remedy})` : "");
    return e.mark
      ? failAt(source, e.mark.position, why)
      : { ok: false, error: `frontmatter: ${why}` };
  }
  if (docs.length > 1) return { ok: false, error: "frontmatter must be one YAML document" };
  return { ok: true, value: docs[0] };
}

/** Where a collection is open while walking the events: its kind and the nodes in it so far. */
interface Open {
  mapping: boolean;
  nodes: number;
}

const NULL_KEY = /^(|~|null|Null|NULL)$/;

/** The first anchor, alias, tag or unusable key in `events`, as a refusal. */
function refusal(source: string, events: readonly Event[]): Parsed | undefined {
  const open: Open[] = [];
  for (const [i, e] of events.entries()) {
    if (e.type === EVENT_ID.POP) {
      open.pop();
      continue;
    }
    if (e.type === EVENT_ID.DOCUMENT) {
      open.push({ mapping: false, nodes: 0 });
      continue;
    }
    if (e.type === EVENT_ID.ALIAS || e.anchorStart !== -1) {
      return failAt(
        source,
        e.anchorStart,
        'anchors and aliases ("&name", "*name") are not allowed ' +
          '(quote a value that starts with "&" or "*")',
      );
    }
    if (e.tagStart !== -1) {
      const tag = source.slice(e.tagStart, e.tagEnd);
      return failAt(
        source,
        e.tagStart,
        `tags ("${tag}") are not allowed (quote a value that starts with "!")`,
      );
    }
    // In a mapping, nodes alternate key, value: an even count means this node is a key.
    const parent = open.at(-1);
    if (parent?.mapping && parent.nodes % 2 === 0) {
      const scalar = e.type === EVENT_ID.SCALAR;
      const empty = scalar && e.style === SCALAR_STYLE.PLAIN &&
        (e.valueStart === -1 || NULL_KEY.test(getScalarValue(source, e)));
      if (!scalar || empty) {
        // An empty key has no position of its own: name the line of the value after it.
        const at = scalar ? e.valueStart : e.start;
        return failAt(
          source,
          at !== -1 ? at : positionAfter(events, i),
          "a key must be text, not empty, a list or a mapping",
        );
      }
    }
    if (parent) parent.nodes++;
    if (e.type !== EVENT_ID.SCALAR) open.push({ mapping: e.type === EVENT_ID.MAPPING, nodes: 0 });
  }
  return undefined;
}

/** The first source offset known after event `i` (the end of the text if none). */
function positionAfter(events: readonly Event[], i: number): number {
  for (const e of events.slice(i + 1)) {
    const at = "valueStart" in e ? e.valueStart : "start" in e ? e.start : -1;
    if (at !== -1) return at;
  }
  return Number.MAX_SAFE_INTEGER;
}
