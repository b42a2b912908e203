/**
 * The `read` tool: text files as numbered lines with a 1-based `offset` and
 * a `limit`, images (PNG, JPEG, GIF, WebP by magic bytes) as image blocks,
 * and clear refusals for binaries, directories and missing files.
 *
 * @module
 */

import type { Tool, ToolContext, ToolResult } from "../model/types.ts";
import type { JsonObject } from "../protocol/frames.ts";
import { errorResult, optionalInt } from "./args.ts";
import {
  fileError,
  type FileToolOptions,
  isDirectoryError,
  notRegularError,
  targetPath,
  type ToolPath,
} from "./file_access.ts";
import { looksBinary, MAX_IMAGE_BYTES, sniffImage, toBase64 } from "./image.ts";
import { formatBytes, MAX_BYTES, MAX_LINES } from "./truncate.ts";
import { readSpec } from "./specs.ts";

/** Characters shown of one line; minified files would otherwise fill the budget with one line. */
export const MAX_LINE_CHARS = 2000;
const SNIFF_BYTES = 8192;

export function createReadTool(options: FileToolOptions = {}): Tool {
  return {
    ...readSpec(),
    source: "builtin",
    execute: (args, ctx) => readFile(args, ctx, options),
  };
}

async function readFile(args: JsonObject, ctx: ToolContext, options: FileToolOptions) {
  const offset = optionalInt(args, "offset", 1);
  if (!offset.ok) return errorResult(offset.error);
  const limit = optionalInt(args, "limit", 1);
  if (!limit.ok) return errorResult(limit.error);
  const target = await targetPath(args, ctx, options);
  if (!target.ok) return target.result;
  const { path } = target;
  let file: Deno.FsFile;
  try {
    const info = await Deno.stat(path.abs);
    if (info.isDirectory) return isDirectoryError(path.shown, "read");
    if (!info.isFile) return notRegularError(path.shown, "read");
    file = await Deno.open(path.abs, { read: true });
  } catch (e) {
    return fileError(e, path.shown, "read");
  }
  try {
    const head = await readUpTo(file, SNIFF_BYTES);
    const mime = sniffImage(head);
    if (mime) return await readImage(file, head, path, mime);
    if (looksBinary(head)) {
      const size = (await file.stat()).size;
      return errorResult(
        `Cannot read "${path.shown}": it is a binary file (${
          formatBytes(size)
        }; use bash tools such as "xxd" or "file" to inspect it)`,
      );
    }
    return await readText(file, head, path, offset.value ?? 1, limit.value);
  } catch (e) {
    return fileError(e, path.shown, "read");
  } finally {
    file.close();
  }
}

async function readUpTo(file: Deno.FsFile, n: number): Promise<Uint8Array> {
  const buf = new Uint8Array(n);
  let filled = 0;
  while (filled < n) {
    const got = await file.read(buf.subarray(filled));
    if (got === null) break;
    filled += got;
  }
  return buf.subarray(0, filled);
}

async function readImage(
  file: Deno.FsFile,
  head: Uint8Array,
  path: ToolPath,
  mime: string,
): Promise<ToolResult> {
  const size = (await file.stat()).size;
  if (size > MAX_IMAGE_BYTES) {
    return errorResult(
      `Image "${path.shown}" is ${size} bytes, over the ${
        formatBytes(MAX_IMAGE_BYTES)
      } limit for images (make a smaller copy, e.g. with ImageMagick "convert -resize", and read that)`,
    );
  }
  const rest = await readUpTo(file, size - head.length);
  const bytes = new Uint8Array(head.length + rest.length);
  bytes.set(head);
  bytes.set(rest, head.length);
  return {
    content: [
      { type: "text", text: `Image "${path.shown}" (${mime}, ${formatBytes(bytes.length)})` },
      { type: "image", mime_type: mime, data: toBase64(bytes) },
    ],
  };
}

/**
 * Streams the file once: collects the requested lines within the byte
 * budget and counts all lines, so the marker can say how much is left.
 */
async function readText(
  file: Deno.FsFile,
  head: Uint8Array,
  path: ToolPath,
  offset: number,
  limit: number | undefined,
): Promise<ToolResult> {
  const maxLines = Math.min(limit ?? MAX_LINES, MAX_LINES);
  const shown: string[] = [];
  let bytes = 0;
  let budgetHit = false;
  let lineNo = 0;
  let partial = "";
  const decoder = new TextDecoder();
  const take = (line: string) => {
    lineNo++;
    if (lineNo < offset || budgetHit || shown.length >= maxLines) return;
    const text = line.endsWith("\r") ? line.slice(0, -1) : line;
    const clipped = text.length > MAX_LINE_CHARS
      ? `${text.slice(0, MAX_LINE_CHARS)} [line truncated: ${text.length} characters]`
      : text;
    const size = clipped.length + 8;
    if (bytes + size > MAX_BYTES && shown.length > 0) {
      budgetHit = true;
      return;
    }
    bytes += size;
    shown.push(clipped);
  };
  const feed = (chunk: string) => {
    const parts = (partial + chunk).split("\n");
    partial = parts.pop()!;
    for (const line of parts) take(line);
  };
  feed(decoder.decode(head, { stream: true }));
  const buf = new Uint8Array(64 * 1024);
  while (true) {
    const got = await file.read(buf);
    if (got === null) break;
    feed(decoder.decode(buf.subarray(0, got), { stream: true }));
  }
  partial += decoder.decode();
  if (partial !== "") take(partial);
  const total = lineNo;
  if (total === 0) return { content: [{ type: "text", text: `(empty file "${path.shown}")` }] };
  if (offset > total) {
    return errorResult(
      `Offset ${offset} is beyond the end of "${path.shown}" (${total} lines; use an offset from 1 to ${total})`,
    );
  }
  const last = offset + shown.length - 1;
  const width = String(last).length;
  let text = shown.map((line, i) => `${String(offset + i).padStart(width)}\t${line}`).join("\n");
  if (last < total) {
    const why = budgetHit ? ` (${MAX_BYTES / 1024} KiB per call)` : "";
    text += `\n\n[Showing lines ${offset}-${last} of ${total}${why}. Use offset=${
      last + 1
    } to continue.]`;
  }
  return { content: [{ type: "text", text }] };
}
