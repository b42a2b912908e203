/**
 * Images of an RPC `prompt`, checked before they enter the transcript: an
 * image the API rejects (not base64, not an image, too large) would be
 * resent with every later request, so each of them would fail too.
 *
 * @module
 */

import type { ImageBlock } from "../../protocol/content.ts";
import { MAX_IMAGE_BYTES, sniffImage } from "../../tools/image.ts";
import { formatBytes } from "../../tools/truncate.ts";

const SUPPORTED = "PNG, JPEG, GIF or WebP";

function decode(data: string): Uint8Array | undefined {
  try {
    return Uint8Array.from(atob(data), (c) => c.charCodeAt(0));
  } catch {
    return undefined;
  }
}

/**
 * One `images[i]` entry, or the error naming it. The bytes decide the
 * type: a declared `image/jpg` holding a JPEG is sent as `image/jpeg`.
 */
export function checkImage(
  mime: string,
  data: string,
  field: string,
): { ok: true; image: ImageBlock } | { ok: false; error: string } {
  // Clients often wrap base64 at 76 columns; a data: URL prefix is the other common slip.
  const base64 = data.replace(/^data:[^,]*;base64,/, "").replace(/\s+/g, "");
  const bytes = decode(base64);
  if (!bytes || bytes.length === 0) {
    return { ok: false, error: `"${field}.data" is not valid base64` };
  }
  if (bytes.length > MAX_IMAGE_BYTES) {
    return {
      ok: false,
      error: `"${field}" is ${formatBytes(bytes.length)}, over the ${
        formatBytes(MAX_IMAGE_BYTES)
      } limit for images (send a smaller one)`,
    };
  }
  const sniffed = sniffImage(bytes.subarray(0, 16));
  if (!sniffed) {
    return {
      ok: false,
      error: `"${field}" (declared ${JSON.stringify(mime)}) is not a ${SUPPORTED} image`,
    };
  }
  return { ok: true, image: { type: "image", mime_type: sniffed, data: base64 } };
}
