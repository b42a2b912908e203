/**
 * Keeps npm packages that zot never loads out of `deno.lock`, so a first
 * run neither downloads nor announces them.
 *
 * `@mariozechner/pi-tui` lists `koffi` (a C FFI with prebuilt binaries for
 * every platform: 28 MB unpacked) as an optional dependency. pi-tui loads
 * it only on Windows, to switch the console to VT input (without it,
 * Shift+Tab arrives there as Tab). Deno has no setting to skip optional
 * dependencies, and koffi declares no `os`, so every fresh install fetched
 * it and printed an "Ignored build scripts" warning box (23 of them, measured
 * on `deno install --frozen --entrypoint main.ts` with an empty DENO_DIR).
 * Deno builds its npm tree from the lock file when the lock has the
 * package, so a lock without koffi installs without it, `--frozen` included;
 * pi-tui's `require("koffi")` sits in a try block and is never reached off
 * Windows.
 *
 * Deno writes koffi back when it resolves pi-tui afresh (a version bump):
 * run this script then. A test fails while the lock holds a pruned package.
 *
 * Usage: deno run -A scripts/lock_prune.ts [deno.lock]
 *
 * @module
 */

/** npm packages kept out of the lock, with the reason. */
export const PRUNED: Readonly<Record<string, string>> = {
  koffi: "optional FFI of pi-tui, used only on Windows (28 MB on every platform)",
};

/** The part of a deno.lock this script reads and edits. */
interface Lock {
  npm?: Record<string, LockedPackage>;
  [key: string]: unknown;
}

/** One package in the lock's `npm` section (integrity, scripts, bin and so on pass through). */
interface LockedPackage {
  dependencies?: string[];
  optionalDependencies?: string[];
  [key: string]: unknown;
}

/** Whether a lock entry (`name@version`) or a dependency (`name`, `name@version`) names `name`. */
function names(entry: string, name: string): boolean {
  return entry === name || entry.startsWith(`${name}@`);
}

/** The pruned packages `lock` still holds, as lock entries or dependency references. */
export function prunedIn(lock: Lock): string[] {
  const found = new Set<string>();
  for (const [id, pkg] of Object.entries(lock.npm ?? {})) {
    for (const name of Object.keys(PRUNED)) {
      if (names(id, name)) found.add(id);
      const refs = [...(pkg.optionalDependencies ?? []), ...(pkg.dependencies ?? [])];
      if (refs.some((r) => names(r, name))) found.add(`${name} (from ${id})`);
    }
  }
  return [...found].sort();
}

/**
 * `lock` without the pruned packages. Only optional references are dropped:
 * a package that needs one for real keeps it, and the test reports it.
 */
export function prune(lock: Lock): Lock {
  const npm: NonNullable<Lock["npm"]> = {};
  const pruned = Object.keys(PRUNED);
  for (const [id, pkg] of Object.entries(lock.npm ?? {})) {
    if (pruned.some((name) => names(id, name))) continue;
    const next = { ...pkg };
    const optional = pkg.optionalDependencies?.filter((r) => !pruned.some((n) => names(r, n)));
    if (optional?.length) next.optionalDependencies = optional;
    else delete next.optionalDependencies;
    npm[id] = next;
  }
  return lock.npm === undefined ? lock : { ...lock, npm };
}

if (import.meta.main) {
  const path = Deno.args[0] ?? "deno.lock";
  const before = await Deno.readTextFile(path);
  const lock: Lock = JSON.parse(before);
  const after = `${JSON.stringify(prune(lock), null, 2)}\n`;
  if (after === before) console.log(`${path}: nothing to prune`);
  else {
    await Deno.writeTextFile(path, after);
    console.log(`${path}: pruned ${prunedIn(lock).join(", ")}`);
  }
}
