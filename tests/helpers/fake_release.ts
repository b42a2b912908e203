/**
 * A release server on 127.0.0.1 laid out like GitHub's releases page:
 * `/latest` redirects to `/tag/v<version>`, assets are served at
 * `/latest/download/<name>` and `/download/v<version>/<name>`. The assets
 * are real archives (written by the build's own archive code) holding a
 * small shell script that stands in for zot and answers `--version`.
 *
 * @module
 */

import { sha256Sums, tarGz, zip } from "../../scripts/build/archive.ts";
import { archiveName, binaryInArchive } from "../../src/cli/upgrade/release.ts";

export interface FakeRelease extends AsyncDisposable {
  /** The base URL, as ZOT_INSTALL_BASE_URL takes it. */
  url: string;
  version: string;
  /** Served files by name; tests change them to tamper with a release. */
  files: Map<string, Uint8Array>;
  /** Paths requested so far. */
  requests: string[];
}

/** The stand-in binary: prints `version` for `--version`, or whatever `script` says. */
export function fakeZot(version: string, script?: string): Uint8Array {
  return new TextEncoder().encode(
    script ?? `#!/bin/sh\nif [ "$1" = --version ]; then echo ${version}; exit 0; fi\nexit 3\n`,
  );
}

/** Archives for `triples`, each holding `binary`, plus SHA256SUMS over them. */
export async function releaseFiles(
  triples: string[],
  binary: Uint8Array,
): Promise<Map<string, Uint8Array>> {
  const files = new Map<string, Uint8Array>();
  for (const t of triples) {
    const inner = binaryInArchive(t);
    files.set(
      archiveName(t),
      t.includes("windows") ? await zip(inner, binary) : await tarGz(inner, binary),
    );
  }
  files.set("SHA256SUMS", new TextEncoder().encode(await sha256Sums(files)));
  return files;
}

export async function fakeRelease(
  version: string,
  triples: string[] = ["x86_64-unknown-linux-gnu", "aarch64-apple-darwin"],
  binary: Uint8Array = fakeZot(version),
): Promise<FakeRelease> {
  const files = await releaseFiles(triples, binary);
  const requests: string[] = [];
  const tag = `v${version}`;
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, (req) => {
    const path = new URL(req.url).pathname;
    requests.push(path);
    if (path === "/releases/latest") {
      return new Response(null, { status: 302, headers: { location: `/releases/tag/${tag}` } });
    }
    if (path === `/releases/tag/${tag}`) return new Response("release page");
    const m = new RegExp(`^/releases/(?:latest/download|download/${tag})/([^/]+)$`).exec(path);
    const body = m ? files.get(m[1]) : undefined;
    return body
      ? new Response(body as Uint8Array<ArrayBuffer>)
      : new Response("Not Found", { status: 404 });
  });
  return {
    url: `http://127.0.0.1:${server.addr.port}/releases`,
    version,
    files,
    requests,
    async [Symbol.asyncDispose]() {
      await server.shutdown();
    },
  };
}
