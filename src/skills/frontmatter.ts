/**
 * A small YAML frontmatter parser for SKILL.md: the subset skill files use
 * (block mappings and sequences, plain/quoted scalars with continuation
 * lines, `|` and `>` block scalars, flow `[a, b]` lists). Anything else is
 * an error naming the line, never a throw.
 *
 * @module
 */

import { isRecord } from "../is_record.ts";

export type FrontmatterResult =
  | { ok: true; data: Record<string, unknown>; body: string }
  | { ok: false; error: string };

interface Line {
  no: number;
  indent: number;
  text: string;
}

class YamlError extends Error {}

/** Split `text` into its frontmatter (parsed) and body. */
export function parseFrontmatter(text: string): FrontmatterResult {
  const lines = text.replace(/^\uFEFF/, "").split(/\r?\n/);
  if (lines[0]?.trimEnd() !== "---") {
    return { ok: false, error: 'missing YAML frontmatter (start the file with a "---" line)' };
  }
  const end = lines.findIndex((l, i) => i > 0 && /^(---|\.\.\.)\s*$/.test(l));
  if (end === -1) {
    return { ok: false, error: 'frontmatter is not closed (add a "---" line after it)' };
  }
  const yaml: Line[] = [];
  for (let i = 1; i < end; i++) {
    const raw = lines[i];
    if (/^\s*(#.*)?$/.test(raw)) {
      yaml.push({ no: i + 1, indent: -1, text: "" });
      continue;
    }
    const indent = raw.length - raw.trimStart().length;
    if (raw.slice(0, indent).includes("\t")) {
      return {
        ok: false,
        error: `frontmatter line ${i + 1}: tabs are not allowed for indentation`,
      };
    }
    yaml.push({ no: i + 1, indent, text: raw.slice(indent).trimEnd() });
  }
  const body = lines.slice(end + 1).join("\n").replace(/^\n+/, "");
  try {
    const parser = new Parser(yaml);
    const data = parser.block(0);
    if (data === undefined) return { ok: true, data: {}, body };
    if (!isRecord(data)) {
      return { ok: false, error: "frontmatter must be a mapping of keys to values" };
    }
    return { ok: true, data, body };
  } catch (e) {
    if (e instanceof YamlError) return { ok: false, error: e.message };
    throw e;
  }
}

class Parser {
  #at = 0;
  constructor(readonly lines: Line[]) {}

  #peek(): Line | undefined {
    while (this.#at < this.lines.length && this.lines[this.#at].indent === -1) this.#at++;
    return this.lines[this.#at];
  }

  #fail(line: Line, why: string): never {
    throw new YamlError(`frontmatter line ${line.no}: ${why}`);
  }

  /** A mapping or sequence whose lines are indented at least `min`. */
  block(min: number): unknown {
    const first = this.#peek();
    if (!first || first.indent < min) return undefined;
    return isDash(first.text) ? this.#sequence(first.indent) : this.#mapping(first.indent);
  }

  #mapping(indent: number): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    for (let line = this.#peek(); line && line.indent === indent; line = this.#peek()) {
      const m = /^("[^"]*"|'[^']*'|[^:#][^:]*?)\s*:(?:\s+(.*))?$/.exec(line.text);
      if (!m) this.#fail(line, `expected "key: value", got ${JSON.stringify(line.text)}`);
      const key = m[1].replace(/^["']|["']$/g, "");
      if (Object.hasOwn(out, key)) this.#fail(line, `duplicate key "${key}"`);
      this.#at++;
      out[key] = this.#value(m[2] ?? "", line);
    }
    const stray = this.#peek();
    if (stray && stray.indent > indent) this.#fail(stray, "unexpected indentation");
    return out;
  }

  #sequence(indent: number): unknown[] {
    const out: unknown[] = [];
    for (let line = this.#peek(); line && line.indent === indent; line = this.#peek()) {
      if (!isDash(line.text)) break;
      const rest = line.text.slice(1).trimStart();
      if (/^[^"'\[{][^:]*:(\s|$)/.test(rest)) {
        // `- key: value` starts a mapping item: re-read it as a line indented past the dash.
        this.lines[this.#at] = { no: line.no, indent: indent + 2, text: rest };
        out.push(this.#mapping(indent + 2));
      } else {
        this.#at++;
        out.push(this.#value(rest, line));
      }
    }
    return out;
  }

  /** The value after `key:` or `- `, reading nested or continuation lines. */
  #value(text: string, owner: Line): unknown {
    const stripped = stripComment(text);
    if (stripped === "") {
      // `key:` followed by `- item` lines at the key's own indent is a list too.
      const next = this.#peek();
      if (next && next.indent === owner.indent && isDash(next.text) && !isDash(owner.text)) {
        return this.#sequence(owner.indent);
      }
      return this.block(owner.indent + 1) ?? null;
    }
    if (/^[|>][+-]?$/.test(stripped)) return this.#blockScalar(stripped, owner);
    if (stripped.startsWith("[")) return flowList(stripped, owner);
    if (stripped.startsWith('"') || stripped.startsWith("'")) return quoted(stripped, owner);
    // Plain scalars may continue on more-indented lines, folded with spaces.
    const parts = [stripped];
    for (let next = this.#peek(); next && next.indent > owner.indent; next = this.#peek()) {
      parts.push(stripComment(next.text));
      this.#at++;
    }
    return parts.length > 1 ? parts.join(" ") : plain(stripped);
  }

  #blockScalar(header: string, owner: Line): string {
    const start = this.#at;
    let end = start;
    while (end < this.lines.length) {
      const l = this.lines[end];
      if (l.indent !== -1 && l.indent <= owner.indent) break;
      end++;
    }
    this.#at = end;
    const block = this.lines.slice(start, end);
    const indent = Math.min(...block.filter((l) => l.indent !== -1).map((l) => l.indent));
    const texts = block.map((l) => (l.indent === -1 ? "" : " ".repeat(l.indent - indent) + l.text));
    while (texts.length && texts.at(-1) === "") texts.pop();
    const joined = header.startsWith(">") ? fold(texts) : texts.join("\n");
    return header.endsWith("-") ? joined : `${joined}\n`;
  }
}

function isDash(text: string): boolean {
  return text === "-" || text.startsWith("- ");
}

function fold(lines: string[]): string {
  let out = "";
  for (const [i, l] of lines.entries()) {
    const prev = lines[i - 1];
    if (i === 0) out = l;
    else if (l === "") out += "\n";
    else if (prev === "") out += l;
    else if (l.startsWith(" ") || prev.startsWith(" ")) out += `\n${l}`;
    else out += ` ${l}`;
  }
  return out;
}

function stripComment(text: string): string {
  if (text.startsWith('"') || text.startsWith("'")) return text.trim();
  return text.replace(/(^|\s)#.*$/, "").trim();
}

function quoted(text: string, owner: Line): string {
  if (text.startsWith("'")) {
    const m = /^'((?:[^']|'')*)'$/.exec(text);
    if (!m) throw new YamlError(`frontmatter line ${owner.no}: unterminated single-quoted string`);
    return m[1].replaceAll("''", "'");
  }
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value === "string") return value;
  } catch {
    // fall through to the error below
  }
  throw new YamlError(`frontmatter line ${owner.no}: invalid double-quoted string`);
}

function flowList(text: string, owner: Line): unknown[] {
  if (!text.endsWith("]")) throw new YamlError(`frontmatter line ${owner.no}: unclosed "["`);
  const inner = text.slice(1, -1).trim();
  if (inner === "") return [];
  return (inner.match(/"(?:[^"\\]|\\.)*"|'(?:[^']|'')*'|[^,]+/g) ?? [])
    .map((s) => s.trim())
    .filter((s) => s !== "")
    .map((s) => (s.startsWith('"') || s.startsWith("'") ? quoted(s, owner) : plain(s)));
}

function plain(text: string): unknown {
  if (/^(true|True|TRUE)$/.test(text)) return true;
  if (/^(false|False|FALSE)$/.test(text)) return false;
  if (/^(null|Null|NULL|~)$/.test(text)) return null;
  if (/^[-+]?\d+(\.\d+)?$/.test(text)) return Number(text);
  return text;
}
