import { z } from 'zod';
import { Rupees } from '../common';
import { PaidBy } from '../orders';
import { AdminPaging, adminItem } from './common';

/*
 * The owner's reports (issue 37), under /admin/api/reports/. Every report covers the days `from` to `to`, both
 * included, as India's calendar names them (a day runs from midnight to midnight IST), and most compare with the
 * period of the same length just before (`previous`). Amounts are rupees to the paisa, as elsewhere in the admin
 * API; rates are fractions from 0 to 1, or null when there is nothing to divide by. Every answer is
 * `{ success: true, data }`; the lists (products, stock) page their `rows` inside `data`.
 */

/** The longest period a report covers: two financial years and a day. */
export const MAX_REPORT_DAYS = 731;

/** The first and last days a report may name: the shop's dates, and the period before, stay within what both sides can date. */
export const FIRST_REPORT_DAY = '2000-01-01';
export const LAST_REPORT_DAY = '2999-12-31';

const Day = (field: string) =>
  z.iso
    .date({ error: `Give ${field} as YYYY-MM-DD.` })
    // A day not written as one has its own error already.
    .refine((day) => !/^\d{4}-\d{2}-\d{2}$/.test(day) || (day >= FIRST_REPORT_DAY && day <= LAST_REPORT_DAY), {
      error: `Give ${field} between ${FIRST_REPORT_DAY} and ${LAST_REPORT_DAY}.`,
    });

/** A day in answers (YYYY-MM-DD, India's calendar). */
export const ReportDay = z.string();

/** `from` and `to`, checked together: `to` not before `from`, at most MAX_REPORT_DAYS days. */
export const ReportRangeFields = { from: Day('from'), to: Day('to') };

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The days from `from` to `to`, both counted; NaN unless both are days (their own errors say so). */
function spanDays(from: string, to: string): number {
  if (!ISO_DAY.test(from) || !ISO_DAY.test(to)) return Number.NaN;
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

/** Refines a query holding `from` and `to`: the error is reported beside `to`. */
function checkedRange<T extends z.ZodType<{ from: string; to: string }>>(schema: T) {
  return schema.superRefine((value, ctx) => {
    const days = spanDays(value.from, value.to);
    if (days < 1) ctx.addIssue({ code: 'custom', path: ['to'], message: 'to must not be before from.' });
    else if (days > MAX_REPORT_DAYS) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: `A report covers at most ${MAX_REPORT_DAYS} days.` });
    }
  });
}

export const ReportRangeQuery = checkedRange(z.strictObject(ReportRangeFields));
export type ReportRangeQuery = z.infer<typeof ReportRangeQuery>;

/** The period a report covered, and the one it was compared with. */
export const ReportPeriods = {
  from: ReportDay,
  to: ReportDay,
  previous_from: ReportDay,
  previous_to: ReportDay,
};

/** A rate (0–1), or null when its denominator is zero. */
const Rate = z.number().nullable();

// --- Sales --------------------------------------------------------------------------------------------------------

export const REPORT_INTERVALS = ['day', 'week', 'month'] as const;
export const ReportInterval = z.enum(REPORT_INTERVALS, { error: 'Choose day, week or month.' });
export type ReportInterval = z.infer<typeof ReportInterval>;

export const SalesReportQuery = checkedRange(
  z.strictObject({ ...ReportRangeFields, interval: ReportInterval.default('day') }),
);
export type SalesReportQuery = z.infer<typeof SalesReportQuery>;

/**
 * A period's sales (ADR 054). `revenue` is net: what paid orders brought (their totals, on the day they were paid),
 * less the refunds and credit notes issued in the period. Every refund, cancellation of a paid order and COD parcel
 * returned to origin issues a credit note for what it gave back, so `refunds` is the credit notes' sum. `orders` and
 * `units` count the orders paid in the period (a COD order counts on the day it was placed, once confirmed, and not
 * at all if cancelled before it left); `aov` is the paid orders' totals ÷ `orders`. A customer (the account, or for a
 * guest the delivery phone number) is new when the period holds their first paid order, returning when they had one
 * before.
 */
