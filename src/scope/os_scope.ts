/**
 * Which parts of a scope the OS sandbox can enforce for a plain program (a
 * Python, Go or shell extension), and the refusal for the parts it cannot.
 *
 * The OS sandbox confines files (read, write), network hosts (through its
 * filtering proxy) and the environment, and every protocol grant is the
 * host's to enforce as for any extension. It cannot narrow which programs a
 * confined process starts (every program it can read, it can run, inside
 * the same confinement), which system information it reads, where code is
 * imported from, or how much memory it takes. A manifest asking for those
 * would be shown to the user as a limit that nothing holds, so it is
 * refused when it is loaded, with the reason.
 *
 * @module
 */

/** Scope keys a confined plain program may not use, with why, as the refusal says it. */
const NOT_EXPRESSIBLE: Record<string, string> = {
  run: "a confined program may already run every program it can read, inside the same " +
    "confinement, so a list of programs limits nothing",
  sys: "the OS sandbox cannot narrow which system information a program reads",
  import: "the OS sandbox does not load code for a program; it fetches what it needs over " +
    "the network (grant the hosts in scope.net)",
  memory: "the OS sandbox sets no memory limit",
};

/**
 * Why the OS sandbox cannot enforce the raw `scope` object of a plain
 * program's manifest, one phrase per key or entry (empty: it can).
 */
export function osScopeProblems(raw: Record<string, unknown>): string[] {
  const problems: string[] = [];
  for (const [key, why] of Object.entries(NOT_EXPRESSIBLE)) {
    const value = raw[key];
    if (value === undefined || (Array.isArray(value) && value.length === 0)) continue;
    problems.push(`scope.${key} cannot be enforced for a plain program: ${why} (remove it)`);
  }
  const net = raw.net;
  if (Array.isArray(net)) {
    for (const entry of net) {
      if (typeof entry === "string" && entry.startsWith("[")) {
        problems.push(
          `scope.net "${entry}": the OS sandbox's proxy takes host names and IPv4 addresses, ` +
            `not IPv6 literals (grant a host name instead)`,
        );
      }
    }
  }
  return problems;
}
