/**
 * Content blocks shared by tool results, events and the transcript. The wire
 * shape is used everywhere (snake_case `mime_type`) so blocks pass through
 * the host untouched.
 *
 * @module
 */

/** A text block. */
export interface TextBlock {
  /** Always `"text"`. */
  type: "text";
  /** The text. */
  text: string;
}

/** A base64 (standard alphabet) image block. */
export interface ImageBlock {
  /** Always `"image"`. */
  type: "image";
  /** E.g. `"image/png"`. */
  mime_type: string;
  /** The image bytes, base64 encoded. */
  data: string;
}

/** What tools, extensions and events carry. */
export type ContentBlock = TextBlock | ImageBlock;

/**
 * A block of an extension's `tool_result` that is not a text or image block (another type, no
 * type, or not an object), as parsed at the boundary: kept in its place with the type it was
 * sent with (`""` when none), so the host can say what it got instead of dropping the result.
 */
export interface UnknownBlock {
  type: "unknown";
  sent_type: string;
}

/** A block of a received `tool_result`, typed at the boundary. */
export type ReceivedBlock = ContentBlock | UnknownBlock;

/** Lifecycle observation of a tool result (`EventResult`). */
export interface EventResult {
  /** What the tool returned. */
  content: ContentBlock[];
  /** The tool failed. */
  is_error: boolean;
  /** The host shortened the content. */
  truncated?: boolean;
}

/** Shorthand for a one-block text list. */
export function textContent(text: string): ContentBlock[] {
  return [{ type: "text", text }];
}