export const SalesTotals = z.object({
  revenue: Rupees,
  /** The paid orders' totals before refunds. */
  gross: Rupees,
  /** Refunds and credit notes issued in the period. */
  refunds: Rupees,
  orders: z.number().int(),
  units: z.number().int(),
  aov: Rupees,
  new_customers: z.number().int(),
  returning_customers: z.number().int(),
});
export type SalesTotals = z.infer<typeof SalesTotals>;

/** One step of the chart: a day, or the week (from its Monday) or month (from its 1st) starting at `date`. */
export const SalesPoint = z.object({
  date: ReportDay,
  revenue: Rupees,
  orders: z.number().int(),
  units: z.number().int(),
});
export type SalesPoint = z.infer<typeof SalesPoint>;

export const SalesReport = z.object({
  ...ReportPeriods,
  interval: ReportInterval,
  totals: SalesTotals,
  previous: SalesTotals,
  series: z.array(SalesPoint),
});
export type SalesReport = z.infer<typeof SalesReport>;
export const SalesReportAnswer = adminItem(SalesReport);

// --- Payments -----------------------------------------------------------------------------------------------------

export const PaymentsTotals = z.object({
  orders: z.number().int(),
  prepaid_orders: z.number().int(),
  cod_orders: z.number().int(),
  prepaid_revenue: Rupees,
  cod_revenue: Rupees,
  /** cod_orders ÷ orders. */
  cod_share: Rate,
});
export type PaymentsTotals = z.infer<typeof PaymentsTotals>;

/** Orders by how they were paid (issue 34's `paid_by`); `null` for payments recorded before methods were. */
export const PaymentMethodRow = z.object({
  paid_by: PaidBy.nullable(),
  label: z.string(),
  orders: z.number().int(),
  revenue: Rupees,
});

/** COD orders handed to a courier in the period, and how many came back to origin (RTO). */
export const RtoRow = z.object({
  /** A state's name, or a shipping zone's name. */
  name: z.string(),
  shipped: z.number().int(),
  rto: z.number().int(),
  rto_rate: Rate,
});
export type RtoRow = z.infer<typeof RtoRow>;

export const PaymentsReport = z.object({
  ...ReportPeriods,
  totals: PaymentsTotals,
  previous: PaymentsTotals,
  methods: z.array(PaymentMethodRow),
  rto: z.object({
    shipped: z.number().int(),
    rto: z.number().int(),
    rto_rate: Rate,
    by_state: z.array(RtoRow),
    by_zone: z.array(RtoRow),
  }),
  /**
   * COD orders confirmed, on their way or delivered whose cash the shop has not yet been paid, less any advance paid
   * online: the dashboard's figure, today (not the period).
   */
  cod_to_collect: z.object({ orders: z.number().int(), amount: Rupees }),
});
export type PaymentsReport = z.infer<typeof PaymentsReport>;
export const PaymentsReportAnswer = adminItem(PaymentsReport);

// --- Products -----------------------------------------------------------------------------------------------------

export const PRODUCT_REPORT_SORTS = [
  'views',
  'add_to_carts',
  'orders',
  'units',
  'revenue',
  'conversion',
  'returns',
  'return_rate',
  'name',
] as const;
/** The column to sort by, largest first; `-` before it sorts smallest first (`name` sorts A–Z, `-name` Z–A). */
export const ProductReportSort = z.enum(
  [...PRODUCT_REPORT_SORTS, ...PRODUCT_REPORT_SORTS.map((sort) => `-${sort}` as const)],
  { error: `Sort by one of ${PRODUCT_REPORT_SORTS.join(', ')}, with - for the other way.` },
);
export type ProductReportSort = z.infer<typeof ProductReportSort>;

