/**
 * How deep this process is in a chain of subagents, from its environment.
 * Apart from the child's command line (src/agent/subagents/command.ts) so a
 * run can decide whether it offers the subagent tool without loading that.
 *
 * @module
 */

/** Set in a child's environment; a child with depth >= 1 gets no subagent tool. */
export const DEPTH_ENV = "ZOT_SUBAGENT_DEPTH";

/** How deep delegation may go: the parent's children cannot delegate again. */
export const MAX_DEPTH = 1;

/**
 * The depth of this process from its environment: 0 when unset; a value
 * that is not a depth counts as too deep, so garbage never enables recursion.
 */
export function depthOf(value: string | undefined): number {
  if (value === undefined || value.trim() === "") return 0;
  const n = Number(value);
  return Number.isInteger(n) && n >= 0 ? n : MAX_DEPTH;
}
