/**
 * A ToolContext for tests.
 *
 * @module
 */

import type { ToolContext, ToolResult } from "../../src/model/types.ts";

export function testContext(cwd: string, extra: Partial<ToolContext> = {}): ToolContext {
  return {
    cwd,
    signal: new AbortController().signal,
    callId: "call-1",
    chain: [],
    interactive: false,
    ...extra,
  };
}

/** All text of a result, joined. */
export function resultText(result: ToolResult): string {
  return result.content.map((b) => (b.type === "text" ? b.text : `[image ${b.mime_type}]`)).join(
    "\n",
  );
}