export const ProductsReportQuery = checkedRange(
  z.strictObject({
    ...ReportRangeFields,
    ...AdminPaging,
    sort: ProductReportSort.default('revenue'),
    /** Rows per product, or per category (then `product_id` is null and `name` is the category's). */
    by: z.enum(['product', 'category'], { error: 'Choose product or category.' }).default('product'),
  }),
);
export type ProductsReportQuery = z.infer<typeof ProductsReportQuery>;

/** The buyers' fit answers in the reviews (all time, not the period). */
export const FitCounts = z.object({
  runs_small: z.number().int(),
  true_to_size: z.number().int(),
  runs_large: z.number().int(),
});

export const ProductReportRow = z.object({
  product_id: z.number().int().nullable(),
  name: z.string(),
  category: z.string().nullable(),
  /** Product page views, add-to-carts and checkouts started, counted without tracking anyone (the funnel). */
  views: z.number().int(),
  add_to_carts: z.number().int(),
  checkouts: z.number().int(),
  /** Paid orders holding the product, the units in them, and the revenue of those lines (after the coupon and prepaid discount). */
  orders: z.number().int(),
  units: z.number().int(),
  revenue: Rupees,
  /** orders ÷ views. */
  conversion: Rate,
  /**
   * Pieces asked back in the period (requests not rejected) for money and for another size, and (returns + exchanges)
   * ÷ units sold in the period.
   */
  returns: z.number().int(),
  exchanges: z.number().int(),
  return_rate: Rate,
  /** The average of the approved reviews' stars (all time), or null. */
  rating: z.number().nullable(),
  fit: FitCounts,
});
export type ProductReportRow = z.infer<typeof ProductReportRow>;
export const ProductsReport = z.object({
  ...ReportPeriods,
  by: z.enum(['product', 'category']),
  rows: z.array(ProductReportRow),
  page: z.number().int(),
  per_page: z.number().int(),
  /** Rows over every page. */
  total: z.number().int(),
});
export type ProductsReport = z.infer<typeof ProductsReport>;
export const ProductsReportAnswer = adminItem(ProductsReport);

// --- Sizes and returns --------------------------------------------------------------------------------------------

export const ReturnReasonRow = z.object({
  reason: z.string(),
  label: z.string(),
  returns: z.number().int(),
  exchanges: z.number().int(),
  units: z.number().int(),
});

export const ReturnSizeRow = z.object({
  size: z.string(),
  sold_units: z.number().int(),
  returned_units: z.number().int(),
  too_small: z.number().int(),
  too_big: z.number().int(),
  /** returned_units ÷ sold_units. */
  return_rate: Rate,
});

/** A product whose "too small" share of its sold units stands out: flagged "runs small". */
export const RunsSmallRow = z.object({
  product_id: z.number().int(),
  name: z.string(),
  sold_units: z.number().int(),
  too_small: z.number().int(),
  too_small_share: z.number(),
  /** The reviews' "runs small" answers, all time. */
  fit_runs_small: z.number().int(),
});

export const ReturnsReport = z.object({
  ...ReportPeriods,
  totals: z.object({
    returns: z.number().int(),
    exchanges: z.number().int(),
    units: z.number().int(),
    sold_units: z.number().int(),
    return_rate: Rate,
  }),
  previous: z.object({
    returns: z.number().int(),
    exchanges: z.number().int(),
    units: z.number().int(),
    sold_units: z.number().int(),
    return_rate: Rate,
  }),
  by_reason: z.array(ReturnReasonRow),
  by_size: z.array(ReturnSizeRow),
  runs_small: z.array(RunsSmallRow),
});
export type ReturnsReport = z.infer<typeof ReturnsReport>;
export const ReturnsReportAnswer = adminItem(ReturnsReport);

// --- Stock --------------------------------------------------------------------------------------------------------

