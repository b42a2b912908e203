/**
 * When a prompt compacts first. Apart from compaction.ts so a run decides
 * without loading the compaction code, which most runs never use.
 *
 * @module
 */

/**
 * Share of the model's context window past which the next prompt compacts first: what is left
 * must hold the new prompt, the tool results of its steps and the answer.
 */
export const AUTO_COMPACT_AT = 0.8;

/** True when a request of `contextTokens` came past AUTO_COMPACT_AT of `contextWindow`. */
export function autoCompactDue(contextTokens: number, contextWindow: number | undefined): boolean {
  return contextWindow !== undefined && contextWindow > 0 &&
    contextTokens > contextWindow * AUTO_COMPACT_AT;
}
