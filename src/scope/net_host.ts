/**
 * One `net` or `import` grant entry (`host` or `host:port`), normalized once
 * at load, and what kind of place it names.
 *
 * Deno parses a granted host the way a URL parser does, so "2130706433",
 * "0x7f.1", "0177.0.0.1" and "127.1" all grant 127.0.0.1, and "0.0.0.0" or
 * "[::]" reach every service on this machine. A grant shown to the user as
 * written would hide that. So numeric hosts must be spelled the one standard
 * way (four decimal numbers, or IPv6 in brackets, which is rewritten to its
 * shortest form), the unspecified addresses and IPv4 written as IPv6 are
 * refused, and names are lower-cased without a trailing dot. What a
 * canonical host reaches (this machine, the local network) is then told in
 * plain words at consent by {@linkcode hostKind}.
 *
 * @module
 */

export type HostGrant = { ok: true; host: string } | { ok: false; error: string };

/** Where a granted host lies, for the consent text. */
export type HostKind = "loopback" | "private" | "link-local" | "public";

const LABEL = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/;
const SHAPE = /^(\[[0-9A-Fa-f:.]+\]|[^:\[\]]+)(?::(\d{1,5}))?$/;
const EXAMPLE = `(example: "api.example.com:443")`;

/** Normalize one grant entry, or say why it is refused. */
export function parseHostGrant(entry: string): HostGrant {
  const m = SHAPE.exec(entry);
  if (!m) return { ok: false, error: `is not a host or host:port ${EXAMPLE}` };
  const port = m[2];
  if (port !== undefined && (Number(port) < 1 || Number(port) > 65535)) {
    return { ok: false, error: `has a port outside 1-65535` };
  }
  const host = m[1].startsWith("[") ? ipv6Host(m[1].slice(1, -1)) : nameOrIpv4(m[1]);
  if (!host.ok) return host;
  return { ok: true, host: port === undefined ? host.host : `${host.host}:${Number(port)}` };
}

function nameOrIpv4(raw: string): HostGrant {
  const name = raw.toLowerCase().replace(/\.$/, "");
  const labels = name.split(".");
  if (!labels.every((l) => LABEL.test(l))) {
    // Non-ASCII names would be shown one way and connected to another (IDNA mapping).
    const idna = /[^ -~]/.test(name) ? ` (write an international name in its "xn--" form)` : "";
    return { ok: false, error: `is not a host or host:port ${EXAMPLE}${idna}` };
  }
  // A URL parser reads a host whose last label is a number as an IPv4
  // address in any of its old forms; only the dotted-decimal one is allowed.
  if (!/^(?:\d+|0x[0-9a-f]*)$/.test(labels[labels.length - 1])) return { ok: true, host: name };
  const parts = labels.length === 4 ? labels.map(decimalOctet) : [];
  if (parts.length !== 4 || parts.some((p) => p === undefined)) {
    return {
      ok: false,
      error: `is a numeric address in a non-standard form; write it as four decimal numbers ` +
        `without leading zeros (example: "192.0.2.10")`,
    };
  }
  if (parts[0] === 0) {
    return {
      ok: false,
      error: `means every address of this machine; grant "127.0.0.1" for services on this machine`,
    };
  }
  return { ok: true, host: name };
}

function decimalOctet(s: string): number | undefined {
  if (!/^(?:0|[1-9]\d{0,2})$/.test(s)) return undefined;
  const n = Number(s);
  return n <= 255 ? n : undefined;
}

/** The eight 16-bit groups of an IPv6 address, or undefined. */
function ipv6Groups(s: string): number[] | undefined {
  let text = s.toLowerCase();
  // An embedded dotted IPv4 tail ("::ffff:127.0.0.1") is two groups.
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (v4) {
    const o = v4.slice(1).map(decimalOctet);
    if (o.some((x) => x === undefined)) return undefined;
    const [a, b, c, d] = o as number[];
    const tail = `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
    text = text.slice(0, text.length - v4[0].length) + tail;
  }
  const halves = text.split("::");
  if (halves.length > 2) return undefined;
  const group = (h: string) => (h === "" ? [] : h.split(":"));
  const head = group(halves[0]);
  const rest = halves.length === 2 ? group(halves[1]) : [];
  if ([...head, ...rest].some((g) => !/^[0-9a-f]{1,4}$/.test(g))) return undefined;
  const fill = 8 - head.length - rest.length;
  if (halves.length === 2 ? fill < 1 : fill !== 0) return undefined;
  return [
    ...head.map((g) => parseInt(g, 16)),
    ...new Array(fill).fill(0),
    ...rest.map((g) => parseInt(g, 16)),
  ];
}

/** RFC 5952 text: lower case, no leading zeros, the longest run of 2+ zero groups as "::". */
function ipv6Text(g: number[]): string {
  let best = -1;
  let bestLen = 1;
  for (let i = 0; i < 8;) {
    let j = i;
    while (j < 8 && g[j] === 0) j++;
    if (j - i > bestLen) [best, bestLen] = [i, j - i];
    i = j === i ? i + 1 : j;
  }
  const hex = g.map((x) => x.toString(16));
  if (best < 0) return hex.join(":");
  return `${hex.slice(0, best).join(":")}::${hex.slice(best + bestLen).join(":")}`;
}

function ipv6Host(inner: string): HostGrant {
  const g = ipv6Groups(inner);
  if (!g) return { ok: false, error: `is not a valid IPv6 address in brackets (example: "[::1]")` };
  if (g.every((x) => x === 0)) {
    return {
      ok: false,
      error: `means every address of this machine; grant "[::1]" for services on this machine`,
    };
  }
  // ::ffff:a.b.c.d (mapped) and ::a.b.c.d (the old "compatible" form) reach IPv4 a.b.c.d.
  const mapped = g.slice(0, 5).every((x) => x === 0) && (g[5] === 0xffff || g[5] === 0);
  if (mapped && !(g[5] === 0 && g[6] === 0)) {
    const v4 = [g[6] >> 8, g[6] & 255, g[7] >> 8, g[7] & 255].join(".");
    return { ok: false, error: `is an IPv4 address written as IPv6; grant "${v4}" instead` };
  }
  return { ok: true, host: `[${ipv6Text(g)}]` };
}

/** Where a canonical host (as {@linkcode parseHostGrant} returns it, port optional) lies. */
export function hostKind(grant: string): HostKind {
  const host = grant.replace(/:\d+$/, "");
  if (host === "localhost" || host.endsWith(".localhost")) return "loopback";
  const v4 = /^(\d+)\.(\d+)\.\d+\.\d+$/.exec(host);
  if (v4) {
    const [a, b] = [Number(v4[1]), Number(v4[2])];
    if (a === 127) return "loopback";
    if (a === 169 && b === 254) return "link-local";
    if (a === 10 || (a === 172 && b >= 16 && b < 32) || (a === 192 && b === 168)) return "private";
    if (a === 100 && b >= 64 && b < 128) return "private";
    return "public";
  }
  if (host.startsWith("[")) {
    const g = ipv6Groups(host.slice(1, -1));
    if (!g) return "public";
    if (g.slice(0, 7).every((x) => x === 0) && g[7] === 1) return "loopback";
    if ((g[0] & 0xffc0) === 0xfe80) return "link-local";
    if ((g[0] & 0xfe00) === 0xfc00) return "private";
  }
  return "public";
}