/** The pace is taken over `from`–`to` when given, else over the last 30 days. */
export const StockReportQuery = z
  .strictObject({
    from: Day('from').optional(),
    to: Day('to').optional(),
    ...AdminPaging,
    /** Only the sizes sold out, or selling out within 14 days at the period's pace. */
    only: z.enum(['all', 'sold_out', 'selling_out'], { error: 'Choose all, sold_out or selling_out.' }).default('all'),
  })
  .superRefine((value, ctx) => {
    if ((value.from === undefined) !== (value.to === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'Give both from and to, or neither.' });
    } else if (value.from && value.to) {
      const days = spanDays(value.from, value.to);
      if (days < 1) ctx.addIssue({ code: 'custom', path: ['to'], message: 'to must not be before from.' });
      else if (days > MAX_REPORT_DAYS) {
        ctx.addIssue({ code: 'custom', path: ['to'], message: `A report covers at most ${MAX_REPORT_DAYS} days.` });
      }
    }
  });
export type StockReportQuery = z.infer<typeof StockReportQuery>;

export const StockReportRow = z.object({
  product_id: z.number().int(),
  name: z.string(),
  size: z.string(),
  /** Units free to sell now: stock less what unpaid orders and exchanges hold. */
  stock: z.number().int(),
  /** Units sold in the period. */
  sold: z.number().int(),
  /** sold ÷ (sold + stock). */
  sell_through: Rate,
  /** Days the stock lasts at the period's pace; null when nothing sold. */
  days_of_cover: z.number().nullable(),
  sold_out: z.boolean(),
  /** In stock, and at the period's pace gone within 14 days. */
  selling_out: z.boolean(),
});
export type StockReportRow = z.infer<typeof StockReportRow>;
export const StockReport = z.object({
  from: ReportDay,
  to: ReportDay,
  rows: z.array(StockReportRow),
  page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
  /** Over every page, whatever `only` chose. */
  sold_out_sizes: z.number().int(),
  selling_out_sizes: z.number().int(),
});
export type StockReport = z.infer<typeof StockReport>;
export const StockReportAnswer = adminItem(StockReport);

// --- Tax ----------------------------------------------------------------------------------------------------------

/**
 * One month's GST: the invoices and credit notes dated in the month and within `from`–`to`. For a whole month it is
 * the sum of that month's GST CSV (invoices less credit notes) to the paisa. Owners only.
 */
export const TaxMonthRow = z.object({
  month: z.string(),
  taxable_value: Rupees,
  cgst: Rupees,
  sgst: Rupees,
  igst: Rupees,
  total_tax: Rupees,
});
export type TaxMonthRow = z.infer<typeof TaxMonthRow>;

export const TaxReport = z.object({
  from: ReportDay,
  to: ReportDay,
  months: z.array(TaxMonthRow),
  totals: TaxMonthRow.omit({ month: true }),
});
export type TaxReport = z.infer<typeof TaxReport>;
export const TaxReportAnswer = adminItem(TaxReport);

// --- Coupons ------------------------------------------------------------------------------------------------------

export const CouponReportRow = z.object({
  code: z.string(),
  /** Paid orders that used it, the discount they got, and their totals. */
  uses: z.number().int(),
  discount: Rupees,
  revenue: Rupees,
});
export type CouponReportRow = z.infer<typeof CouponReportRow>;

export const CouponsReport = z.object({
  ...ReportPeriods,
  rows: z.array(CouponReportRow),
  totals: CouponReportRow.omit({ code: true }),
  previous: CouponReportRow.omit({ code: true }),
});
export type CouponsReport = z.infer<typeof CouponsReport>;
export const CouponsReportAnswer = adminItem(CouponsReport);

// --- Fit ----------------------------------------------------------------------------------------------------------

export const FIT_REPORT_SORTS = ['size_return_rate', 'delivered', 'advices', 'advice_kept_share', 'name'] as const;
/** The column to sort by, largest first; `-` before it sorts smallest first (`name` sorts A–Z, `-name` Z–A). */
export const FitReportSort = z.enum([...FIT_REPORT_SORTS, ...FIT_REPORT_SORTS.map((sort) => `-${sort}` as const)], {
  error: `Sort by one of ${FIT_REPORT_SORTS.join(', ')}, with - for the other way.`,
});
export type FitReportSort = z.infer<typeof FitReportSort>;

