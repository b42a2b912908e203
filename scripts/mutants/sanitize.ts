/**
 * Mutants for output safety and registration bounds: each removes one protection (the terminal
 * text rule, the manifest refusal, a sink's sanitizing, a registration bound, the log cap).
 *
 * @module
 */

import type { Mutant } from "./types.ts";

const SAFE = "tests/safe_text_test.ts";
const MANIFEST = "tests/extensions/manifest/manifest_text_test.ts";
const BOUNDS = "tests/extensions/host/registration_bounds_test.ts";
const SINKS = "tests/sanitize/sinks_test.ts";
const CLI = "tests/sanitize/cli_output_test.ts";
const CAP = "tests/extensions/process/log_cap_test.ts";

export const mutants: Mutant[] = [
  {
    id: "sanitize-nothing",
    protection: "safeText removes escapes and controls",
    file: "src/safe_text.ts",
    find: "return text.replace(UNSAFE, (seq) => {",
    replace: "return text.replace(/(?!)/g, (seq) => {",
    tests: [SAFE, SINKS],
  },
  {
    id: "sanitize-c1",
    protection: "safeText removes DEL and C1 controls (U+009B is CSI on some terminals)",
    file: "src/safe_text.ts",
    find: "|[\\x00-\\x1f\\x7f-\\x9f\\u202a-\\u202e\\u2066-\\u2069]/g;",
    replace: "|[\\x00-\\x1f\\u202a-\\u202e\\u2066-\\u2069]/g;",
    tests: [SAFE, SINKS],
  },
  {
    id: "sanitize-bidi",
    protection: "safeText removes bidi overrides and isolates",
    file: "src/safe_text.ts",
    find: "|[\\x00-\\x1f\\x7f-\\x9f\\u202a-\\u202e\\u2066-\\u2069]/g;",
    replace: "|[\\x00-\\x1f\\x7f-\\x9f]/g;",
    tests: [SAFE, SINKS],
  },
  {
    id: "safe-json-raw",
    protection: "JSON for a terminal escapes DEL, C1 and bidi controls",
    file: "src/safe_text.ts",
    find: "const JSON_RAW = /[\\x7f-\\x9f\\u202a-\\u202e\\u2066-\\u2069]/g;",
    replace: "const JSON_RAW = /(?!)/g;",
    tests: [SAFE, SINKS],
  },
  {
    id: "manifest-control-off",
    protection: "a manifest with a control character in any string is refused at load",
    file: "src/extensions/manifest.ts",
    find: 'if (hostile) return { status: "invalid", manifestPath, problem: hostile };',
    replace: 'if (hostile === "off") return { status: "invalid", manifestPath, problem: hostile };',
    tests: [MANIFEST, CLI],
  },
  {
    id: "manifest-keys-unchecked",
    protection: "manifest key names are checked as well as values",
    file: "src/extensions/manifest_text.ts",
    find: "if (problem) return `extension.json: a key in ${where} ${problem}`;",
    replace: 'if (problem === "off") return `extension.json: a key in ${where} ${problem}`;',
    tests: [MANIFEST],
  },
  {
    id: "manifest-depth-unbounded",
    protection: "manifest nesting is bounded",
    file: "src/extensions/manifest_text.ts",
    find: "if (depth >= MANIFEST_MAX_DEPTH) {",
    replace: "if (depth < 0) {",
    tests: [MANIFEST],
  },
  {
    id: "tool-name-any",
    protection: "tool names must match ^[a-zA-Z0-9_-]{1,64}$",
    file: "src/extensions/host/registration_bounds.ts",
    find: "if (!TOOL_NAME_PATTERN.test(name)) {",
    replace: 'if (name === "") {',
    tests: [BOUNDS],
  },
  {
    id: "schema-depth-unbounded",
    protection: "tool schemas nested deeper than 64 levels are refused",
    file: "src/extensions/host/registration_bounds.ts",
    find: "if (deeperThan(schema, MAX_SCHEMA_DEPTH)) {",
    replace: "if (deeperThan(schema, Infinity)) {",
    tests: [BOUNDS],
  },
  {
    id: "schema-size-unbounded",
    protection: "tool schemas over 64 KiB are refused",
    file: "src/extensions/host/registration_bounds.ts",
    find: "if (size > MAX_SCHEMA_BYTES) {",
    replace: "if (size < 0) {",
    tests: [BOUNDS],
  },
  {
    id: "tool-description-unbounded",
    protection: "tool descriptions over 8 KiB are refused",
    file: "src/extensions/host/registration_bounds.ts",
    find: 'const long = overBytes(description ?? "", MAX_TOOL_DESCRIPTION_BYTES);',
    replace: 'const long = overBytes(description ?? "", Infinity);',
    tests: [BOUNDS],
  },
  {
    id: "command-name-any",
    protection: "command names are one word of letters, digits and _.:-",
    file: "src/extensions/host/registration_bounds.ts",
    find: "if (!COMMAND_NAME_PATTERN.test(name)) {",
    replace: 'if (name === "") {',
    tests: [BOUNDS],
  },
  {
    id: "tools-per-extension-unbounded",
    protection: "an extension registers at most 128 tools",
    file: "src/extensions/host/registry.ts",
    find: "if (record.tools.length >= MAX_TOOLS_PER_EXTENSION) {",
    replace: "if (record.tools.length < 0) {",
    tests: [BOUNDS],
  },
  {
    id: "total-tool-bytes-unbounded",
    protection: "all extension tools together stay within 4 MiB",
    file: "src/extensions/host/registry.ts",
    find: "if (this.#toolBytes + cost > MAX_TOTAL_TOOL_BYTES) {",
    replace: "if (cost < 0) {",
    tests: [BOUNDS],
  },
  {
    id: "refusal-name-raw",
    protection: "a refused name is shown escaped, not raw",
    file: "src/extensions/host/registration_bounds.ts",
    find: "return safeJson(name.length > 64 ? `${name.slice(0, 64)}…` : name);",
    replace: 'return `"${name}"`;',
    tests: [BOUNDS, CLI],
  },
  {
    id: "log-uncapped",
    protection: "the extension log rotates at its cap",
    file: "src/extensions/process/log.ts",
    find: "this.#maxBytes = Math.max(LOG_MIN_BYTES, maxBytes);",
    replace: "this.#maxBytes = Infinity;",
    tests: [CAP],
  },
  {
    id: "logs-printed-raw",
    protection: "zot ext logs sanitizes unless --raw",
    file: "src/cli/ext/logs.ts",
    find: "const out = options.raw ? Deno.stdout.writable : safeTextSink(Deno.stdout.writable);",
    replace: "const out = Deno.stdout.writable ?? safeTextSink(Deno.stdout.writable);",
    tests: [CLI],
  },
  {
    id: "notes-raw",
    protection: "headless notes are sanitized by the UI that prints them",
    file: "src/extensions/ui.ts",
    find: "write(`[${safeText(ext)}] ${safeText(level)}: ${safeText(message, { lines: true })}`);",
    replace: "write(`[${ext}] ${level}: ${message}`);",
    tests: [SINKS],
  },
  {
    id: "stderr-line-raw",
    protection: "every headless stderr line is sanitized",
    file: "src/modes/shared/output.ts",
    find: 'encoder.encode(safeText(line, { lines: true }) + "\\n")',
    replace: 'encoder.encode(line + "\\n")',
    tests: [CLI],
  },
  {
    id: "json-lines-raw",
    protection: "JSON and RPC stdout escape C1 and bidi controls",
    file: "src/modes/shared/output.ts",
    find: "return (value) => write(safeJson(value));",
    replace: "return (value) => write(JSON.stringify(value));",
    tests: [SINKS, CLI],
  },
  {
    id: "consent-raw",
    protection: "consent lines are printed safe",
    file: "src/extensions/consent.ts",
    find: "for (const line of consentSummary(source, scope)) opts.io.print(safeText(line));",
    replace: "for (const line of consentSummary(source, scope)) opts.io.print(line);",
    tests: [SINKS],
  },
  {
    id: "doctor-render-raw",
    protection: "zot ext doctor renders each line safe and on one line",
    file: "src/extensions/manage/doctor_render.ts",
    find: 'return out.map((line) => safeText(line)).join("\\n");',
    replace: 'return out.join("\\n");',
    tests: [SINKS],
  },
  {
    id: "list-render-raw",
    protection: "zot ext list renders each cell safe",
    file: "src/extensions/manage/list.ts",
    find: "const cells = raw.map((c) => safeText(c));",
    replace: "const cells = raw;",
    tests: [SINKS],
  },
  {
    id: "dialog-raw",
    protection: "TUI dialogs draw extension text safe",
    file: "src/tui/components/dialog.ts",
    find: 'const one = (t: string) => sanitize(t).replaceAll("\\n", " ");',
    replace: "const one = (t: string) => t;",
    tests: [SINKS],
  },
  {
    id: "cli-error-raw",
    protection: "zot's error messages are printed safe",
    file: "src/cli/mod.ts",
    find: "console.error(`zot: ${safeText(e.message, { lines: true })}`);",
    replace: "console.error(`zot: ${e.message}`);",
    tests: [CLI],
  },
];
