import type {
  AdminCodCollectedRequest,
  AdminOrder,
  AdminOrderMessagesAnswer,
  AdminOrderStatusRequest,
  AdminOrderSummary,
  AdminRefundRequest,
  AdminReturnReceivedRequest,
  AdminShipment,
  OrderInvoiceAnswer,
} from '@kapaas/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminRequest, type QueryParams } from '#admin/lib/api.ts';
import { type ItemAnswer, useResourceItem, useResourceList } from '#admin/lib/resource.ts';

/** A page of orders, newest first, filtered by status, dates and search. */
export function useOrderList(params: QueryParams) {
  return useResourceList<AdminOrderSummary>('orders', params);
}

/** One order with its lines, payments, refunds, history and the statuses it may move to. */
export function useOrder(id: number) {
  return useResourceItem<AdminOrder>('orders', id);
}

/**
 * GET /orders/:id/invoice: the order's tax invoice with its credit notes, asked for only once the order has one. Its
 * key starts with 'orders', so a status change or a refund (which may issue a credit note) fetches it again.
 */
export function useOrderInvoice(id: number, issued: boolean) {
  return useQuery({
    queryKey: ['orders', 'invoice', id],
    queryFn: ({ signal }) => adminRequest<OrderInvoiceAnswer>('GET', `orders/${id}/invoice`, { signal }),
    select: (answer) => answer.data,
    enabled: issued,
  });
}

/**
 * After an order changes, the order itself is replaced and every list (and the dashboard) refreshes, and so does its
 * invoice: a cancellation or a refund issues a credit note.
 */
function useOrderWrite<Body>(id: number, action: 'status' | 'refund' | 'cod-collected' | 'return-received') {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Body) => adminRequest<ItemAnswer<AdminOrder>>('POST', `orders/${id}/${action}`, { body }),
    onSuccess: async (answer) => {
      client.setQueryData(['orders', 'item', id], answer);
      await Promise.all([
        client.invalidateQueries({ queryKey: ['orders'] }),
        // Cancelling, refunding or receiving a returned parcel puts stock back.
        client.invalidateQueries({ queryKey: ['products'] }),
      ]);
    },
  });
}

/** POST /orders/:id/status: confirmed (cash on delivery), packed, shipped, delivered, returned to origin or cancelled, as the order allows. */
export function useChangeOrderStatus(id: number) {
  return useOrderWrite<AdminOrderStatusRequest>(id, 'status');
}

/** POST /orders/:id/refund: a part, or (without amount) everything left, which also cancels a paid order. */
export function useRefundOrder(id: number) {
  return useOrderWrite<AdminRefundRequest>(id, 'refund');
}

/** POST /orders/:id/cod-collected: the cash of a delivered cash-on-delivery order reached the shop; the order is paid. */
export function useRecordCodCollected(id: number) {
  return useOrderWrite<AdminCodCollectedRequest>(id, 'cod-collected');
}

/** POST /orders/:id/return-received: a parcel returned to origin is back, and its pieces go back on sale. */
export function useReturnReceived(id: number) {
  return useOrderWrite<AdminReturnReceivedRequest>(id, 'return-received');
}

/**
 * POST /orders/:id/shipment: "Ship with courier" books a packed order's parcel (ADR 044) and the order becomes shipped.
 * The answer is the parcel, not the order, so the order and every list are fetched again to show it as it is now.
 */
export function useShipWithCourier(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => adminRequest<ItemAnswer<AdminShipment>>('POST', `orders/${id}/shipment`),
    onSuccess: () => client.invalidateQueries({ queryKey: ['orders'] }),
  });
}

/**
 * GET /orders/:id/messages: the order's messages, e-mail and WhatsApp, and the shopper's replies to them. Its key
 * starts with 'orders', so a move of the order (which sends a message) fetches it again.
 */
export function useOrderMessages(id: number) {
  return useQuery({
    queryKey: ['orders', 'messages', id],
    queryFn: ({ signal }) => adminRequest<AdminOrderMessagesAnswer>('GET', `orders/${id}/messages`, { signal }),
    select: (answer) => answer.data,
  });
}
