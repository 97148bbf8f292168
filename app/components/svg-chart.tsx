import type { ReactNode } from 'react';

// The portal's charts, drawn on the server as SVG: no chart script reaches the browser. The plot
// stretches to its box (preserveAspectRatio="none", strokes that do not scale), while the axes'
// labels, the legend and the hover titles are HTML and SVG text at their own size, so a phone
// shows them as legibly as a desktop. Each chart is hidden from screen readers beside the table
// of the same figures that its caller gives them.

interface ChartSeries {
  name: string;
  values: number[];
  /** A CSS colour: the palette's variables, so dark mode recolours the chart too. */
  colour: string;
}

interface SvgChartProps {
  /** `bars` side by side per day, `stacked` bars, `lines` joining the points, `steps` holding each value until the next. */
  kind: 'bars' | 'stacked' | 'lines' | 'steps';
  /** One label per point (the days), in order. */
  labels: string[];
  series: ChartSeries[];
  /** A value as the axis and the hover titles show it (money, a count). */
  formatValue: (value: number) => string;
  /** The plot's height, a Tailwind class (h-56). */
  heightClass: string;
  legend?: boolean;
  testId?: string;
}

const GRID = 'var(--color-slate-200, #e2e8f0)';
const TICKS = 4;
/** X-axis labels shown at most (the first, the middle and the last): three dates fit a phone's width. */
const X_LABELS = 3;

/** A round step for the axis (1, 2 or 5 times a power of ten) so that TICKS steps reach past `max`. */
function niceMax(max: number): number {
  if (max <= 0) return 1;
  const rough = max / TICKS;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 5, 10].map((factor) => factor * power).find((candidate) => candidate >= rough)!;
  return step * TICKS;
}

function xLabelIndexes(count: number): number[] {
  if (count <= X_LABELS) return [...Array(count).keys()];
  return [...new Set([...Array(X_LABELS).keys()].map((slot) => Math.round((slot * (count - 1)) / (X_LABELS - 1))))];
}

export function SvgChart({ kind, labels, series, formatValue, heightClass, legend = false, testId }: SvgChartProps) {
  const count = labels.length;
  const totals = labels.map((_, index) => series.reduce((sum, line) => sum + (line.values[index] ?? 0), 0));
  const peak = kind === 'stacked' ? Math.max(0, ...totals) : Math.max(0, ...series.flatMap((line) => line.values));
  const top = niceMax(peak);
  // The plot's own units: one per point across, 100 up.
  const y = (value: number) => 100 - (value / top) * 100;
  const ticks = [...Array(TICKS + 1).keys()].map((step) => (top / TICKS) * step);
  const hoverTitle = (index: number) => `${labels[index]}: ${series.map((line) => `${series.length > 1 ? `${line.name} ` : ''}${formatValue(line.values[index] ?? 0)}`).join(', ')}`;

  let marks: ReactNode;
  if (kind === 'bars' || kind === 'stacked') {
    const width = kind === 'stacked' ? 0.7 : 0.7 / series.length;
    marks = labels.map((_, index) => {
      let base = 0;
      return (
        <g key={index}>
          {series.map((line, position) => {
            const value = line.values[index] ?? 0;
            const from = kind === 'stacked' ? base : 0;
            base += kind === 'stacked' ? value : 0;
            const x = index + 0.15 + (kind === 'stacked' ? 0 : position * width);
            return value > 0 ? <rect key={line.name} x={x} width={width} y={y(from + value)} height={(value / top) * 100} fill={line.colour} data-series={line.name} /> : null;
          })}
        </g>
      );
    });
  } else {
    marks = series.map((line) => {
      const points = line.values.flatMap((value, index) => {
        const at = `${index + 0.5},${y(value)}`;
        return kind === 'steps' && index > 0 ? [`${index + 0.5},${y(line.values[index - 1] ?? 0)}`, at] : [at];
      });
      return <polyline key={line.name} points={points.join(' ')} fill="none" stroke={line.colour} strokeWidth={2} vectorEffect="non-scaling-stroke" data-series={line.name} />;
    });
  }

  const tickLabels = ticks.map(formatValue);
  // The axis is as wide as its longest label, in the labels' own font.
  const axis = { width: `${Math.max(...tickLabels.map((text) => text.length)) + 1}ch` };

  return (
    <div className="min-w-0 space-y-2 text-xs text-slate-700" aria-hidden="true" data-testid={testId}>
      <div className={`flex ${heightClass} min-w-0 gap-2`}>
        <div className="relative shrink-0 text-right" style={axis}>
          {ticks.map((tick, position) => (
            <span key={tick} className="absolute right-0 -translate-y-1/2 whitespace-nowrap" style={{ top: `${y(tick)}%` }}>
              {tickLabels[position]}
            </span>
          ))}
        </div>
        <div className="relative min-w-0 flex-1">
          <svg viewBox={`0 0 ${Math.max(count, 1)} 100`} preserveAspectRatio="none" className="absolute inset-0 h-full w-full overflow-visible" data-chart-plot={kind}>
            {ticks.map((tick) => (
              <line key={tick} x1={0} x2={count} y1={y(tick)} y2={y(tick)} stroke={GRID} strokeDasharray="3 3" vectorEffect="non-scaling-stroke" />
            ))}
            {marks}
            {/* One full-height strip per point carries its hover title, whatever was drawn there. */}
            {labels.map((_, index) => (
              <rect key={index} x={index} width={1} y={0} height={100} fill="transparent">
                <title>{hoverTitle(index)}</title>
              </rect>
            ))}
          </svg>
        </div>
      </div>
      <div className="flex min-w-0 gap-2">
        <div className="shrink-0" style={axis} />
        <div className="relative h-4 min-w-0 flex-1">
          {xLabelIndexes(count).map((index) => (
            <span
              key={index}
              className={`absolute whitespace-nowrap ${index === 0 ? '' : index === count - 1 ? '-translate-x-full' : '-translate-x-1/2'}`}
              style={{ left: `${index === 0 ? 0 : index === count - 1 ? 100 : ((index + 0.5) / count) * 100}%` }}
            >
              {labels[index]}
            </span>
          ))}
        </div>
      </div>
      {legend && (
        <ul className="flex flex-wrap justify-center gap-x-4 gap-y-1">
          {series.map((line) => (
            <li key={line.name} className="flex items-center gap-1.5">
              <span className="inline-block h-2.5 w-2.5 rounded-sm" style={{ background: line.colour }} />
              {line.name}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
