/**
 * What one confined process may do, in the OS sandbox's own terms: the
 * single shape every caller (scoped plain extensions, `run` grants, the
 * sandboxed `bash` tool) maps its own rules to before asking for a
 * confined command.
 *
 * @module
 */

/** The whole policy of one confined process. Paths are absolute. */
export interface OsPolicy {
  /** Trees the process may not read (the home directory, zot's home, secrets). */
  readDeny: string[];
  /** Trees under a denied one that are readable again (its own dir, its data dir). */
  readAllow: string[];
  /** The only trees the process may write (the rest of the file system is read-only). */
  write: string[];
  /** Paths inside `write` that stay read-only (a repository's .git, zot's .zot). */
  writeDeny?: string[];
  /**
   * Hosts reachable through the filtering proxy, as `host` or `host:port`
   * (`*.example.com` for subdomains). Everything else is refused, and the
   * process has no network of its own.
   */
  netHosts: string[];
  /**
   * Whether `netHosts` may name this machine (`localhost`, `127.0.0.1`,
   * `[::1]`). Without it such an entry is refused before anything starts:
   * a local port is as sensitive as a file.
   */
  loopback: boolean;
  /** The WHOLE environment the process gets; nothing of zot's is inherited. */
  env: Record<string, string>;
}

/** True when `host` (no port) names this machine. */
export function isLoopbackHost(host: string): boolean {
  const h = host.toLowerCase().replace(/^\[|\]$/g, "");
  return h === "localhost" || h.endsWith(".localhost") || h === "::1" ||
    /^127(\.\d{1,3}){3}$/.test(h) || h === "0.0.0.0" || h === "::" ||
    /^::ffff:127\./.test(h);
}

/** The host part of a `netHosts` entry: `[::1]:80` -> `::1`, `a.b:443` -> `a.b`. */
export function hostOfEntry(entry: string): string {
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(entry);
  if (bracketed) return bracketed[1];
  const colons = entry.split(":").length - 1;
  if (colons === 1) return entry.slice(0, entry.indexOf(":"));
  return entry; // a bare IPv6 address or a host without a port
}
