import { describe, expect, it } from 'vitest';
import { ProductsReportQuery, SalesReportQuery, StockReportQuery } from './reports';

const messageOf = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);

describe('the reports’ queries', () => {
  it('take a period of days, India’s calendar, with the interval defaulting to day', () => {
    expect(SalesReportQuery.parse({ from: '2026-11-01', to: '2026-11-30' })).toEqual({
      from: '2026-11-01',
      to: '2026-11-30',
      interval: 'day',
    });
  });

  it('refuse a period that ends before it starts, or is longer than two financial years, beside `to`', () => {
    expect(messageOf(SalesReportQuery.safeParse({ from: '2026-11-02', to: '2026-11-01' }))).toEqual([
      'to: to must not be before from.',
    ]);
    expect(messageOf(SalesReportQuery.safeParse({ from: '2024-01-01', to: '2026-11-01' }))).toEqual([
      'to: A report covers at most 731 days.',
    ]);
    expect(messageOf(SalesReportQuery.safeParse({ from: '1 Nov', to: '2026-11-01' }))).toEqual([
      'from: Give from as YYYY-MM-DD.',
    ]);
  });

  it('sort products by a column, largest first, or the other way with -', () => {
    const query = ProductsReportQuery.parse({ from: '2026-11-01', to: '2026-11-30', sort: '-name', page: '2' });
    expect(query).toMatchObject({ sort: '-name', page: 2, by: 'product' });
    expect(
      messageOf(ProductsReportQuery.safeParse({ from: '2026-11-01', to: '2026-11-30', sort: 'price' }))?.[0],
    ).toMatch(/^sort: Sort by one of views, /);
  });

  it('take the stock report’s pace period whole or not at all', () => {
    expect(StockReportQuery.parse({})).toMatchObject({ only: 'all', page: 1 });
    expect(messageOf(StockReportQuery.safeParse({ from: '2026-11-01' }))).toEqual([
      'to: Give both from and to, or neither.',
    ]);
  });
});
