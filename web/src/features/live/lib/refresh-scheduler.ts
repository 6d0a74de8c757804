import type { ChangeEvent } from '@common/live';

/** Spec section 9, "Realtime refresh throttle": at most one refresh every 3 s, each 500 ms after the change that asks for it. */
export const REFRESH_THROTTLE_MS = 3_000;
export const REFRESH_DELAY_MS = 500;

/** What one refresh covers: the changes since the last (one per row), or everything. */
export interface RefreshBatch {
  everything: boolean;
  changes: ChangeEvent[];
}

/**
 * Gathers changes and runs one refresh for them: 500 ms after the first (so a
 * burst lands in one), and never sooner than 3 s after the previous refresh.
 */
export function createRefreshScheduler(run: (batch: RefreshBatch) => void, now = () => Date.now()) {
  let everything = false;
  const changes = new Map<string, ChangeEvent>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let lastRunAt = -Infinity;

  function flush() {
    timer = undefined;
    const batch = { everything, changes: [...changes.values()] };
    everything = false;
    changes.clear();
    lastRunAt = now();
    run(batch);
  }

  function schedule() {
    timer ??= setTimeout(flush, Math.max(REFRESH_DELAY_MS, lastRunAt + REFRESH_THROTTLE_MS - now()));
  }

  return {
    change(change: ChangeEvent) {
      changes.set(`${change.accountId}/${change.table}/${change.rowId}`, change);
      schedule();
    },
    everything() {
      everything = true;
      schedule();
    },
    stop() {
      clearTimeout(timer);
      timer = undefined;
    },
  };
}
