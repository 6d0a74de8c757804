import type { WeeklyCountDto } from '../../../common/knowledge';

const DAY = 86_400_000;

/** Midnight (UTC) of the Monday that starts the week of `date`. */
export function weekStart(date: Date): Date {
  const midnight = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());
  const daysSinceMonday = (new Date(midnight).getUTCDay() + 6) % 7;
  return new Date(midnight - daysSinceMonday * DAY);
}

/** The first day of a chart of `weeks` weeks ending with this one, and a filler that adds the empty weeks. */
export function weeklySeries(now: Date, weeks: number) {
  const since = new Date(weekStart(now).getTime() - (weeks - 1) * 7 * DAY);
  const fill = (counts: WeeklyCountDto[]): WeeklyCountDto[] => {
    const byWeek = new Map(counts.map((row) => [row.week, row.count]));
    return Array.from({ length: weeks }, (_, i) => {
      const week = new Date(since.getTime() + i * 7 * DAY).toISOString().slice(0, 10);
      return { week, count: byWeek.get(week) ?? 0 };
    });
  };
  return { since, fill };
}
