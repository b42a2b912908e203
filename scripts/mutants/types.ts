/**
 * One hand-written mutant: a change that removes a protection on purpose.
 * `deno task mutate` applies each mutant alone, runs its tests, and expects
 * at least one of them to fail (the mutant is "killed"). A mutant whose
 * `find` text no longer occurs exactly once fails the check too, so the
 * table cannot silently go stale.
 *
 * Each file in this folder (other than this one) exports `mutants`.
 *
 * @module
 */

export interface Mutant {
  /** Short unique id, e.g. "scope-widening-run". */
  id: string;
  /** The protection the change removes, in words. */
  protection: string;
  /** Repository-relative path of the file the change applies to. */
  file: string;
  /** Exact text that must occur exactly once in `file`. */
  find: string;
  /** What `find` becomes. */
  replace: string;
  /** Repository-relative test files; at least one must fail with the mutant applied. */
  tests: string[];
}
