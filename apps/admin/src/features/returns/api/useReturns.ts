import type {
  AdminReturn,
  AdminReturnDecisionRequest,
  AdminReturnReceiveRequest,
  AdminReturnRefundRequest,
  AdminReturnRejectRequest,
  AdminReturnShipRequest,
  AdminReturnSummary,
} from '@kapaas/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { adminRequest, type QueryParams } from '#admin/lib/api.ts';
import { type ItemAnswer, useResourceItem, useResourceList } from '#admin/lib/resource.ts';

/** A page of return requests, newest first, by status; q searches the order number, e-mail and name. */
export function useReturnList(params: QueryParams) {
  return useResourceList<AdminReturnSummary>('returns', params);
}

/** One return with its lines, photos, refund, exchange parcel, history and the moves it allows now. */
export function useReturn(id: number) {
  return useResourceItem<AdminReturn>('returns', id);
}

type ReturnMove = 'approve' | 'reject' | 'receive' | 'refund' | 'ship-exchange' | 'pickup';

/**
 * A move of a return: the answer replaces the return shown, and the lists refresh, with the orders (a refund shows on
 * its order) and the products (received pieces and a shipped exchange change the stock).
 */
function useReturnMove<Body>(id: number, move: ReturnMove) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Body) => adminRequest<ItemAnswer<AdminReturn>>('POST', `returns/${id}/${move}`, { body }),
    onSuccess: async (answer) => {
      client.setQueryData(['returns', 'item', id], answer);
      await Promise.all([
        client.invalidateQueries({ queryKey: ['returns'] }),
        client.invalidateQueries({ queryKey: ['orders'] }),
        client.invalidateQueries({ queryKey: ['products'] }),
      ]);
    },
  });
}

export const useApproveReturn = (id: number) =>
  useReturnMove<z.input<typeof AdminReturnDecisionRequest>>(id, 'approve');
export const useRejectReturn = (id: number) => useReturnMove<z.input<typeof AdminReturnRejectRequest>>(id, 'reject');
export const useReceiveReturn = (id: number) => useReturnMove<z.input<typeof AdminReturnReceiveRequest>>(id, 'receive');
export const useRefundReturn = (id: number) => useReturnMove<z.input<typeof AdminReturnRefundRequest>>(id, 'refund');
export const useShipExchange = (id: number) =>
  useReturnMove<z.input<typeof AdminReturnShipRequest>>(id, 'ship-exchange');
/** Books the courier's pickup of an approved return; the answer is the return with its pickup. */
export const useBookPickup = (id: number) => useReturnMove<Record<string, never>>(id, 'pickup');
