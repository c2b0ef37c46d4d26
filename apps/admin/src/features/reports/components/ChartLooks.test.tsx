import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubAdminApi } from '#admin/test/fakeAdminApi.ts';
import { renderRoute, signIn } from '#admin/test/renderRoute.tsx';
import { answer, paymentsReport, returnsReport, salesReport, stockReport } from '#admin/test/reports.ts';

// What the first screenshots of the journey showed wrong (e2e/reports.e2e.ts): fractions of an order on a count's
// axis, bars with no figure, one day drawn as a wall, and charts of zeros.

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-28T20:00:00Z'));
  signIn();
});

afterEach(() => {
  vi.useRealTimers();
});

const texts = (chart: HTMLElement, selector: string) =>
  [...chart.querySelectorAll(selector)].map((node) => node.textContent ?? '');

describe('the reports’ charts', () => {
  it('mark whole numbers only on a count’s axis, and write each figure at the end of its bar', async () => {
    stubAdminApi({
      'GET reports/payments': answer({
        ...paymentsReport,
        methods: [{ paid_by: 'upi', label: 'UPI', orders: 1, revenue: 498 }],
      }),
    });
    renderRoute('/reports/payments?period=7d');

    const chart = await screen.findByRole('img', { name: 'Payment methods' });
    const ticks = texts(chart, '.visx-axis-bottom .visx-axis-tick');
    expect(ticks.length).toBeGreaterThan(1);
    expect(ticks.every((tick) => /^\d+$/.test(tick))).toBe(true);
    expect(texts(chart, '.report-chart__value')).toEqual(['1']);
  });

  it('draw one day as a bar at most 72 px wide', async () => {
    stubAdminApi({ 'GET reports/sales': answer({ ...salesReport, series: salesReport.series.slice(0, 1) }) });
    renderRoute('/reports/sales?period=today');

    const chart = await screen.findByRole('img', { name: 'Revenue over time' });
    const bar = chart.querySelector('rect') as SVGRectElement;
    expect(Number(bar.getAttribute('width'))).toBeLessThanOrEqual(72);
  });

  it('draw a bar for each of two days a year apart, though both are named 26 Nov', async () => {
    const day = salesReport.series[0];
    if (!day) throw new Error('the fixture has no day');
    const series = [
      { ...day, date: '2025-11-26', revenue: 1000 },
      { ...day, date: '2026-11-26', revenue: 2000 },
    ];
    stubAdminApi({ 'GET reports/sales': answer({ ...salesReport, series }) });
    renderRoute('/reports/sales?period=custom&from=2025-11-26&to=2026-11-26');

    const chart = await screen.findByRole('img', { name: 'Revenue over time' });
    const xs = [...chart.querySelectorAll('rect')].map((bar) => bar.getAttribute('x'));
    expect(xs).toHaveLength(2);
    expect(new Set(xs).size).toBe(2);
  });

  it('show the table instead of a chart of zeros, and leave out the reasons nobody gave', async () => {
    stubAdminApi({
      'GET reports/payments': answer({
        ...paymentsReport,
        rto: { ...paymentsReport.rto, by_zone: [{ name: 'South', shipped: 1, rto: 0, rto_rate: 0 }] },
      }),
      'GET reports/returns': answer({
        ...returnsReport,
        by_reason: [
          ...returnsReport.by_reason,
          { reason: 'changed_mind', label: 'Changed my mind', returns: 0, exchanges: 0, units: 0 },
        ],
      }),
    });
    const payments = renderRoute('/reports/payments?period=7d');

    const zones = await screen.findByRole('region', { name: 'Returned to origin by shipping zone' });
    expect(within(zones).queryByRole('img')).toBeNull();
    expect(within(zones).queryByRole('button', { name: 'Chart' })).toBeNull();
    const box = within(zones).getByRole('table').parentElement as HTMLElement;
    expect(box).toHaveClass('table-responsive');
    // A box that scrolls sideways on a phone is reached by the keyboard (axe's scrollable-region-focusable).
    expect(box).toHaveAttribute('tabindex', '0');
    expect(box).toHaveAccessibleName('Returned to origin by shipping zone (table)');
    payments.unmount();

    renderRoute('/reports/returns?period=7d');
    const reasons = await screen.findByRole('table', { name: 'Returns and exchanges by reason' });
    expect(within(reasons).queryByText('Changed my mind')).toBeNull();
    expect(within(reasons).getAllByRole('row')).toHaveLength(3);
  });

  it('name every bar drawn down the side, a long name cut short with its whole name in the bar’s tooltip', async () => {
    const long = 'Block Print Kurta Pyjama Set – Madder Red Buti with Pockets';
    const rows = Array.from({ length: 25 }, (_, index) => ({
      ...stockReport.rows[1],
      product_id: index + 1,
      name: index === 0 ? long : `Frock ${index}`,
    }));
    stubAdminApi({ 'GET reports/stock': answer({ ...stockReport, rows: rows as typeof stockReport.rows }) });
    renderRoute('/reports/stock?period=7d');

    const chart = await screen.findByRole('img', { name: 'Stock per size' });
    const labels = texts(chart, '.visx-axis-left .visx-axis-tick');
    expect(labels).toHaveLength(25);
    // The size first, so that a phone's short margin still shows which size of the product it is.
    expect(labels[0]).toMatch(/^3-6M · Block Print.*…$/);
    expect(labels[0]?.length).toBeLessThan(long.length);
    expect(texts(chart, 'rect > title')[0]).toBe(`3-6M · ${long}, In stock: 5`);
  });

  it('say “1 unit”, not “1 units”', async () => {
    stubAdminApi({
      'GET reports/returns': answer({ ...returnsReport, totals: { ...returnsReport.totals, sold_units: 1 } }),
    });
    renderRoute('/reports/returns?period=7d');

    expect(await screen.findByText('of 1 unit sold')).toBeInTheDocument();
  });
});
