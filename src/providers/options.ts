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
   * "sdk" (default): the official SDK (`@anthropic-ai/sdk`, `openai`),
   * imported on the first request only, so commands that call no model never
   * load it. "fetch" (`--transport fetch`): plain fetch + our SSE reader over
   * the same event mappers and contract suite; it has nothing to load, which
   * saves the SDK import on every run (220-900 ms here, measured, vs 5-8 ms
   * for all of src/providers).
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
