/**
 * `zot upgrade [--check]` for a compiled zot: find the latest release,
 * download its archive for this machine and `SHA256SUMS`, verify the
 * archive against exactly its own entry, unpack the binary, check that it
 * runs, and swap it in (replace.ts). Every step that fails says which and
 * leaves the installed binary as it was.
 *
 * @module
 */

import { readBounded } from "../../bounded_read.ts";
import { errorMessage } from "../../errors.ts";
import {
  assetFor,
  assetUrl,
  binaryInArchive,
  compareVersions,
  SUMS_NAME,
  versionOfTag,
} from "./release.ts";
import { replaceBinary } from "./replace.ts";
import { verifyAsset } from "./sha256sums.ts";
import { MAX_BINARY_BYTES, unpackBinary } from "./unpack.ts";

export interface UpgradeOptions {
  /** The binary to replace: the running zot (never the deno CLI; the command checks). */
  target: string;
  /** The release base URL, already checked by `parseBaseUrl`. */
  baseUrl: string;
  currentVersion: string;
  /** Only report whether a newer release exists. */
  check?: boolean;
  os?: string;
  arch?: string;
  fetch?: typeof fetch;
}

export type UpgradeResult = { ok: true; message: string } | { ok: false; error: string };

/** Bounds a small download (the release page, SHA256SUMS); the archive gets longer. */
const SMALL_TIMEOUT_MS = 30_000;
const ARCHIVE_TIMEOUT_MS = 15 * 60_000;

async function download(
  f: typeof fetch,
  url: string,
  timeoutMs: number,
  cap: number,
): Promise<Uint8Array> {
  const res = await f(url, { signal: AbortSignal.timeout(timeoutMs) });
  if (!res.ok) {
    await res.body?.cancel();
    throw new Error(`${url} answered ${res.status}`);
  }
  return await readBounded(res.body, cap, () => new Error(`${url} is larger than ${cap} bytes`));
}

/** The tag of the latest release: where `<base>/latest` redirects (`…/tag/v1.2.3`). */
async function latestTag(f: typeof fetch, base: string): Promise<string> {
  const res = await f(`${base}/latest`, { signal: AbortSignal.timeout(SMALL_TIMEOUT_MS) });
  await res.body?.cancel();
  if (!res.ok) throw new Error(`${base}/latest answered ${res.status}`);
  const tag = decodeURIComponent(new URL(res.url).pathname.split("/").pop() ?? "");
  if (!/\/tag\/[^/]+$/.test(new URL(res.url).pathname) || !versionOfTag(tag)) {
    throw new Error(`${base}/latest does not lead to a release tag (it leads to ${res.url})`);
  }
  return tag;
}

export async function upgrade(opts: UpgradeOptions): Promise<UpgradeResult> {
  const f = opts.fetch ?? fetch;
  const os = opts.os ?? Deno.build.os;
  const arch = opts.arch ?? Deno.build.arch;
  const asset = assetFor(os, arch);
  if (!asset) return { ok: false, error: `No zot release is built for ${os} ${arch}` };
  let tag: string;
  try {
    tag = await latestTag(f, opts.baseUrl);
  } catch (e) {
    return { ok: false, error: `Cannot find the latest release: ${errorMessage(e)}` };
  }
  const version = versionOfTag(tag)!;
  if (compareVersions(version, opts.currentVersion) <= 0) {
    return { ok: true, message: `zot ${opts.currentVersion} is up to date (latest: ${version})` };
  }
  if (opts.check) {
    return {
      ok: true,
      message: `zot ${version} is available (this is ${opts.currentVersion}): run "zot upgrade"`,
    };
  }
  // Both files from the same tag, so a release published meanwhile cannot mix them.
  let archive: Uint8Array;
  let sums: string;
  try {
    sums = new TextDecoder().decode(
      await download(f, assetUrl(opts.baseUrl, SUMS_NAME, tag), SMALL_TIMEOUT_MS, 1024 * 1024),
    );
    archive = await download(
      f,
      assetUrl(opts.baseUrl, asset.archive, tag),
      ARCHIVE_TIMEOUT_MS,
      MAX_BINARY_BYTES,
    );
  } catch (e) {
    return { ok: false, error: `Cannot download zot ${version}: ${errorMessage(e)}` };
  }
  const mismatch = await verifyAsset(archive, asset.archive, sums);
  if (mismatch) return { ok: false, error: `Refusing zot ${version}: ${mismatch}` };
  let binary: Uint8Array;
  try {
    binary = await unpackBinary(archive, asset.archive, binaryInArchive(asset.triple));
  } catch (e) {
    return { ok: false, error: `Cannot unpack ${asset.archive}: ${errorMessage(e)}` };
  }
  const failed = await replaceBinary(opts.target, binary, { expectVersion: version, os });
  if (failed) {
    return { ok: false, error: `Cannot upgrade ${opts.target} to ${version}: ${failed}` };
  }
  return { ok: true, message: `Upgraded ${opts.target} from ${opts.currentVersion} to ${version}` };
}
