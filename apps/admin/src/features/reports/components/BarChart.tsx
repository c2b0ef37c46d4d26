import { AxisBottom, AxisLeft } from '@visx/axis';
import { Group } from '@visx/group';
import { scaleBand, scaleLinear } from '@visx/scale';
import { Bar } from '@visx/shape';
import { useEffect, useId, useRef, useState } from 'react';
import type { ChartSeries } from '../lib/charts';

export interface BarChartProps<Row> {
  title: string;
  rows: Row[];
  category: (row: Row) => string;
  series: ChartSeries<Row>[];
  /** Categories along the bottom (a time series), or down the side (named things: states, reasons, codes). */
  orientation: 'columns' | 'rows';
  stacked?: boolean;
  /** The table holding the same numbers, which screen readers are pointed to. */
  tableId: string;
}

/** Distinguishable on white with at least 3:1 contrast; the first is the console's own teal. */
const COLOURS = ['#0f766e', '#b45309', '#4f46e5', '#475569'];
const MARGIN = { top: 8, right: 12, bottom: 28, left: 56 };
const ROW_HEIGHT = 26;

/** The width of the chart's box, following it as the window resizes (jsdom has no layout: 640). */
function useWidth() {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(640);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry && entry.contentRect.width > 0) setWidth(Math.floor(entry.contentRect.width));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { ref, width };
}

/** Where each series' bar of a row starts and ends on the value axis: side by side, or one on another. */
function barSpans<Row>(row: Row, series: ChartSeries<Row>[], stacked: boolean): [number, number][] {
  let base = 0;
  return series.map((one) => {
    const value = one.value(row);
    if (!stacked) return [0, value];
    const span: [number, number] = [base, base + value];
    base += value;
    return span;
  });
}

function valueDomain<Row>(rows: Row[], series: ChartSeries<Row>[], stacked: boolean): [number, number] {
  const ends = rows.flatMap((row) => barSpans(row, series, stacked).flat());
  return [Math.min(0, ...ends), Math.max(0, ...ends, 1)];
}

type Band = ReturnType<typeof scaleBand<string>>;
type Linear = ReturnType<typeof scaleLinear<number>>;

interface Layout<Row> {
  rows: Row[];
  names: string[];
  series: ChartSeries<Row>[];
  stacked: boolean;
  columns: boolean;
  band: Band;
  linear: Linear;
  /** The room left of the bars for their names, in px. */
  left: number;
}

/** The value axis's ticks: whole numbers only for counts (no "0.5 orders"). */
function valueTicks<Row>(linear: Linear, count: number, series: ChartSeries<Row>[]): number[] {
  const ticks = linear.ticks(count);
  return series[0]?.integer ? ticks.filter((tick) => Number.isInteger(tick)) : ticks;
}

/** Each row's bars, with their figures as tooltips and, down the side, written at the bar's end. */
function ChartBars<Row>({ rows, names, series, stacked, columns, band, linear }: Layout<Row>) {
  const inner = scaleBand<number>({
    domain: series.map((_, index) => index),
    range: [0, band.bandwidth()],
    padding: 0.05,
  });
  return rows.map((row, index) => {
    const name = names[index] ?? '';
    const slot = String(index);
    const spans = barSpans(row, series, stacked);
    const bars = series.map((one, s) => {
      const [start, end] = spans[s] ?? [0, 0];
      const offset = (band(slot) ?? 0) + (stacked ? 0 : (inner(s) ?? 0));
      const thickness = stacked ? band.bandwidth() : inner.bandwidth();
      const a = linear(start);
      const b = linear(end);
      const geometry = columns
        ? { x: offset, width: thickness, y: Math.min(a, b), height: Math.abs(b - a) }
        : { y: offset, height: thickness, x: Math.min(a, b), width: Math.abs(b - a) };
      const label = !columns && !stacked && (
        <text x={Math.max(a, b) + 4} y={offset + thickness / 2} dy="0.35em" className="report-chart__value">
          {one.text(one.value(row))}
        </text>
      );
      return (
        <g key={one.label}>
          <Bar {...geometry} fill={COLOURS[s % COLOURS.length]}>
            <title>{`${name}, ${one.label}: ${one.text(one.value(row))}`}</title>
          </Bar>
          {label}
        </g>
      );
    });
    const total = spans.at(-1)?.[1] ?? 0;
    const first = series[0];
    // Stacked bars down the side are labelled once, with their sum.
    const sum = !columns && stacked && first && (
      <text
        x={linear(total) + 4}
        y={(band(slot) ?? 0) + band.bandwidth() / 2}
        dy="0.35em"
        className="report-chart__value"
      >
        {first.text(total)}
      </text>
    );
    return (
      <g key={slot}>
        {bars}
        {sum}
      </g>
    );
  });
}