export const FitReportQuery = checkedRange(
  z.strictObject({ ...ReportRangeFields, ...AdminPaging, sort: FitReportSort.default('size_return_rate') }),
);
export type FitReportQuery = z.infer<typeof FitReportQuery>;

/**
 * The fit figures of a product, or of one of its sizes (ADR 061). The pieces are those of the orders sold in the
 * period (ADR 054's "sold") that were delivered; `returned` and `exchanged` are those pieces asked back (requests not
 * rejected, whenever asked) as too small or too big, for money or for another size; `too_small` and `too_big` split
 * the same pieces by reason. The rates divide by `delivered`. "Find my size": `advices` is the recommendations of a
 * size made in the period; `advice_bought` the recommendations carried to a line of an order sold in the period;
 * `advice_kept` those whose line was delivered and none of its pieces asked back, for any reason;
 * `advice_kept_share` is advice_kept ÷ advices (issue 38's "recommendations bought and then kept").
 */
export const FitFigures = z.object({
  delivered: z.number().int(),
  returned: z.number().int(),
  exchanged: z.number().int(),
  too_small: z.number().int(),
  too_big: z.number().int(),
  /** returned ÷ delivered. */
  return_rate: Rate,
  /** exchanged ÷ delivered. */
  exchange_rate: Rate,
  /** (returned + exchanged) ÷ delivered: the report's default order. */
  size_return_rate: Rate,
  /** The published reviews' fit answers, all time (a size's: the reviews of lines of that size). */
  fit: FitCounts,
  advices: z.number().int(),
  advice_bought: z.number().int(),
  advice_kept: z.number().int(),
  advice_kept_share: Rate,
});
export type FitFigures = z.infer<typeof FitFigures>;

export const FitSizeRow = FitFigures.extend({ size_id: z.number().int(), size: z.string() });
export type FitSizeRow = z.infer<typeof FitSizeRow>;

export const FIT_FLAGS = ['runs_small', 'runs_large'] as const;
export const FitFlag = z.enum(FIT_FLAGS);
export type FitFlag = z.infer<typeof FitFlag>;

/**
 * What to change in the product's chart (its own, else its category's) so that it says what buyers found: each
 * size's height and weight ranges moved by half the chart's step between sizes, down for a product that runs small
 * (a child fits a size while smaller than the chart says), up for one that runs large. `height_cm` and `weight_kg`
 * are null without a chart (or one of a single size), and `words` then says so.
 */
export const FitCorrection = z.object({
  chart: z.enum(['product', 'category']).nullable(),
  direction: z.enum(['down', 'up']),
  height_cm: z.number().int().nullable(),
  weight_kg: z.number().nullable(),
  words: z.string(),
});
export type FitCorrection = z.infer<typeof FitCorrection>;

export const FitReportRow = FitFigures.extend({
  product_id: z.number().int(),
  name: z.string(),
  category: z.string().nullable(),
  /** Most fit answers (the product page's fit summary), or most size-reason pieces, point one way; null otherwise. */
  flag: FitFlag.nullable(),
  /** What said so: the reviews, the returns and exchanges, or both. */
  flag_basis: z.array(z.enum(['reviews', 'returns'])),
  correction: FitCorrection.nullable(),
  /** Every size with a figure, in the sizes' order. */
  sizes: z.array(FitSizeRow),
});
export type FitReportRow = z.infer<typeof FitReportRow>;

export const FitReport = z.object({
  from: ReportDay,
  to: ReportDay,
  rows: z.array(FitReportRow),
  page: z.number().int(),
  per_page: z.number().int(),
  /** Rows over every page. */
  total: z.number().int(),
});
export type FitReport = z.infer<typeof FitReport>;
export const FitReportAnswer = adminItem(FitReport);
