import { useId } from 'react';
import type { UsageSeries } from '@/server/entry/shared';
import type { Formats } from '@/app/components/formats';
import { SvgChart } from '@/app/components/svg-chart';

// Colours that keep 3:1 against white for the lines, one per feature in turn.
const COLOURS = ['var(--color-indigo-700, #4338ca)', 'var(--color-amber-700, #b45309)', 'var(--color-emerald-700, #047857)', 'var(--color-rose-700, #be123c)', 'var(--color-sky-700, #0369a1)', 'var(--color-violet-700, #6d28d9)'];

/** Units used per feature and day (UTC), as lines drawn on the server; the same figures as a table for screen readers. */
export function UsageChart({ series, format }: { series: UsageSeries; format: Pick<Formats, 'calendarDay' | 'count'> }) {
  const captionId = useId();
  return (
    <figure aria-labelledby={captionId} className="space-y-2" data-testid="usage-chart">
      <figcaption id={captionId} className="text-sm text-slate-600">
        Units used per feature and day (UTC), last {series.days.length} days, all seats together.
      </figcaption>
      <SvgChart
        kind="lines"
        labels={series.days.map((day) => format.calendarDay(day))}
        series={series.features.map((feature, index) => ({ name: feature.featureKey, values: feature.units, colour: COLOURS[index % COLOURS.length]! }))}
        formatValue={(value) => format.count(value)}
        heightClass="h-56"
        legend
      />
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
