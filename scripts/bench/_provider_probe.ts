/**
 * Child process of the providers benchmark: imports the provider registry
 * and makes one model request. Args: <provider> <fetch|sdk|raw> <baseUrl>;
 * "raw" is a bare fetch, the floor to compare against.
 *
 * @module
 */

import { createProvider } from "../../src/providers/registry.ts";

const [provider, transport, baseUrl] = Deno.args;
if (transport === "raw") {
  // The floor: one bare fetch, no zot code at all.
  const res = await fetch(`${baseUrl}/chat/completions`, { method: "POST", body: "{}" });
  await res.body?.cancel();
  Deno.exit(0);
}
if (
  (provider !== "anthropic" && provider !== "openai") ||
  (transport !== "fetch" && transport !== "sdk")
) {
  throw new Error(`Usage: _provider_probe.ts anthropic|openai fetch|sdk <baseUrl>`);
}
const p = createProvider({ provider, apiKey: "bench", baseUrl, transport });
const request = {
  model: "claude-haiku-4-5",
  system: "bench",
  messages: [{ role: "user" as const, content: [{ type: "text" as const, text: "hi" }] }],
  tools: [],
  signal: new AbortController().signal,
};
for await (const _ of p.stream(request)) {
  // Drain: the parent measures when the request arrives.
}
