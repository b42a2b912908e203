/**
 * The remedy for a sandboxed extension that imports an `npm:` package. The
 * runner refuses those (fetching a package happens outside the import checks),
 * and Deno's own words ("npm specifiers were requested; but --no-npm is
 * specified") name a flag the author never set: say what to do instead.
 *
 * @module
 */

/** Deno's refusal under `--no-npm`, or an `npm:` specifier named in an import error. */
const NPM_REFUSED = /npm specifiers were requested|["'`]npm:/;

/**
 * `why` with the remedy appended when it is an `npm:` import failure; unchanged
 * otherwise. `entry` is the extension's entry file (path or file URL).
 */
export function withImportRemedy(why: string, entry: string): string {
  if (!NPM_REFUSED.test(why)) return why;
  const file = entry.slice(entry.lastIndexOf("/") + 1) || "main.ts";
  const bundled = file.replace(/\.[cm]?[jt]sx?$/, "") + ".bundle.js";
  return `${why}\n(a sandboxed extension cannot load npm: packages at run time: bundle them into ` +
    `one file inside the extension, "deno bundle --platform deno ${file} -o ${bundled}", and ` +
    `point "exec" at ${bundled}; or copy the package's files into the extension directory and ` +
    `import them by relative path)`;
}
