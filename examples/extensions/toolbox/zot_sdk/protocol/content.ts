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
