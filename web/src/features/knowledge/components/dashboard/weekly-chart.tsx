import { useQuery } from '@tanstack/react-query';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { Spinner } from '@/components/ui/spinner';
import { knowledgeWeeklyQuery } from '../../api/knowledge-queries';

const label = (week: string) =>
  new Date(`${week}T00:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });

/** Items created per week over the last 12 weeks (loaded on its own, with recharts in its own chunk). */
export function WeeklyChart({ accountId }: { accountId: string }) {
  const weekly = useQuery(knowledgeWeeklyQuery(accountId));
  if (weekly.isPending)
    return (
      <div className="flex h-64 items-center justify-center">
        <Spinner />
      </div>
    );
  if (weekly.isError)
    return (
      <p className="flex h-64 items-center justify-center text-sm text-muted-foreground">
        The chart could not be loaded.
      </p>
    );
  return (
    <div
      className="h-64"
      role="img"
      aria-label={`Items created per week: ${weekly.data.map((w) => `${label(w.week)} ${w.count}`).join(', ')}`}
    >
      <ResponsiveContainer width="100%" height="100%">
        <BarChart
          data={weekly.data.map((w) => ({ ...w, label: label(w.week) }))}
          margin={{ top: 8, right: 8, bottom: 0, left: -20 }}
        >
          <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="var(--border)" />
          <XAxis dataKey="label" tickLine={false} axisLine={false} fontSize={12} stroke="var(--muted-foreground)" />
          <YAxis
            allowDecimals={false}
            tickLine={false}
            axisLine={false}
            fontSize={12}
            stroke="var(--muted-foreground)"
          />
          <Tooltip
            cursor={{ fill: 'var(--muted)' }}
            contentStyle={{
              background: 'var(--card)',
              border: '1px solid var(--border)',
              borderRadius: 8,
              fontSize: 12,
            }}
            labelFormatter={(value) => `Week of ${value}`}
            formatter={(value) => [value, 'Items created']}
          />
          <Bar dataKey="count" fill="var(--primary)" radius={[4, 4, 0, 0]} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
