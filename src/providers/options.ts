/**
 * What every provider implementation is built from.
 *
 * @module
 */

import type { RetryOptions } from "./retry.ts";

export interface ProviderOptions {
  apiKey: string;
  /** Overrides the API's default endpoint (Ollama, vLLM, LM Studio, OpenRouter, a test server). */
  baseUrl?: string;
  /** Injected HTTP client; defaults to the global fetch. */
  fetch?: typeof fetch;
  retry?: RetryOptions;
  /**
   * "fetch" (default): plain fetch + our SSE reader, nothing to load, so the
   * first request leaves within milliseconds of start-up. "sdk": the official
   * SDK, imported on first use (220-900 ms to load here, measured, vs 5-8 ms
   * for all of src/providers).
   */
  transport?: "fetch" | "sdk";
}

/** Explain a Deno permission failure while building an SDK client. */
export function clientError(label: string, e: unknown): Error {
  const message = e instanceof Error ? e.message : String(e);
  const name = e instanceof Error ? e.name : "";
  if (name === "NotCapable" || name === "PermissionDenied") {
    return new Error(`Cannot create the ${label} client: ${message} (run zot with --allow-env)`);
  }
  return new Error(`Cannot create the ${label} client: ${message}`);
}
