/**
 * The fast path: parses a plain run (`zot -p "…"`, `zot --json …`, `zot`)
 * from the flag table without loading commander, an npm package whose
 * resolution alone costs more than the whole start-up budget. Anything it
 * does not fully understand (help, version, subcommands, unknown flags)
 * returns undefined and goes to the commander program, which owns the
 * usage errors and help texts.
 *
 * @module
 */

import { emptyRunRequest, RUN_FLAGS, type RunRequest } from "./run_flags.ts";

/** Words that start a subcommand handled by the commander program. */
const SUBCOMMANDS = new Set([
  "ext",
  "rpc",
  "trust",
  "untrust",
  "login",
  "logout",
  "upgrade",
  "help",
]);
const HANDOFF = new Set(["-h", "--help", "-V", "--version"]);

const byLong = new Map(RUN_FLAGS.map((f) => [f.long, f]));
const byShort = new Map(RUN_FLAGS.filter((f) => f.short).map((f) => [f.short!, f]));

/** Parse `args`, or undefined when the commander program must handle them. */
export function parseRunArgs(args: readonly string[]): RunRequest | undefined {
  const request = emptyRunRequest();
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === "--") {
      request.words.push(...args.slice(i + 1));
      break;
    }
    if (HANDOFF.has(arg)) return undefined;
    if (!arg.startsWith("-") || arg === "-") {
      if (request.words.length === 0 && SUBCOMMANDS.has(arg)) return undefined;
      request.words.push(arg);
      continue;
    }
    const eq = arg.startsWith("--") ? arg.indexOf("=") : -1;
    const name = eq > 0 ? arg.slice(2, eq) : arg.startsWith("--") ? arg.slice(2) : arg.slice(1);
    const spec = arg.startsWith("--") ? byLong.get(name) : byShort.get(name);
    if (!spec) return undefined;
    if (!spec.value) {
      if (eq > 0) return undefined;
      spec.apply(request, "");
      continue;
    }
    let value: string | undefined;
    if (eq > 0) value = arg.slice(eq + 1);
    else if (i + 1 < args.length) value = args[++i];
    if (value === undefined) return undefined;
    spec.apply(request, value);
  }
  return request;
}
