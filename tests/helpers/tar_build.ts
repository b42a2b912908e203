/**
 * Build gzipped tar archives in tests, entry by entry, including the ones a
 * safe reader must refuse (paths that climb out, links to elsewhere, device
 * files), and a registry stand-in on 127.0.0.1 that serves them as npm does.
 *
 * @module
 */

export interface TarEntry {
  path: string;
  /** "0" file (default), "5" dir, "2" symlink, "1" hard link, "3" char device, "6" FIFO, "x" pax. */
  type?: string;
  content?: string | Uint8Array;
  linkname?: string;
  mode?: number;
}

const enc = new TextEncoder();

function put(block: Uint8Array, at: number, len: number, text: string) {
  block.set(enc.encode(text).subarray(0, len), at);
}

function octal(n: number, len: number): string {
  return n.toString(8).padStart(len - 1, "0") + "\0";
}

function header(e: TarEntry, size: number): Uint8Array {
  const b = new Uint8Array(512);
  put(b, 0, 100, e.path);
  put(b, 100, 8, octal(e.mode ?? (e.type === "5" ? 0o755 : 0o644), 8));
  put(b, 108, 8, octal(0, 8));
  put(b, 116, 8, octal(0, 8));
  put(b, 124, 12, octal(size, 12));
  put(b, 136, 12, octal(0, 12));
  b.fill(32, 148, 156);
  put(b, 156, 1, e.type ?? "0");
  put(b, 157, 100, e.linkname ?? "");
  put(b, 257, 6, "ustar\0");
  put(b, 263, 2, "00");
  let sum = 0;
  for (const x of b) sum += x;
  put(b, 148, 8, sum.toString(8).padStart(6, "0") + "\0 ");
  return b;
}

/** The uncompressed tar bytes of `entries`. */
export function tarBytes(entries: TarEntry[]): Uint8Array {
  const parts: Uint8Array[] = [];
  for (const e of entries) {
    const data = typeof e.content === "string"
      ? enc.encode(e.content)
      : e.content ?? new Uint8Array();
    parts.push(header(e, data.length));
    const padded = new Uint8Array(Math.ceil(data.length / 512) * 512);
    padded.set(data);
    parts.push(padded);
  }
  parts.push(new Uint8Array(1024));
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** gzip of `tarBytes(entries)`. */
export async function tarGz(entries: TarEntry[]): Promise<Uint8Array> {
  const stream = new Blob([tarBytes(entries) as BlobPart]).stream().pipeThrough(
    new CompressionStream("gzip"),
  );
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** A pax header entry carrying `records` (e.g. a long `path`). */
export function paxEntry(records: Record<string, string>): TarEntry {
  let body = "";
  for (const [k, v] of Object.entries(records)) {
    const rest = ` ${k}=${v}\n`;
    let len = rest.length + 1;
    while (String(len).length + rest.length !== len) len = String(len).length + rest.length;
    body += `${len}${rest}`;
  }
  return { path: "././@PaxHeader", type: "x", content: body };
}

/** sha512 integrity string of `bytes`, as the registry publishes it. */
export async function integrityOf(bytes: Uint8Array): Promise<string> {
  const d = new Uint8Array(await crypto.subtle.digest("SHA-512", bytes as BufferSource));
  return `sha512-${btoa(String.fromCharCode(...d))}`;
}

export interface PublishedVersion {
  version: string;
  tarball: Uint8Array;
  /** Published integrity; defaults to the tarball's own. */
  integrity?: string;
  keywords?: string[];
  description?: string;
}

/**
 * A registry stand-in on 127.0.0.1: packuments at `/<name>`, tarballs at `/-/<name>/<version>.tgz`,
 * search at `/-/v1/search`. `packages` can be changed while it runs (publishing a new version).
 * `cut` makes a tarball's response stop halfway (a killed download).
 */
export function fakeRegistry(packages: Map<string, PublishedVersion[]>, cut = new Set<string>()) {
  const ac = new AbortController();
  const server = Deno.serve(
    { hostname: "127.0.0.1", port: 0, signal: ac.signal, onListen: () => {} },
    async (req) => {
      const url = new URL(req.url);
      const base = `http://127.0.0.1:${server.addr.port}`;
      const path = decodeURIComponent(url.pathname);
      if (path === "/-/v1/search") {
        const objects = [...packages].map(([name, vs]) => {
          const last = vs[vs.length - 1];
          return {
            package: {
              name,
              version: last.version,
              description: last.description ?? "",
              keywords: last.keywords ?? [],
            },
          };
        });
        return Response.json({ objects, total: objects.length });
      }
      const tgz = path.match(/^\/-\/(.+)\/([^/]+)\.tgz$/);
      if (tgz) {
        const v = packages.get(tgz[1])?.find((p) => p.version === tgz[2]);
        if (!v) return new Response("not found", { status: 404 });
        if (cut.has(`${tgz[1]}@${tgz[2]}`)) {
          // Promise the whole tarball, send half, then drop the connection.
          const half = v.tarball.subarray(0, v.tarball.length >> 1);
          const body = new ReadableStream<Uint8Array>({
            start(c) {
              c.enqueue(half);
              c.error(new Error("connection dropped"));
            },
          });
          return new Response(body, {
            headers: { "content-length": String(v.tarball.length) },
          });
        }
        return new Response(v.tarball as BodyInit);
      }
      const name = path.slice(1);
      const vs = packages.get(name);
      if (!vs) return Response.json({ error: "Not found" }, { status: 404 });
      const versions: Record<string, unknown> = {};
      for (const v of vs) {
        versions[v.version] = {
          name,
          version: v.version,
          keywords: v.keywords ?? [],
          dist: {
            tarball: `${base}/-/${name}/${v.version}.tgz`,
            integrity: v.integrity ?? await integrityOf(v.tarball),
          },
        };
      }
      const latest = vs.map((v) => v.version).filter((v) => !v.includes("-")).at(-1);
      return Response.json({ name, "dist-tags": { latest }, versions });
    },
  );
  return {
    url: `http://127.0.0.1:${server.addr.port}`,
    async [Symbol.asyncDispose]() {
      ac.abort();
      await server.finished;
    },
  };
}
