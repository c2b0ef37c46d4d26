import type { StockAlertRequest } from '@kapaas/contract';
import { useMutation } from '@tanstack/react-query';
import { apiPost } from '#storefront/lib/api.ts';

/** "Notify me" on a sold-out size: one message when it is back (the `stock_alert` call). */
export function useStockAlert() {
  return useMutation({
    mutationFn: (request: StockAlertRequest) => apiPost('stock_alert', request),
  });
}
