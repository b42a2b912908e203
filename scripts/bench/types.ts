/** One row of the `deno task bench` table. */
export interface BenchRow {
  /** Area, e.g. "extensions", "sandbox", "agent", "tui". */
  group: string;
  name: string;
  /** Formatted value, e.g. "92 µs" or "8,700/s". */
  value: string;
  /** Optional target and comparison, e.g. "target ≤ 150 µs". */
  note?: string;
}

/** A bench module exports `bench()`; scripts/bench.ts runs them all and prints the table. */
export type BenchFn = () => Promise<BenchRow[]>;
