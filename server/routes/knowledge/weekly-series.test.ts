import { describe, expect, it } from 'vitest';
import { weekStart, weeklySeries } from './weekly-series';

describe('weekly series', () => {
  it.each([
    ['2026-11-16T00:00:00Z', '2026-11-16'],
    ['2026-11-21T23:59:00Z', '2026-11-16'],
    ['2026-11-22T12:00:00Z', '2026-11-16'],
    ['2026-11-23T00:00:00Z', '2026-11-23'],
  ])('%s is in the week starting Monday %s', (date, monday) => {
    expect(weekStart(new Date(date)).toISOString().slice(0, 10)).toBe(monday);
  });

  it('fills the 12 weeks ending this week, zero where nothing was created', () => {
    const { since, fill } = weeklySeries(new Date('2026-11-21T10:00:00Z'), 12);
    expect(since.toISOString()).toBe('2026-08-31T00:00:00.000Z');
    const series = fill([
      { week: '2026-09-07', count: 2 },
      { week: '2026-11-16', count: 5 },
    ]);
    expect(series).toHaveLength(12);
    expect(series[0]).toEqual({ week: '2026-08-31', count: 0 });
    expect(series[1]).toEqual({ week: '2026-09-07', count: 2 });
    expect(series[11]).toEqual({ week: '2026-11-16', count: 5 });
  });
});
