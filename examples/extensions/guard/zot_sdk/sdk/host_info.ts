/**
 * The host's `hello_ack`: reading it as the first frame, and the host info it
 * carries. Older hosts omit `data_dir`; the extension directory is then where
 * state belongs (as in the reference host).
 *
 * @module
 */

import type { LineItem } from "../protocol/framing.ts";
import type { HelloAckFrame } from "../protocol/frames.ts";
import { parseHostToExt } from "../protocol/validate.ts";
import { withAliases } from "./aliases.ts";
import type { HostInfo } from "./types.ts";

/**
 * The first host frame, which must be `hello_ack`; undefined (after `log`) when input ends first.
 * Reads exactly one item: a `for await` would close the shared generator on return.
 */
export async function readHelloAck(
  lines: AsyncGenerator<LineItem>,
  log: (message: string) => void,
): Promise<HelloAckFrame | undefined> {
  const first = await lines.next();
  if (first.done || first.value.kind !== "line") {
    log("host closed input before hello_ack");
    return undefined;
  }
  const parsed = parseHostToExt(first.value.line);
  if (!parsed.ok) throw new Error(`First host frame must be hello_ack (${parsed.error})`);
  if (parsed.frame.type !== "hello_ack") {
    throw new Error(`First host frame must be hello_ack (got "${parsed.frame.type}")`);
  }
  return parsed.frame;
}

/** The host info of `ack`, with the wire's field names (and the deprecated camelCase aliases). */
export function hostInfo(ack: HelloAckFrame): HostInfo {
  return withAliases({
    protocol_version: ack.protocol_version,
    zot_version: ack.zot_version,
    provider: ack.provider,
    model: ack.model,
    cwd: ack.cwd,
    extension_dir: ack.extension_dir ?? "",
    data_dir: ack.data_dir ?? ack.extension_dir ?? "",
    capabilities: ack.capabilities ?? [],
  }, {
    protocolVersion: "protocol_version",
    zotVersion: "zot_version",
    extensionDir: "extension_dir",
    dataDir: "data_dir",
  });
}
