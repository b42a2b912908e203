/**
 * `deno task build [--host] [--target <t>]... [--out dist]`: the release
 * assets. Per target it compiles zot with `deno compile`, packs the binary
 * into `zot-<target>.tar.gz` (`.zip` for Windows, holding `zot.exe`), and
 * over all archives writes one `SHA256SUMS`; the binary built for this
 * machine must run `--version` before anything is written.
 *
 * `deno compile` downloads the `denort` runtime per target unless it is
 * pre-seeded at `$DENO_DIR/dl/release/v<ver>/denort-<target>.zip` (or
 * `DENORT_BIN` is set). Where neither works the build stops with one line:
 * the cause, the URL it needs and the remedy, instead of deno's error chain
 * and backtrace.
 *
 * @module
 */

import { join, resolve } from "node:path";
import { archiveName, binaryInArchive } from "../src/cli/upgrade/release.ts";
import { ZOT_VERSION } from "../src/version.ts";
import { sha256Sums, tarGz, zip } from "./build/archive.ts";
import {
  binaryName,
  denortAvailable,
  denortCachePath,
  denortUrl,
  INCLUDES,
  TARGETS,
} from "./build/targets.ts";

function parseArgs(args: string[]): { targets: string[]; out: string } {
  const targets: string[] = [];
  let out = "dist";
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a === "--host") targets.push(Deno.build.target);
    else if (a === "--target") targets.push(args[++i]);
    else if (a === "--out") out = args[++i];
    else if (a === "--help" || a === "-h") {
      console.log("usage: deno task build [--host] [--target <triple>]... [--out <dir>]");
      console.log(`targets: ${TARGETS.join(", ")} (default: all)`);
      Deno.exit(0);
    } else {
      console.error(`build: unknown argument "${a}" (run "deno task build --help")`);
      Deno.exit(2);
    }
  }
  return { targets: targets.length ? targets : [...TARGETS], out };
}

/** The root cause in deno's error chain (`Caused by:` … its last numbered line). */
export function rootCause(stderr: string): string {
  // deno colours its errors unless NO_COLOR reaches it.
  const plain = stderr.replace(new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, "g"), "");
  const chain = plain.split("Stack backtrace:")[0];
  const causes = [...chain.matchAll(/^\s*\d+: (.+)$/gm)].map((m) => m[1].trim());
  const last = causes.at(-1) ?? chain.split("\n").find((l) => l.startsWith("error:")) ?? "";
  return last.replace(/^error:\s*/, "").trim() || "deno compile failed";
}

/** Why compiling a target failed: one line when the runtime download was the cause. */
export type CompileFailure = { denort: boolean; message: string };

/** Compile one target into `outDir`; resolves to a failure or undefined. */
export async function compileTarget(
  target: string,
  outDir: string,
): Promise<CompileFailure | undefined> {
  const output = join(outDir, binaryName(target));
  const args = [
    "compile",
    "-A",
    "--unstable-worker-options",
    "--no-check",
    ...INCLUDES.flatMap((p) => ["--include", p]),
    "--target",
    target,
    "--output",
    output,
    "main.ts",
  ];
  const started = performance.now();
  const res = await new Deno.Command(Deno.execPath(), {
    args,
    cwd: new URL("..", import.meta.url),
    env: { RUST_BACKTRACE: "0", RUST_LIB_BACKTRACE: "0", NO_COLOR: "1" },
    stdout: "null",
    stderr: "piped",
  }).output();
  const stderr = new TextDecoder().decode(res.stderr);
  if (!res.success) {
    if (!(await denortAvailable(target))) {
      return {
        denort: true,
        message: `Cannot build ${target}: the denort runtime could not be downloaded from ` +
          `${denortUrl(target)} (${rootCause(stderr)}) (download it to ` +
          `${await denortCachePath(target)}, or set DENORT_BIN to a denort binary, and run ` +
          `"deno task build" again)`,
      };
    }
    return { denort: false, message: `Cannot build ${target}: ${rootCause(stderr)}` };
  }
  console.error(`built ${output} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return undefined;
}

/** Undefined when the binary built for this machine prints zot's version. */
export async function smokeTest(binary: string): Promise<string | undefined> {
  let out: Deno.CommandOutput;
  try {
    out = await new Deno.Command(binary, {
      args: ["--version"],
      stdin: "null",
      stdout: "piped",
      stderr: "piped",
      signal: AbortSignal.timeout(60_000),
    }).output();
  } catch (e) {
    return `${binary} does not start: ${e instanceof Error ? e.message : String(e)}`;
  }
  const printed = new TextDecoder().decode(out.stdout).trim();
  if (!out.success || printed !== ZOT_VERSION) {
    return `${binary} --version printed "${printed.slice(0, 80)}" (exit ${out.code}), ` +
      `not ${ZOT_VERSION}: the denort runtime it embeds is not the real one`;
  }
  return undefined;
}

/** The archive for `target` from the compiled binary in `stage`. */
export async function pack(target: string, stage: string): Promise<Uint8Array> {
  const body = await Deno.readFile(join(stage, binaryName(target)));
  const inner = binaryInArchive(target);
  return target.includes("windows") ? zip(inner, body) : tarGz(inner, body);
}

async function main(args: string[]): Promise<number> {
  const { targets, out: given } = parseArgs(args);
  const out = resolve(given);
  const stage = join(out, ".stage");
  await Deno.mkdir(stage, { recursive: true });
  try {
    const failures: string[] = [];
    for (const t of targets) {
      const failed = await compileTarget(t, stage);
      if (failed?.denort) {
        // Every other target needs a download too: one line says all there is to say.
        console.error(failed.message);
        return 1;
      }
      if (failed) failures.push(failed.message);
      else if (t === Deno.build.target) {
        const broken = await smokeTest(join(stage, binaryName(t)));
        if (broken) failures.push(`Cannot release ${t}: ${broken}`);
      }
    }
    if (failures.length > 0) {
      for (const f of failures) console.error(f);
      return 1;
    }
    const archives = new Map<string, Uint8Array>();
    for (const t of targets) archives.set(archiveName(t), await pack(t, stage));
    for (const [name, bytes] of archives) await Deno.writeFile(join(out, name), bytes);
    await Deno.writeTextFile(join(out, "SHA256SUMS"), await sha256Sums(archives));
    console.error(`${archives.size} archives and SHA256SUMS in ${out}`);
    return 0;
  } finally {
    await Deno.remove(stage, { recursive: true }).catch(() => {});
  }
}

if (import.meta.main) Deno.exit(await main(Deno.args));
