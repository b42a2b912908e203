/**
 * Token usage arithmetic: the run's running total adds each request's usage.
 *
 * @module
 */

import type { Usage } from "../model/types.ts";

/** Sum of two usages. */
export function addUsage(a: Usage, b: Usage): Usage {
  return {
    input: a.input + b.input,
    output: a.output + b.output,
    cache_read: a.cache_read + b.cache_read,
    cache_write: a.cache_write + b.cache_write,
    cost_usd: a.cost_usd + b.cost_usd,
  };
}

export const ZERO_USAGE: Usage = {
  input: 0,
  output: 0,
  cache_read: 0,
  cache_write: 0,
  cost_usd: 0,
};
