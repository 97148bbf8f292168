// Chart colours read the palette variables (with their light values as fallback), so dark mode
// (app/globals.css) recolours them like every other element. Drawn on the server (SvgChart).

import { useId, type ReactNode } from 'react';
import type { Formats } from '@/app/components/formats';
import { SvgChart } from '@/app/components/svg-chart';

// Colours that keep 3:1 against white for bars and lines.
const INDIGO = 'var(--color-indigo-700, #4338ca)';
const ROSE = 'var(--color-rose-700, #be123c)';
const GREEN = 'var(--color-emerald-700, #047857)';

export interface OverviewSeries {
  days: string[];
  mainCurrency: string;
  revenuePerDay: number[];
  ordersPerDay: { completed: number; failed: number }[];
  licensesPerDay: number[];
}

/** The overview's three charts over the last 30 UTC days; each also as a table for screen readers. */
export function OverviewCharts({ series, format }: { series: OverviewSeries; format: Pick<Formats, 'calendarDay' | 'money' | 'count'> }) {
  const label = format.calendarDay;
  const money = (minor: number) => format.money(minor, series.mainCurrency);
  const count = (value: number) => format.count(value);
  const days = series.days.map(label);
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <ChartFigure
        testId="revenue-chart"
        caption={`Revenue per day in ${series.mainCurrency.toUpperCase()} (completed orders, by the day they completed)`}
        head={['Day', `Revenue (${series.mainCurrency.toUpperCase()})`]}
        rows={series.days.map((day, index) => [label(day), money(series.revenuePerDay[index]!)])}
      >
        <SvgChart kind="bars" labels={days} series={[{ name: 'Revenue', values: series.revenuePerDay, colour: INDIGO }]} formatValue={money} heightClass="h-48" />
      </ChartFigure>
      <ChartFigure
        testId="orders-chart"
        caption="Orders per day: completed and failed"
        head={['Day', 'Completed', 'Failed']}
        rows={series.days.map((day, index) => [label(day), format.count(series.ordersPerDay[index]!.completed), format.count(series.ordersPerDay[index]!.failed)])}
      >
        <SvgChart
          kind="stacked"
          labels={days}
          series={[
            { name: 'Completed', values: series.ordersPerDay.map((day) => day.completed), colour: INDIGO },
            { name: 'Failed', values: series.ordersPerDay.map((day) => day.failed), colour: ROSE },
          ]}
          formatValue={count}
          heightClass="h-40"
          legend
        />
      </ChartFigure>
      <ChartFigure
        testId="licenses-chart"
        caption="Licenses in force per day (created by that day, not cancelled or expired before it)"
        head={['Day', 'Licenses in force']}
        rows={series.days.map((day, index) => [label(day), format.count(series.licensesPerDay[index]!)])}
      >
        <SvgChart kind="steps" labels={days} series={[{ name: 'Licenses in force', values: series.licensesPerDay, colour: GREEN }]} formatValue={count} heightClass="h-48" />
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
      {children}
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
