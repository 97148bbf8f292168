'use client';
// Chart colours read the palette variables (with their light values as fallback), so dark mode
// (app/globals.css) recolours them like every other element.

import { useId, type ReactNode } from 'react';
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useFormat } from '@/app/components/formatted';

// Colours that keep 3:1 against white for bars and lines.
const INDIGO = 'var(--color-indigo-700, #4338ca)';
const ROSE = 'var(--color-rose-700, #be123c)';
const GREEN = 'var(--color-emerald-700, #047857)';
const AXIS_TICK = { fontSize: 12, fill: 'var(--color-slate-700, #334155)' };

export interface OverviewSeries {
  days: string[];
  mainCurrency: string;
  revenuePerDay: number[];
  ordersPerDay: { completed: number; failed: number }[];
  licensesPerDay: number[];
}

/** The overview's three charts over the last 30 UTC days; each also as a table for screen readers. */
export function OverviewCharts({ series }: { series: OverviewSeries }) {
  const format = useFormat();
  const label = format.calendarDay;
  const money = (minor: number) => format.money(minor, series.mainCurrency);
  const revenue = series.days.map((day, index) => ({ day: label(day), revenue: series.revenuePerDay[index]! }));
  const orders = series.days.map((day, index) => ({ day: label(day), Completed: series.ordersPerDay[index]!.completed, Failed: series.ordersPerDay[index]!.failed }));
  const licenses = series.days.map((day, index) => ({ day: label(day), licenses: series.licensesPerDay[index]! }));
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <ChartFigure
        testId="revenue-chart"
        caption={`Revenue per day in ${series.mainCurrency.toUpperCase()} (completed orders, by the day they completed)`}
        head={['Day', `Revenue (${series.mainCurrency.toUpperCase()})`]}
        rows={series.days.map((day, index) => [label(day), money(series.revenuePerDay[index]!)])}
      >
        <BarChart data={revenue} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer={false}>
          <CartesianGrid strokeDasharray="3 3" stroke="var(--color-slate-200, #e2e8f0)" />
          <XAxis dataKey="day" tick={AXIS_TICK} minTickGap={16} />
          <YAxis tick={AXIS_TICK} width={64} tickFormatter={(value: number) => money(value)} />
          <Tooltip formatter={(value) => money(Number(value))} />
          <Bar dataKey="revenue" name="Revenue" fill={INDIGO} isAnimationActive={false} />
        </BarChart>
      </ChartFigure>
      <ChartFigure
        testId="orders-chart"
        caption="Orders per day: completed and failed"
        head={['Day', 'Completed', 'Failed']}
        rows={series.days.map((day, index) => [label(day), format.count(series.ordersPerDay[index]!.completed), format.count(series.ordersPerDay[index]!.failed)])}
      >
        <BarChart data={orders} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer={false}>
          <CartesianGrid strokeDasharray="3 3" stroke="var(--color-slate-200, #e2e8f0)" />
          <XAxis dataKey="day" tick={AXIS_TICK} minTickGap={16} />
          <YAxis allowDecimals={false} tick={AXIS_TICK} width={40} />
          <Tooltip />
          <Legend />
          <Bar dataKey="Completed" stackId="orders" fill={INDIGO} isAnimationActive={false} />
          <Bar dataKey="Failed" stackId="orders" fill={ROSE} isAnimationActive={false} />
        </BarChart>
      </ChartFigure>
      <ChartFigure
        testId="licenses-chart"
        caption="Licenses in force per day (created by that day, not cancelled or expired before it)"
        head={['Day', 'Licenses in force']}
        rows={series.days.map((day, index) => [label(day), format.count(series.licensesPerDay[index]!)])}
      >
        <LineChart data={licenses} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer={false}>
          <CartesianGrid strokeDasharray="3 3" stroke="var(--color-slate-200, #e2e8f0)" />
          <XAxis dataKey="day" tick={AXIS_TICK} minTickGap={16} />
          <YAxis allowDecimals={false} tick={AXIS_TICK} width={40} />
          <Tooltip />
          <Line type="stepAfter" dataKey="licenses" name="Licenses in force" stroke={GREEN} strokeWidth={2} dot={false} isAnimationActive={false} />
        </LineChart>
      </ChartFigure>
    </div>
  );
}

function ChartFigure({ testId, caption, head, rows, children }: { testId: string; caption: string; head: string[]; rows: string[][]; children: ReactNode }) {
  const captionId = useId();
  return (
    <figure aria-labelledby={captionId} className="min-w-0 space-y-2 rounded-lg border border-slate-200 bg-white p-4" data-testid={testId}>
      <figcaption id={captionId} className="text-sm font-medium text-slate-700">
        {caption}
      </figcaption>
      <div className="h-56 w-full min-w-0" aria-hidden="true">
        <ResponsiveContainer width="100%" height="100%">
          {children as React.ReactElement}
        </ResponsiveContainer>
      </div>
      {/* The wrapper is what is hidden: a table ignores sr-only's 1 px width and grows past the page. */}
      <div className="sr-only">
        <table>
          <caption>{caption}, last {rows.length} days (UTC)</caption>
          <thead>
            <tr>
              {head.map((cell) => (
                <th key={cell} scope="col">
                  {cell}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map(([day, ...cells]) => (
              <tr key={day}>
                <th scope="row">{day}</th>
                {cells.map((cell, index) => (
                  <td key={index}>{cell}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
