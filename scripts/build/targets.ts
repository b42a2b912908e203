/**
 * What `deno task build` produces and where `deno compile` looks for the
 * `denort` runtime it embeds.
 *
 * @module
 */

import { join } from "node:path";

/** One binary per OS/arch, named `zot-<target>` (`.exe` on Windows). */
export const TARGETS = [
  "x86_64-unknown-linux-gnu",
  "aarch64-unknown-linux-gnu",
  "x86_64-apple-darwin",
  "aarch64-apple-darwin",
  "x86_64-pc-windows-msvc",
] as const;

export type Target = typeof TARGETS[number];

/** Files the binary reads at run time besides its module graph. */
export const INCLUDES = [
  "src/sdk",
  "src/protocol",
  "src/is_record.ts",
  "src/sandbox",
  "src/skills/builtin",
  "sdk/python",
];

export function binaryName(target: string): string {
  return `zot-${target}${target.includes("windows") ? ".exe" : ""}`;
}

/** The DENO_DIR deno uses (DENO_DIR, else the platform cache dir). */
export async function denoDir(): Promise<string> {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["info", "--json"],
    stdout: "piped",
    stderr: "null",
    env: { NO_COLOR: "1" },
  }).output();
  const info: unknown = JSON.parse(new TextDecoder().decode(out.stdout));
  if (
    typeof info === "object" && info !== null && "denoDir" in info &&
    typeof info.denoDir === "string"
  ) {
    return info.denoDir;
  }
  throw new Error('Cannot find DENO_DIR: "deno info --json" did not report denoDir');
}

/** Where `deno compile` downloads the denort runtime for `target`. */
export function denortUrl(target: string): string {
  return `https://dl.deno.land/release/v${Deno.version.deno}/denort-${target}.zip`;
}

/** Where a pre-seeded denort zip for `target` must be for an offline build. */
export async function denortCachePath(target: string): Promise<string> {
  const version = Deno.version.deno;
  return join(await denoDir(), "dl", "release", `v${version}`, `denort-${target}.zip`);
}

/** True when `deno compile` can build `target` without the network. */
export async function denortAvailable(target: string): Promise<boolean> {
  if (Deno.env.get("DENORT_BIN")) return true;
  try {
    await Deno.stat(await denortCachePath(target));
    return true;
  } catch {
    return false;
  }
}
