import { lazy, Suspense } from 'react';
import { Spinner } from '@/components/ui/spinner';

// recharts is large: the chart and its library load only when a page shows it.
const WeeklyChartNow = /* @__PURE__ */ lazy(() => import('./weekly-chart').then((m) => ({ default: m.WeeklyChart })));

/** Items created per week, with a spinner while the chart's code loads (in its own chunk). */
export function LazyWeeklyChart({ accountId }: { accountId: string }) {
  return (
    <Suspense
      fallback={
        <div className="flex h-64 items-center justify-center">
          <Spinner />
        </div>
      }
    >
      <WeeklyChartNow accountId={accountId} />
    </Suspense>
  );
}
