/**
 * npm as an install source: `npm:<package>[@version|@range|@tag]`. The version
 * is resolved from the registry's packument, the tarball downloaded (bounded),
 * its sha512 `integrity` checked against what the registry published, and the
 * archive unpacked by our own reader: no npm, no install scripts, nothing run.
 *
 * The registry is `ZOT_NPM_REGISTRY` when set (tests point it at 127.0.0.1),
 * else the public one.
 *
 * @module
 */

import { readBounded } from "../../bounded_read.ts";
import { isRecord } from "../../is_record.ts";
import { denoEnv, type EnvGet } from "../../config/paths.ts";
import { errorMessage, ZotError } from "../../errors.ts";
import { unpackTarGz } from "./tar.ts";

export const DEFAULT_REGISTRY = "https://registry.npmjs.org";

/** Largest tarball downloaded. */
export const MAX_TARBALL_BYTES = 64 * 1024 * 1024;
/** Largest packument read (popular packages have large ones). */
export const MAX_PACKUMENT_BYTES = 32 * 1024 * 1024;

export interface NpmSpec {
  package: string;
  /** What the user asked for: a version, a range or a dist-tag; "latest" when nothing. */
  range: string;
}

export interface NpmResolved {
  version: string;
  tarball: string;
  integrity: string;
}

function fail(message: string): ZotError {
  return new ZotError("npm", message);
}

/** The registry base URL, without a trailing slash. */
export function npmRegistry(env: EnvGet = denoEnv): string {
  return (env("ZOT_NPM_REGISTRY") || DEFAULT_REGISTRY).replace(/\/+$/, "");
}

const NAME = /^(@[a-z0-9][a-z0-9._~-]*\/)?[a-z0-9][a-z0-9._~-]*$/;

/** `npm:@scope/pkg@^1.2` → package and range; undefined when `src` is not an npm source. */
export function parseNpmSource(src: string): NpmSpec | undefined {
  if (!src.startsWith("npm:")) return undefined;
  const rest = src.slice(4);
  const at = rest.indexOf("@", 1);
  const pkg = at < 0 ? rest : rest.slice(0, at);
  const range = at < 0 ? "" : rest.slice(at + 1);
  if (!NAME.test(pkg) || pkg.length > 214) {
    throw fail(`"${pkg}" is not an npm package name (use npm:<package>[@version|@range])`);
  }
  return { package: pkg, range: range.trim() || "latest" };
}

/** The install directory name of a package: its name without the scope. */
export function npmInstallName(pkg: string): string {
  return pkg.slice(pkg.lastIndexOf("/") + 1);
}

/** Read a response body, refusing past `max` bytes. */
async function boundedBody(res: Response, max: number, what: string): Promise<Uint8Array> {
  const declared = Number(res.headers.get("content-length") ?? "0");
  if (declared > max) {
    await res.body?.cancel();
    throw fail(`${what} is larger than ${max} bytes; refused`);
  }
  return await readBounded(
    res.body,
    max,
    () => fail(`${what} is larger than ${max} bytes; refused`),
  );
}

async function get(url: string, what: string, max: number, signal?: AbortSignal) {
  let res: Response;
  try {
    res = await fetch(url, { signal, headers: { accept: "application/json" } });
  } catch (e) {
    signal?.throwIfAborted();
    throw fail(`cannot fetch ${what} from ${url}: ${errorMessage(e)} (check your network)`);
  }
  if (!res.ok) {
    await res.body?.cancel();
    const hint = res.status === 404 ? " (check the package name)" : "";
    throw fail(`cannot fetch ${what} from ${url}: HTTP ${res.status}${hint}`);
  }
  try {
    return await boundedBody(res, max, what);
  } catch (e) {
    signal?.throwIfAborted();
    if (e instanceof ZotError) throw e;
    throw fail(`download of ${what} from ${url} failed: ${errorMessage(e)}`);
  }
}

function packumentUrl(registry: string, pkg: string): string {
  return `${registry}/${pkg.replace("/", "%2f")}`;
}

const isObj = isRecord;

/** Resolve `spec` to one published version with its tarball and integrity. */
export async function resolveNpm(
  spec: NpmSpec,
  registry: string,
  signal?: AbortSignal,
): Promise<NpmResolved> {
  const url = packumentUrl(registry, spec.package);
  const body = await get(url, `package "${spec.package}"`, MAX_PACKUMENT_BYTES, signal);
  let doc: unknown;
  try {
    doc = JSON.parse(new TextDecoder().decode(body));
  } catch {
    throw fail(`the registry's answer for "${spec.package}" is not JSON (${url})`);
  }
  const versions = isObj(doc) && isObj(doc.versions) ? doc.versions : {};
  const tags = isObj(doc) && isObj(doc["dist-tags"]) ? doc["dist-tags"] : {};
  const semver = await import("semver");
  let version: string | null = null;
  const tagged = tags[spec.range];
  if (typeof tagged === "string" && isObj(versions[tagged])) version = tagged;
  else if (semver.validRange(spec.range)) {
    version = semver.maxSatisfying(
      Object.keys(versions).filter((v) => semver.valid(v)),
      spec.range,
    );
  } else {
    throw fail(`"${spec.range}" is not a version, range or tag of "${spec.package}"`);
  }
  if (!version) {
    throw fail(`no version of "${spec.package}" matches "${spec.range}" (see ${url})`);
  }
  const meta = versions[version];
  const dist = isObj(meta) && isObj(meta.dist) ? meta.dist : {};
  const { tarball, integrity } = dist;
  if (typeof tarball !== "string" || !/^https?:\/\//.test(tarball)) {
    throw fail(`"${spec.package}@${version}" has no tarball URL in the registry`);
  }
  if (typeof integrity !== "string" || !/^sha512-[A-Za-z0-9+/]+={0,2}$/.test(integrity.trim())) {
    // An old sha1 `shasum` alone is not enough to trust a download.
    throw fail(`"${spec.package}@${version}" has no sha512 integrity in the registry; refused`);
  }
  return { version, tarball, integrity: integrity.trim() };
}

function base64(bytes: Uint8Array): string {
  let s = "";
  for (let i = 0; i < bytes.length; i += 0x8000) {
    s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(s);
}

/** `sha512-<base64>` of `bytes`. */
export async function sha512Integrity(bytes: Uint8Array): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-512", bytes as BufferSource);
  return `sha512-${base64(new Uint8Array(digest))}`;
}

/**
 * Download the tarball of `resolved`, check it against the registry's integrity and unpack it
 * into the new directory `dest`. Nothing is unpacked from a tarball that does not match.
 */
export async function fetchNpmPackage(
  spec: NpmSpec,
  resolved: NpmResolved,
  dest: string,
  signal?: AbortSignal,
): Promise<void> {
  const what = `the tarball of "${spec.package}@${resolved.version}"`;
  const bytes = await get(resolved.tarball, what, MAX_TARBALL_BYTES, signal);
  const actual = await sha512Integrity(bytes);
  if (actual !== resolved.integrity) {
    throw fail(
      `${what} does not match the registry's integrity (expected ${resolved.integrity}, ` +
        `got ${actual}); refused, nothing installed (try again; if it persists, report it to the registry)`,
    );
  }
  await unpackTarGz(bytes, dest, { strip: 1 });
}
