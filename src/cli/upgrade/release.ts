/**
 * Where zot's releases are and which asset fits this machine. The install
 * scripts (scripts/install.sh, scripts/install.ps1) follow the same rules, so
 * a release that one of them installs is one `zot upgrade` can replace.
 *
 * @module
 */

/** The project's GitHub releases page; `ZOT_INSTALL_BASE_URL` replaces it (a mirror, a test server). */
export const DEFAULT_BASE_URL = "https://github.com/zot-agent/zot/releases";

/** The environment variable naming another release base URL. */
export const BASE_URL_ENV = "ZOT_INSTALL_BASE_URL";

/** The checksum file published beside the archives. */
export const SUMS_NAME = "SHA256SUMS";

/** The Deno target triple of each OS/arch a release has an archive for. */
const TRIPLES: Record<string, Record<string, string>> = {
  linux: { x86_64: "x86_64-unknown-linux-gnu", aarch64: "aarch64-unknown-linux-gnu" },
  darwin: { x86_64: "x86_64-apple-darwin", aarch64: "aarch64-apple-darwin" },
  windows: { x86_64: "x86_64-pc-windows-msvc" },
};

/** The release archive for a target triple: `zot-<triple>.tar.gz`, `.zip` for Windows. */
export function archiveName(triple: string): string {
  return `zot-${triple}${triple.includes("windows") ? ".zip" : ".tar.gz"}`;
}

/** The binary inside an archive. */
export function binaryInArchive(triple: string): string {
  return triple.includes("windows") ? "zot.exe" : "zot";
}

/** The archive for `os`/`arch` (as in `Deno.build`), or undefined when no release has one. */
export function assetFor(
  os: string,
  arch: string,
): { triple: string; archive: string } | undefined {
  const triple = TRIPLES[os]?.[arch];
  return triple ? { triple, archive: archiveName(triple) } : undefined;
}

/**
 * The base URL to download from, or an error text. Plain http is refused
 * except on this machine (a test server): a download over it could be
 * changed on the way, and SHA256SUMS would be changed with it.
 */
export function parseBaseUrl(raw: string | undefined): { url: string } | { error: string } {
  const text = (raw ?? "").trim() || DEFAULT_BASE_URL;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return {
      error: `${BASE_URL_ENV} "${text}" is not a URL (unset it to use ${DEFAULT_BASE_URL})`,
    };
  }
  const loopback = ["127.0.0.1", "localhost", "[::1]"].includes(url.hostname);
  if (url.protocol !== "https:" && !(url.protocol === "http:" && loopback)) {
    return {
      error: `${BASE_URL_ENV} "${text}" must be an https URL (plain http only on 127.0.0.1)`,
    };
  }
  return { url: text.replace(/\/+$/, "") };
}

/** The URL of a release asset: of the latest release, or of the tag `version`. */
export function assetUrl(base: string, name: string, version?: string): string {
  return version ? `${base}/download/${version}/${name}` : `${base}/latest/download/${name}`;
}

/** A release tag as zot prints its version: `v1.2.3` -> `1.2.3`. */
export function versionOfTag(tag: string): string | undefined {
  const m = /^v?(\d+\.\d+\.\d+(?:[-+][0-9A-Za-z.-]+)?)$/.exec(tag);
  return m?.[1];
}

/** Compares two `x.y.z` versions (pre-release suffixes ignored): negative when a < b. */
export function compareVersions(a: string, b: string): number {
  const parts = (v: string) => v.split(/[-+]/)[0].split(".").map(Number);
  const [x, y] = [parts(a), parts(b)];
  for (let i = 0; i < 3; i++) {
    if (x[i] !== y[i]) return (x[i] ?? 0) - (y[i] ?? 0);
  }
  return 0;
}
