'use client';

import { useId } from 'react';
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { UsageSeries } from '@/server/entry/shared';
import { useFormat } from '@/app/components/formatted';

// Colours that keep 3:1 against white for the lines, one per feature in turn.
const COLOURS = ['var(--color-indigo-700, #4338ca)', 'var(--color-amber-700, #b45309)', 'var(--color-emerald-700, #047857)', 'var(--color-rose-700, #be123c)', 'var(--color-sky-700, #0369a1)', 'var(--color-violet-700, #6d28d9)'];

/** Units used per feature and day (UTC), as lines; the same figures as a table for screen readers. */
export function UsageChart({ series }: { series: UsageSeries }) {
  const captionId = useId();
  const format = useFormat();
  const data = series.days.map((day, index) => ({ day: format.calendarDay(day), ...Object.fromEntries(series.features.map((feature) => [feature.featureKey, feature.units[index]])) }));
  return (
    <figure aria-labelledby={captionId} className="space-y-2" data-testid="usage-chart">
      <figcaption id={captionId} className="text-sm text-slate-600">
        Units used per feature and day (UTC), last {series.days.length} days, all seats together.
      </figcaption>
      <div className="h-64 w-full min-w-0" aria-hidden="true">
        <ResponsiveContainer width="100%" height="100%">
          <LineChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer={false}>
            <CartesianGrid strokeDasharray="3 3" stroke="var(--color-slate-200, #e2e8f0)" />
            <XAxis dataKey="day" tick={{ fontSize: 12, fill: 'var(--color-slate-700, #334155)' }} minTickGap={16} />
            <YAxis allowDecimals={false} tick={{ fontSize: 12, fill: 'var(--color-slate-700, #334155)' }} width={48} />
            <Tooltip />
            <Legend />
            {series.features.map((feature, index) => (
              <Line key={feature.featureKey} type="monotone" dataKey={feature.featureKey} stroke={COLOURS[index % COLOURS.length]} strokeWidth={2} dot={false} isAnimationActive={false} />
            ))}
          </LineChart>
        </ResponsiveContainer>
      </div>
      {/* sr-only on a wrapper, not the table: a table's own box escapes the clip and widens a phone's page. */}
      <div className="sr-only">
      <table>
        <caption>Units used per feature and day (UTC)</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            {series.features.map((feature) => (
              <th key={feature.featureKey} scope="col">
                {feature.featureKey}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {series.days.map((day, index) =>
            series.features.some((feature) => feature.units[index]! > 0) ? (
              <tr key={day}>
                <th scope="row">{format.calendarDay(day)}</th>
                {series.features.map((feature) => (
                  <td key={feature.featureKey}>{format.count(feature.units[index]!)}</td>
                ))}
              </tr>
            ) : null,
          )}
        </tbody>
      </table>
      </div>
    </figure>
  );
}
