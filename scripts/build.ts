/**
 * `deno task build [--host] [--target <t>]... [--out dist]`: one `deno compile`d
 * zot binary per OS. `deno compile` downloads the `denort` runtime per target
 * unless it is pre-seeded at `$DENO_DIR/dl/release/v<ver>/denort-<target>.zip`
 * (or `DENORT_BIN` is set); where neither works, the failure of each target
 * names that remedy above `deno compile`'s own error, which alone (a DNS
 * failure) would not say what to do.
 *
 * @module
 */

import { join } from "node:path";
import {
  binaryName,
  denortAvailable,
  denortCachePath,
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

/** Compile one target; resolves to an error text or undefined. */
export async function compileTarget(target: string, outDir: string): Promise<string | undefined> {
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
  const res = await new Deno.Command(Deno.execPath(), { args, stdout: "inherit", stderr: "piped" })
    .output();
  const stderr = new TextDecoder().decode(res.stderr);
  if (!res.success) {
    const hint = (await denortAvailable(target))
      ? ""
      : ` (the denort runtime could not be downloaded: pre-seed ${await denortCachePath(
        target,
      )} or set DENORT_BIN)`;
    return `Cannot build ${target}${hint}\n${stderr.trim()}`;
  }
  console.error(`built ${output} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return undefined;
}

if (import.meta.main) {
  const { targets, out } = parseArgs(Deno.args);
  await Deno.mkdir(out, { recursive: true });
  let failed = 0;
  for (const t of targets) {
    const err = await compileTarget(t, out);
    if (err) {
      failed++;
      console.error(err);
    }
  }
  console.error(`${targets.length - failed} built, ${failed} failed`);
  Deno.exit(failed ? 1 : 0);
}
