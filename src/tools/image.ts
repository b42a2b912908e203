/**
 * Image detection by magic bytes (never by extension: a `.png` holding text
 * must be read as text, and a screenshot named `shot` is still an image).
 *
 * @module
 */

/** Raw size cap: 3.75 MiB encodes to at most 5 MiB of base64, the common provider limit. */
export const MAX_IMAGE_BYTES = 3.75 * 1024 * 1024;

export type ImageMime = "image/png" | "image/jpeg" | "image/gif" | "image/webp";

function startsWith(bytes: Uint8Array, prefix: number[], at = 0): boolean {
  if (bytes.length < at + prefix.length) return false;
  return prefix.every((b, i) => bytes[at + i] === b);
}

const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

/** The image type of `head` (the first bytes of a file), or undefined. */
export function sniffImage(head: Uint8Array): ImageMime | undefined {
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (startsWith(head, [0xff, 0xd8, 0xff])) return "image/jpeg";
  if (startsWith(head, ascii("GIF87a")) || startsWith(head, ascii("GIF89a"))) return "image/gif";
  if (startsWith(head, ascii("RIFF")) && startsWith(head, ascii("WEBP"), 8)) return "image/webp";
  return undefined;
}

/** True when the sample looks binary: a NUL byte is the signal git and grep use too. */
export function looksBinary(sample: Uint8Array): boolean {
  return sample.includes(0);
}

/** Standard base64 of `bytes`, in chunks so large files do not overflow the call stack. */
export function toBase64(bytes: Uint8Array): string {
  let binary = "";
  const step = 0x8000;
  for (let i = 0; i < bytes.length; i += step) {
    binary += String.fromCharCode(...bytes.subarray(i, i + step));
  }
  return btoa(binary);
}
