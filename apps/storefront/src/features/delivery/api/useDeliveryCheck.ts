import type { EndpointRequest } from '@kapaas/contract';
import { useMutation } from '@tanstack/react-query';
import { apiPost } from '#storefront/lib/api.ts';

/** Asks whether the shop delivers to a PIN code, by when, and whether cash on delivery is offered there. */
export function useDeliveryCheck() {
  return useMutation({
    mutationFn: (request: EndpointRequest<'delivery_check'>) => apiPost('delivery_check', request),
  });
}
