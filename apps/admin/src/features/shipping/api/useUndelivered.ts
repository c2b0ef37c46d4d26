import type { AdminNdrActionRequest, AdminShipment, AdminShipmentListItem } from '@kapaas/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminRequest } from '#admin/lib/api.ts';
import type { ItemAnswer, ListAnswer } from '#admin/lib/resource.ts';

/** Shipments' queries start with this key; an NDR action refetches them all (and the orders, whose history grew). */
const SHIPMENTS_KEY = 'shipments';
export const UNDELIVERED_PER_PAGE = 20;

/** GET /shipments?status=undelivered: the parcels whose delivery failed, the latest change first. */
export function useUndeliveredShipments(page: number) {
  return useQuery({
    queryKey: [SHIPMENTS_KEY, 'undelivered', page],
    queryFn: ({ signal }) =>
      adminRequest<ListAnswer<AdminShipmentListItem>>('GET', 'shipments', {
        query: { status: 'undelivered', page, per_page: UNDELIVERED_PER_PAGE },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** POST /shipments/:awb/ndr-action: ask the courier to try again, or to bring the parcel back. */
export function useNdrAction(awb: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminNdrActionRequest) =>
      adminRequest<ItemAnswer<AdminShipment>>('POST', `shipments/${encodeURIComponent(awb)}/ndr-action`, { body }),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: [SHIPMENTS_KEY] }),
        client.invalidateQueries({ queryKey: ['orders'] }),
      ]),
  });
}
