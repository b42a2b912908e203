/**
 * Fetching and pinning the npm package of an MCP server at install time. The
 * package is resolved (a range or no version becomes one exact version),
 * fetched into the sandbox's Deno directory, and pinned in a lock file beside
 * the manifest (version and integrity of the package and of every
 * dependency, checked as they are fetched). A start then runs
 * `--cached-only --frozen` against that lock: no network, and a resolution
 * that differs from the lock fails instead of running.
 *
 * Deno itself does the fetching (`deno cache`), so this needs the Deno CLI
 * that runs zot; a compiled zot refuses with the remedy.
 *
 * @module
 */

import { join } from "../../path.ts";
import { isCompiled } from "../../self_exec.ts";
import { isRecord } from "../../is_record.ts";
import type { NpmPackage } from "../manifest_mcp.ts";

/** A fetched, pinned package, or why it could not be. */
export type NpmFetch = { ok: true; version: string } | { ok: false; why: string };

/** Run `deno cache` for `spec` with `lock`, in `denoDir`. */
async function denoCache(
  execPath: string,
  spec: string,
  lock: string,
  denoDir: string,
): Promise<{ ok: true } | { ok: false; why: string }> {
  const out = await new Deno.Command(execPath, {
    args: ["cache", "--quiet", "--no-config", `--lock=${lock}`, spec],
    env: { DENO_DIR: denoDir, NO_COLOR: "1", DENO_NO_UPDATE_CHECK: "1" },
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).output();
  if (out.success) return { ok: true };
  const why = new TextDecoder().decode(out.stderr).trim().split("\n").slice(-3).join(" ");
  return { ok: false, why };
}

/** The version the lock resolved the package `name` to (no version is keyed `name@*`). */
async function lockedVersion(lock: string, name: string): Promise<string | undefined> {
  const json: unknown = JSON.parse(await Deno.readTextFile(lock));
  if (!isRecord(json) || !isRecord(json.specifiers)) return undefined;
  for (const [spec, v] of Object.entries(json.specifiers)) {
    if (spec !== `npm:${name}` && !spec.startsWith(`npm:${name}@`)) continue;
    // "2026.8.31" or, with peer dependencies, "2026.8.31_zod@4.6.7".
    if (typeof v === "string") return v.split("_")[0];
  }
  return undefined;
}

/**
 * Resolve `pkg`, fetch it into `denoDir` and write the lock that pins it to
 * `lock`. `work` is a scratch directory for the resolving lock.
 */
export async function fetchNpmPackage(
  pkg: NpmPackage,
  paths: { lock: string; work: string; denoDir: string },
  execPath: string = Deno.execPath(),
): Promise<NpmFetch> {
  if (isCompiled(execPath)) {
    return {
      ok: false,
      why:
        `fetching an npm package needs the Deno CLI (install zot from source to add MCP servers from npm)`,
    };
  }
  const wanted = pkg.version ? `npm:${pkg.name}@${pkg.version}` : `npm:${pkg.name}`;
  const resolving = join(paths.work, "resolve.lock");
  const first = await denoCache(execPath, wanted, resolving, paths.denoDir);
  if (!first.ok) return { ok: false, why: `cannot fetch ${wanted}: ${first.why}` };
  const version = await lockedVersion(resolving, pkg.name);
  await Deno.remove(resolving).catch(() => {});
  if (!version) return { ok: false, why: `cannot tell which version of ${wanted} was fetched` };
  // Pinned under the exact spec the manifest will name, so a frozen lock matches it.
  const exact = `npm:${pkg.name}@${version}`;
  const pinned = await denoCache(execPath, exact, paths.lock, paths.denoDir);
  if (!pinned.ok) return { ok: false, why: `cannot pin ${exact}: ${pinned.why}` };
  return { ok: true, version };
}
