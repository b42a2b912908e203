/**
 * Small statistics helpers shared by the benchmarks.
 *
 * @module
 */

/** The q-quantile (0..1) of `values` (sorted copy, nearest rank). */
export function quantile(values: number[], q: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[rank];
}

export const median = (values: number[]): number => quantile(values, 0.5);

/** Format milliseconds as "12.3 ms" or "95 µs". */
export function fmtMs(ms: number): string {
  if (!Number.isFinite(ms)) return "n/a";
  if (ms < 1) return `${Math.round(ms * 1000)} µs`;
  return `${ms.toFixed(ms < 10 ? 2 : 1)} ms`;
}

/** Format a rate as "8,700/s". */
export function fmtRate(perSecond: number): string {
  return `${Math.round(perSecond).toLocaleString("en-US")}/s`;
}
