/**
 * `zot ext new`: write a working extension into `<parent>/<name>`. Files go
 * to a staging directory first and are renamed into place, so a failure
 * never leaves a half-written extension behind.
 *
 * @module
 */

import { dirname, join, resolve } from "../path.ts";
import { errorMessage } from "../errors.ts";
import { ZOT_VERSION } from "../version.ts";
import { type Lang, LANGS, type TemplateFile, templateFiles } from "./templates.ts";
import { pythonSdk, sdkFiles } from "./vendor.ts";

export { type Lang, LANGS };

/** Letters, digits, `-` and `_`: valid as a directory, a slash command and a tool name. */
const NAME_RE = /^[A-Za-z0-9][A-Za-z0-9_-]{0,47}$/;

export type ScaffoldResult = { ok: true; dir: string; files: string[] } | {
  ok: false;
  error: string;
};

/** Why `name` cannot be used, or undefined. */
export function scaffoldNameProblem(name: string): string | undefined {
  if (NAME_RE.test(name)) return undefined;
  return `Invalid extension name "${name}" (use up to 48 letters, digits, "-" and "_", starting with a letter or digit)`;
}

/** All files of a new extension, SDK included. */
export async function scaffoldFiles(name: string, lang: Lang): Promise<TemplateFile[]> {
  const files = templateFiles(name, lang);
  if (lang === "ts") {
    for (const [path, content] of await sdkFiles(ZOT_VERSION)) files.push({ path, content });
  }
  if (lang === "python") files.push({ path: "zot_ext.py", content: await pythonSdk() });
  return files;
}

/** Create `<parent>/<name>`; expected failures are values. */
export async function scaffold(name: string, lang: Lang, parent: string): Promise<ScaffoldResult> {
  const problem = scaffoldNameProblem(name);
  if (problem) return { ok: false, error: problem };
  const root = resolve(parent);
  const dir = join(root, name);
  const fail = (why: string): ScaffoldResult => ({
    ok: false,
    error: `Cannot create extension "${name}": ${why}`,
  });
  try {
    await Deno.lstat(dir);
    return fail(`${dir} already exists (choose another name or "--dir")`);
  } catch (e) {
    if (!(e instanceof Deno.errors.NotFound)) {
      return fail(`cannot check ${dir}: ${errorMessage(e)}`);
    }
  }
  try {
    if (!(await Deno.stat(root)).isDirectory) return fail(`${root} is not a directory`);
  } catch {
    return fail(`directory ${root} not found (create it or pass another "--dir")`);
  }
  let files: TemplateFile[];
  try {
    files = await scaffoldFiles(name, lang);
  } catch (e) {
    // Only a build that failed to embed src/sdk, src/protocol or sdk/python gets here.
    return fail(`the ${lang} SDK files are missing from this zot build (${errorMessage(e)})`);
  }
  let staging: string;
  try {
    staging = await Deno.makeTempDir({ dir: root, prefix: `.zot-new-${name}-` });
  } catch (e) {
    return fail(`cannot write in ${root}: ${errorMessage(e)}`);
  }
  try {
    for (const f of files) {
      const path = join(staging, f.path);
      await Deno.mkdir(dirname(path), { recursive: true });
      await Deno.writeTextFile(path, f.content, { mode: f.executable ? 0o755 : 0o644 });
      // The umask may have cleared the execute bits.
      if (f.executable) await Deno.chmod(path, 0o755);
    }
    await Deno.chmod(staging, 0o755);
    await Deno.rename(staging, dir);
  } catch (e) {
    await Deno.remove(staging, { recursive: true }).catch(() => {});
    return fail(errorMessage(e));
  }
  return { ok: true, dir, files: files.map((f) => f.path) };
}
