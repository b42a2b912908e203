/**
 * Content blocks shared by tool results, events and the transcript. The wire
 * shape is used everywhere (snake_case `mime_type`) so blocks pass through
 * the host untouched.
 *
 * @module
 */

/** A text block. */
export interface TextBlock {
  type: "text";
  text: string;
}

/** A base64 (standard alphabet) image block. */
export interface ImageBlock {
  type: "image";
  mime_type: string;
  data: string;
}

/** What tools, extensions and events carry. */
export type ContentBlock = TextBlock | ImageBlock;

/** Lifecycle observation of a tool result (`EventResult`). */
export interface EventResult {
  content: ContentBlock[];
  is_error: boolean;
  truncated?: boolean;
}

/** Shorthand for a one-block text list. */
export function textContent(text: string): ContentBlock[] {
  return [{ type: "text", text }];
}
