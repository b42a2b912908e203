/**
 * Saying that the sandbox stopped a `bash` command. The OS sandbox does not report what it
 * refused: the command sees ordinary errors (on Linux a hidden secret is simply not there, so
 * the sign is its path in the output; "Operation not permitted" on macOS; "Read-only file
 * system" writing outside the project; a refused connection or a 403 from the filtering proxy). A failed sandboxed command whose output shows one of them gets a note naming the limit
 * and what to allow, so neither the model nor the user mistakes it for a bug of the command.
 *
 * @module
 */

/** One kind of refusal the sandbox causes, as it shows in a command's output. */
interface StopKind {
  kind: StopKindName;
  pattern: RegExp;
}

type StopKindName = "read" | "write" | "network";

const KINDS: readonly StopKind[] = [
  { kind: "write", pattern: /read-only file system|EROFS/i },
  { kind: "read", pattern: /operation not permitted|EPERM/i },
  {
    kind: "network",
    pattern:
      /could not resolve host|name or service not known|temporary failure in name resolution|network is unreachable|connection refused|ECONNREFUSED|ENOTFOUND|EAI_AGAIN|CONNECT tunnel failed|(response|error|status|HTTP)[: ]+403\b|\b403 forbidden|blocked-by-allowlist|proxy error/i,
  },
];

/**
 * The sandbox limits a failed command's output points at, in a stable order. `denied`: the
 * unreadable paths; naming one (or something below it) is a sign of a refused read.
 */
export function sandboxStops(output: string, denied: readonly string[] = []): StopKindName[] {
  const names = denied.some((path) => output.includes(path)) ? new Set(["read"]) : new Set();
  for (const k of KINDS) if (k.pattern.test(output)) names.add(k.kind);
  return KINDS.map((k) => k.kind).filter((kind) => names.has(kind));
}

export interface StopContext {
  /** Unreadable paths. */
  denied: readonly string[];
  /** Writable directories, for the message. */
  write: readonly string[];
  /** Allowed hosts, for the message. */
  net: readonly string[];
}

/**
 * The note appended to a failed sandboxed command's result, or undefined when its output shows
 * none of the sandbox's refusals. It says what was limited and how to allow it.
 */
export function sandboxStopNote(output: string, ctx: StopContext): string | undefined {
  const stops = sandboxStops(output, ctx.denied);
  if (stops.length === 0) return undefined;
  const lines = ["The sandbox may have stopped this command (bash runs in the OS sandbox):"];
  if (stops.includes("write")) {
    lines.push(`- writes are allowed only in ${ctx.write.map((p) => `"${p}"`).join(" and ")}`);
  }
  if (stops.includes("read")) {
    lines.push(
      "- credentials (~/.ssh, ~/.aws, ~/.gnupg, cloud and package-manager credentials, zot's home) are not readable",
    );
  }
  if (stops.includes("network")) {
    const hosts = ctx.net.length ? ctx.net.map((h) => `"${h}"`).join(", ") : "none";
    lines.push(`- the network reaches only allowed hosts (now: ${hosts})`);
  }
  lines.push(
    'To allow it, add the host to "bashSandbox.net" in config.json, work inside the project, or ask the user to turn the sandbox off with /sandbox',
  );
  return lines.join("\n");
}
