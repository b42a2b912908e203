/**
 * What every provider implementation is built from.
 *
 * @module
 */

import type { RetryOptions } from "./retry.ts";
import { errorMessage } from "../errors.ts";

export interface ProviderOptions {
  apiKey: string;
  /** Overrides the API's default endpoint (Ollama, vLLM, LM Studio, OpenRouter, a test server). */
  baseUrl?: string;
  /** Injected HTTP client; defaults to the global fetch. */
  fetch?: typeof fetch;
  retry?: RetryOptions;
  /**
   * "fetch" (default): plain fetch + our SSE reader; it has nothing to load,
   * so the first request leaves within milliseconds of start-up. "sdk"
   * (`--transport sdk`, opt-in): the official SDK (`@anthropic-ai/sdk`,
   * `openai`) over the same event mappers and contract suite, imported only
   * when chosen (it costs each run about 45 ms and 20 MiB more, measured,
   * and prints its own warnings).
   */
  transport?: "fetch" | "sdk";
}

/** Explain a Deno permission failure while building an SDK client. */
export function clientError(label: string, e: unknown): Error {
  const message = errorMessage(e);
  const name = e instanceof Error ? e.name : "";
  if (name === "NotCapable" || name === "PermissionDenied") {
    return new Error(`Cannot create the ${label} client: ${message} (run zot with --allow-env)`);
  }
  return new Error(`Cannot create the ${label} client: ${message}`);
}