/** Each bar's place on the category axis: its row's position, as the band scale's key. */
function slots(names: string[]): string[] {
  return names.map((_, index) => String(index));
}

/** The category axis and the value axis, whichever way round the chart is. */
function ChartAxes<Row>({
  layout,
  innerWidth,
  innerHeight,
}: {
  layout: Layout<Row>;
  innerWidth: number;
  innerHeight: number;
}) {
  const { names, series, columns, band, linear, left } = layout;
  const tick = (value: unknown) => series[0]?.tick(Number(value)) ?? String(value);
  if (!columns) {
    // Every bar is named (visx would name one in two past ten); a name longer than the margin is cut short, and
    // read whole in the bar's tooltip and the table.
    const fits = Math.max(8, Math.floor((left - 8) / 6));
    const short = (slot: unknown) => {
      const text = names[Number(slot)] ?? '';
      return text.length > fits ? `${text.slice(0, fits - 1).trimEnd()}…` : text;
    };
    return (
      <>
        <AxisLeft scale={band} hideTicks tickValues={slots(names)} tickFormat={short} />
        <AxisBottom
          scale={linear}
          top={innerHeight}
          tickValues={valueTicks(linear, Math.max(2, Math.floor(innerWidth / 80)), series)}
          tickFormat={tick}
        />
      </>
    );
  }
  // Long time series would print a label under every bar: about one label per 64 px instead.
  const everyNth = Math.max(1, Math.ceil(names.length / Math.max(1, Math.floor(innerWidth / 64))));
  return (
    <>
      <AxisLeft scale={linear} tickValues={valueTicks(linear, 5, series)} tickFormat={tick} />
      <AxisBottom
        scale={band}
        top={innerHeight}
        tickValues={slots(names).filter((_, index) => index % everyNth === 0)}
        tickFormat={(slot) => names[Number(slot)] ?? ''}
      />
    </>
  );
}

/**
 * A bar chart drawn as SVG with visx (ADR 055): labelled for screen readers by its title and described by the table
 * of the same numbers; each bar carries its figure as a tooltip.
 */
export function BarChart<Row>(props: BarChartProps<Row>) {
  const { title, rows, category, series, orientation, stacked = false, tableId } = props;
  const titleId = useId();
  const { ref, width } = useWidth();
  const columns = orientation === 'columns';
  const height = columns ? 260 : rows.length * ROW_HEIGHT + MARGIN.top + MARGIN.bottom;
  const left = columns ? MARGIN.left : Math.min(160, Math.max(72, Math.floor(width * 0.32)));
  // Down the side, room at the right for the figure written after the longest bar.
  const innerWidth = Math.max(40, width - left - (columns ? MARGIN.right : 64));
  const innerHeight = height - MARGIN.top - MARGIN.bottom;
  const names = rows.map(category);
  // A bar is at most 72 px wide: one day alone is a bar, not a wall.
  const bandLength = columns ? Math.min(innerWidth, names.length * 72) : innerHeight;
  // The bars' places are their rows' positions, not their names: two days a year apart are both "26 Nov".
  const band = scaleBand<string>({ domain: slots(names), range: [0, bandLength], padding: 0.2 });
  const linear = scaleLinear<number>({
    domain: valueDomain(rows, series, stacked),
    range: columns ? [innerHeight, 0] : [0, innerWidth],
    nice: true,
  });
  const layout: Layout<Row> = { rows, names, series, stacked, columns, band, linear, left };

  return (
    <figure className="report-chart mb-2">
      <div ref={ref} className="report-chart__box">
        <svg width={width} height={height} role="img" aria-labelledby={titleId} aria-describedby={tableId}>
          <title id={titleId}>{title}</title>
          <Group left={left} top={MARGIN.top}>
            <ChartBars {...layout} />
            <ChartAxes layout={layout} innerWidth={innerWidth} innerHeight={innerHeight} />
          </Group>
        </svg>
      </div>
      {series.length > 1 && <ChartLegend labels={series.map((one) => one.label)} />}
    </figure>
  );
}

/** The series' colours and names, under a chart of more than one. */
function ChartLegend({ labels }: { labels: string[] }) {
  return (
    <figcaption className="report-chart__legend" aria-hidden="true">
      {labels.map((label, index) => (
        <span key={label}>
          <span className="report-chart__swatch" style={{ background: COLOURS[index % COLOURS.length] }} />
          {label}
        </span>
      ))}
    </figcaption>
  );
}
