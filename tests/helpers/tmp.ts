/**
 * Temporary directories and a temporary `$ZOT_HOME`, removed on dispose.
 *
 * @module
 */

import { type ZotPaths, zotPaths } from "../../src/config/paths.ts";

/** A temp dir removed by `await using`. */
export async function tempDir(prefix = "zot-test-"): Promise<{ path: string } & AsyncDisposable> {
  const path = await Deno.makeTempDir({ prefix });
  return {
    path,
    async [Symbol.asyncDispose]() {
      await Deno.remove(path, { recursive: true }).catch(() => {});
    },
  };
}

/** A temp ZOT_HOME plus a project cwd, with resolved paths. */
export async function tempZot(options: { dir?: string } = {}): Promise<
  { root: string; home: string; cwd: string; paths: ZotPaths } & AsyncDisposable
> {
  const root = await Deno.realPath(
    await Deno.makeTempDir({ prefix: "zot-home-", dir: options.dir }),
  );
  const home = `${root}/home`;
  const cwd = `${root}/project`;
  await Deno.mkdir(home, { recursive: true });
  await Deno.mkdir(cwd, { recursive: true });
  return {
    root,
    home,
    cwd,
    paths: zotPaths(cwd, home),
    async [Symbol.asyncDispose]() {
      await Deno.remove(root, { recursive: true }).catch(() => {});
    },
  };
}
