/**
 * The RPC server's work queue: prompts and compactions run one at a time, in the order they were
 * accepted. Work that has not started yet can be dropped (`abort` with `drop_queued`), so a
 * client that changed its mind need not wait for prompts it no longer wants.
 *
 * @module
 */

export interface WorkQueue {
  /** Runs `task` after everything accepted before it; `skip()` is asked again when its turn comes. */
  enqueue(task: () => Promise<void>): void;
  /** True while work runs or waits: work accepted now waits behind it. */
  busy(): boolean;
  /** Drops the work that has not started (the running task goes on); returns how many. */
  dropWaiting(): number;
  /** Settles when every task accepted so far has finished or been dropped. */
  drained(): Promise<void>;
}

/** A queue whose tasks are skipped when `skip()` holds at their turn (the server is stopping). */
export function workQueue(skip: () => boolean = () => false): WorkQueue {
  let tail: Promise<void> = Promise.resolve();
  // Accepted and not finished, the running one included.
  let pending = 0;
  // Accepted and not started: each entry's flag is set when it is dropped.
  const waiting = new Set<{ dropped: boolean }>();
  return {
    enqueue(task) {
      pending++;
      const entry = { dropped: false };
      waiting.add(entry);
      const turn = () => {
        // A dropped task was already counted out when it was dropped.
        if (entry.dropped) return Promise.resolve();
        waiting.delete(entry);
        return (skip() ? Promise.resolve() : task()).finally(() => pending--);
      };
      tail = tail.then(turn, turn);
    },
    busy: () => pending > 0,
    dropWaiting() {
      const count = waiting.size;
      for (const entry of waiting) entry.dropped = true;
      waiting.clear();
      pending -= count;
      return count;
    },
    drained: () => tail,
  };
}
