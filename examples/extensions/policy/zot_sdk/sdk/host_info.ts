/**
 * Host info from `hello_ack`. Older hosts omit `data_dir`; the extension
 * directory is then where state belongs (as in the reference host).
 *
 * @module
 */

import type { HelloAckFrame } from "../protocol/frames.ts";
import type { HostInfo } from "./types.ts";

export function hostInfo(ack: HelloAckFrame): HostInfo {
  return {
    protocolVersion: ack.protocol_version,
    zotVersion: ack.zot_version,
    provider: ack.provider,
    model: ack.model,
    cwd: ack.cwd,
    extensionDir: ack.extension_dir ?? "",
    dataDir: ack.data_dir ?? ack.extension_dir ?? "",
    capabilities: ack.capabilities ?? [],
  };
}
