import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChangeEvent } from '@common/live';
import { createRefreshScheduler, type RefreshBatch } from './refresh-scheduler';

const ACCOUNT = '00000000-0000-4000-8000-000000000001';
const row = (n: number, op: ChangeEvent['op'] = 'update'): ChangeEvent => ({
  accountId: ACCOUNT,
  table: 'knowledge',
  rowId: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  op,
});

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the refresh throttle', () => {
  it('refreshes 500 ms after a change, with everything that came meanwhile, one entry per row', () => {
    const runs: RefreshBatch[] = [];
    const scheduler = createRefreshScheduler((batch) => runs.push(batch));
    scheduler.change(row(1));
    vi.advanceTimersByTime(300);
    scheduler.change(row(2));
    scheduler.change(row(1, 'delete'));
    vi.advanceTimersByTime(199);
    expect(runs).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(runs).toEqual([{ everything: false, changes: [row(1, 'delete'), row(2)] }]);
  });

  it('refreshes at most once every 3 s, gathering what comes in between', () => {
    const runs: RefreshBatch[] = [];
    const scheduler = createRefreshScheduler((batch) => runs.push(batch));
    scheduler.change(row(1));
    vi.advanceTimersByTime(500);
    expect(runs).toHaveLength(1);
    // 1 s after the first refresh: the next one waits until 3 s after it.
    vi.advanceTimersByTime(1000);
    scheduler.change(row(2));
    vi.advanceTimersByTime(1000);
    scheduler.change(row(3));
    vi.advanceTimersByTime(999);
    expect(runs).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(runs[1]).toEqual({ everything: false, changes: [row(2), row(3)] });
    // Long after: 500 ms again.
    vi.advanceTimersByTime(10_000);
    scheduler.change(row(4));
    vi.advanceTimersByTime(500);
    expect(runs).toHaveLength(3);
  });

  it('refreshes everything when told to, and nothing once stopped', () => {
    const runs: RefreshBatch[] = [];
    const scheduler = createRefreshScheduler((batch) => runs.push(batch));
    scheduler.everything();
    vi.advanceTimersByTime(500);
    expect(runs).toEqual([{ everything: true, changes: [] }]);
    scheduler.change(row(1));
    scheduler.stop();
    vi.advanceTimersByTime(10_000);
    expect(runs).toHaveLength(1);
  });
});
