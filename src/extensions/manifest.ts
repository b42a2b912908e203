/**
 * Reading and validating `extension.json` (JSONC: comments and trailing
 * commas allowed). Bad manifests are values, never thrown: every problem
 * names the directory it came from.
 *
 * @module
 */

import { join } from "../path.ts";
import type { ParseError } from "jsonc-parser";
import { syntaxProblem } from "./manifest_syntax.ts";
import { errorMessage } from "../errors.ts";
import { validateFields } from "./manifest_fields.ts";
import { checkSkillPaths } from "./manifest_skills.ts";
import { manifestTextProblem } from "./manifest_text.ts";
import { duplicateKeyProblem } from "./manifest_keys.ts";
import type { Diagnostic, Loaded } from "../diagnostic.ts";
import type { Manifest } from "./types.ts";
import { isRecord } from "../is_record.ts";

export const MANIFEST_FILE = "extension.json";

/** A manifest that passed every check, plus what was found beside it. */
export interface ManifestInfo {
  manifest: Manifest;
  manifestPath: string;
  /** `theme.json` or `themes/theme.json`, when present. */
  themePath?: string;
}

/** The outcome for one directory; `missing` means there is no extension.json at all. */
export type ManifestRead =
  | { status: "ok"; info: ManifestInfo }
  | { status: "missing"; manifestPath: string }
  | { status: "invalid"; manifestPath: string; problem: string; name?: string };

/**
 * Parse JSONC text into an object, or say what is wrong with it. Plain JSON
 * (most manifests) goes through `JSON.parse`; `jsonc-parser` is loaded only
 * for comments, trailing commas or errors, because resolving an npm package
 * costs more than zot's whole start-up budget on the `zot -p` path.
 */
export async function parseManifestText(
  text: string,
): Promise<{ ok: true; raw: Record<string, unknown> } | { ok: false; problem: string }> {
  try {
    const plain: unknown = JSON.parse(text);
    if (isRecord(plain)) return unique(text, plain);
  } catch {
    // Not plain JSON: let the JSONC parser accept it or explain the problem.
  }
  const { parse } = await import("jsonc-parser");
  const errors: ParseError[] = [];
  let value: unknown;
  try {
    value = parse(text, errors, { allowTrailingComma: true, disallowComments: false });
  } catch (e) {
    // The JSONC parser recurses: absurd nesting overflows its stack instead of being parsed.
    if (e instanceof RangeError) return { ok: false, problem: "parse manifest: nested too deeply" };
    throw e;
  }
  if (errors.length > 0) {
    const first = errors[0];
    return { ok: false, problem: syntaxProblem(text, first.error, first.offset) };
  }
  if (!isRecord(value)) return { ok: false, problem: "parse manifest: expected a JSON object" };
  return unique(text, value);
}

/** A parsed manifest whose text repeats a key is refused: the parse kept only the last one. */
function unique(
  text: string,
  raw: Record<string, unknown>,
): { ok: true; raw: Record<string, unknown> } | { ok: false; problem: string } {
  const duplicate = duplicateKeyProblem(text);
  return duplicate ? { ok: false, problem: duplicate } : { ok: true, raw };
}

async function isFile(path: string): Promise<boolean> {
  try {
    return (await Deno.stat(path)).isFile;
  } catch {
    return false;
  }
}

/** The theme file of a bundle, if any. */
export async function findTheme(dir: string): Promise<string | undefined> {
  for (const candidate of [join(dir, "theme.json"), join(dir, "themes", "theme.json")]) {
    if (await isFile(candidate)) return candidate;
  }
  return undefined;
}

/** Read and fully validate the manifest in `dir`. */
export async function readManifest(dir: string): Promise<ManifestRead> {
  const manifestPath = join(dir, MANIFEST_FILE);
  let text: string;
  try {
    text = await Deno.readTextFile(manifestPath);
  } catch (e) {
    if (e instanceof Deno.errors.NotFound) return { status: "missing", manifestPath };
    return { status: "invalid", manifestPath, problem: `read manifest: ${errorMessage(e)}` };
  }
  const parsed = await parseManifestText(text);
  if (!parsed.ok) return { status: "invalid", manifestPath, problem: parsed.problem };
  // Before anything reads a field: no string of it ever reaches a terminal with a control in it.
  const hostile = manifestTextProblem(parsed.raw);
  if (hostile) return { status: "invalid", manifestPath, problem: hostile };
  const fields = validateFields(parsed.raw);
  if (!fields.ok) {
    return { status: "invalid", manifestPath, problem: fields.problem, name: fields.name };
  }
  const manifest = fields.manifest;
  const invalid = (problem: string): ManifestRead => ({
    status: "invalid",
    manifestPath,
    problem,
    name: manifest.name,
  });
  if (manifest.skills) {
    const skills = await checkSkillPaths(dir, manifest.skills);
    if (!skills.ok) return invalid(skills.problem);
  }
  const themePath = await findTheme(dir);
  if (!manifest.exec && !themePath && !(manifest.skills && manifest.skills.length > 0)) {
    return invalid("manifest: exec, theme, or skills is required");
  }
  return { status: "ok", info: { manifest, manifestPath, themePath } };
}

/** The diagnostic for a problem in `dir`: the text always names the directory. */
export function manifestDiagnostic(dir: string, problem: string, name?: string): Diagnostic {
  const d: Diagnostic = {
    source: "discovery",
    severity: "error",
    code: "manifest-invalid",
    dir,
    message: `${dir}: ${problem}`,
  };
  if (name !== undefined) d.extension = name;
  return d;
}

/**
 * `readManifest` as `{ value, diagnostics }`: value is undefined when the
 * manifest is missing or invalid, with one error diagnostic.
 */
export async function loadManifest(dir: string): Promise<Loaded<ManifestInfo | undefined>> {
  const read = await readManifest(dir);
  switch (read.status) {
    case "ok":
      return { value: read.info, diagnostics: [] };
    case "missing":
      return {
        value: undefined,
        diagnostics: [manifestDiagnostic(dir, `missing ${MANIFEST_FILE}`)],
      };
    case "invalid":
      return { value: undefined, diagnostics: [manifestDiagnostic(dir, read.problem, read.name)] };
  }
}
