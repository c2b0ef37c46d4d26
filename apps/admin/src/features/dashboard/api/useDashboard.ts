import type { AdminDashboard, AdminOrderSummary, AdminProduct } from '@kapaas/contract';
import { useQuery } from '@tanstack/react-query';
import { adminRequest } from '#admin/lib/api.ts';
import { startOfToday } from '#admin/lib/format.ts';
import type { ItemAnswer, ListAnswer } from '#admin/lib/resource.ts';

/** A size is "low" at or below this many pieces available. */
export const LOW_STOCK_AT = 3;

/** Statuses whose money the shop has (a refund is taken off separately). */
const TAKEN = new Set(['paid', 'packed', 'shipped', 'delivered', 'cancelled', 'refunded']);

/** Today's orders, all pages of them (a shop's day fits in a few). */
async function ordersSince(from: string, signal: AbortSignal): Promise<AdminOrderSummary[]> {
  const orders: AdminOrderSummary[] = [];
  for (let page = 1; page <= 20; page += 1) {
    const answer = await adminRequest<ListAnswer<AdminOrderSummary>>('GET', 'orders', {
      query: { from, page, per_page: 100 },
      signal,
    });
    orders.push(...answer.data);
    if (page * answer.per_page >= answer.total) break;
  }
  return orders;
}

/**
 * Today's orders and the money they brought in (paid orders, less what was refunded). A cash-on-delivery order counts
 * once its cash is recorded (paid_at), not before.
 */
export function useTodaysSales() {
  return useQuery({
    queryKey: ['orders', 'today', startOfToday()],
    queryFn: ({ signal }) => ordersSince(startOfToday(), signal),
    select: (orders) => ({
      count: orders.length,
      paidCount: orders.filter((order) => order.paid_at !== null).length,
      revenue: orders
        .filter((order) => order.paid_at !== null && TAKEN.has(order.status))
        .reduce((sum, order) => sum + order.total - order.refunded, 0),
    }),
    refetchInterval: 60_000,
  });
}

/** The statuses of an order waiting to be packed: paid online, or a confirmed cash-on-delivery order. */
const TO_PACK = ['paid', 'cod_confirmed'] as const;

/** Orders waiting to be packed (paid, or confirmed cash on delivery), oldest first. */
export function useOrdersToPack() {
  return useQuery({
    queryKey: ['orders', 'list', { status: TO_PACK, per_page: 100 }],
    queryFn: ({ signal }) =>
      Promise.all(
        TO_PACK.map((status) =>
          adminRequest<ListAnswer<AdminOrderSummary>>('GET', 'orders', { query: { status, per_page: 100 }, signal }),
        ),
      ),
    select: (answers) => ({
      total: answers.reduce((sum, answer) => sum + answer.total, 0),
      orders: answers
        .flatMap((answer) => answer.data)
        .sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id - b.id),
    }),
    refetchInterval: 60_000,
  });
}

/** GET /dashboard's figures, read once for the tiles that show them; a return's move refreshes them too. */
function useDashboardFigures<T>(select: (figures: AdminDashboard) => T) {
  return useQuery({
    queryKey: ['orders', 'dashboard'],
    queryFn: ({ signal }) => adminRequest<ItemAnswer<AdminDashboard>>('GET', 'dashboard', { signal }),
    select: (answer) => select(answer.data),
    refetchInterval: 60_000,
  });
}

/** The cash still to come from cash-on-delivery orders: how many, and how much. */
export function useCodToCollect() {
  return useDashboardFigures((figures) => figures.cod_to_collect);
}

/** Return requests waiting on the shop: to approve or reject, and back with a refund or an exchange still to make. */
export function useReturnsToHandle() {
  return useDashboardFigures((figures) => figures.returns_to_handle);
}

/** How the last 30 days' orders were paid, most first (older stubs and answers without it: none). */
export function usePaidBy() {
  return useDashboardFigures((figures) => figures.paid_by ?? []);
}

/**
 * The last 30 days' orders paid online and in cash on delivery, with shares, and the COD orders then paid online
 * (issue 34); null from an older server without it.
 */
export function usePaymentShares() {
  return useDashboardFigures((figures) => figures.payment_shares ?? null);
}

/** Every active product size with at most LOW_STOCK_AT pieces available, lowest first. */
export function useLowStock() {
  return useQuery({
    queryKey: ['products', 'list', { low_stock: LOW_STOCK_AT, status: 'active', per_page: 100 }],
    queryFn: ({ signal }) =>
      adminRequest<ListAnswer<AdminProduct>>('GET', 'products', {
        query: { low_stock: LOW_STOCK_AT, status: 'active', per_page: 100 },
        signal,
      }),
    select: (answer) =>
      answer.data
        .flatMap((product) =>
          product.sizes
            .filter((size) => size.available <= LOW_STOCK_AT)
            .map((size) => ({ product, size: size.size, sizeId: size.size_id, available: size.available })),
        )
        .sort((a, b) => a.available - b.available),
  });
}
