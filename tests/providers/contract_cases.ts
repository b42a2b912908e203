/**
 * Shared cases and helpers of the provider contract suites: every provider
 * through both transports (our fetch + SSE reader, and the real SDK),
 * against the fake LLM server speaking that API's wire format.
 *
 * @module
 */

import { createProvider } from "../../src/providers/registry.ts";
import type { ModelRequest, ProviderId, StreamEvent } from "../../src/providers/types.ts";
import { assert } from "../helpers/assert.ts";
import { type FakeLlm, type FakeScript, startFakeLlm } from "../helpers/fake_llm.ts";
import { withTimeout } from "../helpers/wait.ts";

export interface Case {
  id: ProviderId;
  transport: "fetch" | "sdk";
  model: string;
  baseUrl: (llm: FakeLlm) => string;
}

const ANTHROPIC = {
  id: "anthropic",
  model: "claude-haiku-4-5",
  baseUrl: (llm: FakeLlm) => llm.anthropicBaseUrl,
} as const;
const OPENAI = {
  id: "openai",
  model: "gpt-4o",
  baseUrl: (llm: FakeLlm) => llm.openaiBaseUrl,
} as const;
// Every provider through both transports: our fetch + SSE reader, and the real SDK.
export const CASES: Case[] = [
  { ...ANTHROPIC, transport: "fetch" },
  { ...OPENAI, transport: "fetch" },
  { ...ANTHROPIC, transport: "sdk" },
  { ...OPENAI, transport: "sdk" },
];

export const PNG = "iVBORw0KGgo=";

export function request(c: Case, patch: Partial<ModelRequest> = {}): ModelRequest {
  return {
    model: c.model,
    system: "You are a test.",
    messages: [{ role: "user", content: [{ type: "text", text: "hi" }] }],
    tools: [],
    signal: new AbortController().signal,
    ...patch,
  };
}

export async function run(c: Case, script: FakeScript, patch: Partial<ModelRequest> = {}) {
  const llm = await startFakeLlm({ script });
  const provider = createProvider({
    provider: c.id,
    apiKey: "test-key",
    baseUrl: c.baseUrl(llm),
    transport: c.transport,
    retry: { baseDelayMs: 1, maxAttempts: 3 },
  });
  const events: StreamEvent[] = [];
  try {
    const done = (async () => {
      for await (const e of provider.stream(request(c, patch))) events.push(e);
    })();
    await withTimeout(done, 10_000, `${c.id} stream`);
  } finally {
    await llm.close();
  }
  return { events, llm };
}

export function last(events: StreamEvent[]) {
  const e = events.at(-1);
  assert(e, "no events");
  return e;
}

export function doneMessage(events: StreamEvent[]) {
  const e = last(events);
  assert(e.type === "done", `expected done, got ${JSON.stringify(e)}`);
  return e.message;
}

export function body(llm: FakeLlm, n = 0): Record<string, unknown> {
  const b = llm.requests[n].body;
  assert(typeof b === "object" && b !== null && !Array.isArray(b));
  return b as Record<string, unknown>;
}
