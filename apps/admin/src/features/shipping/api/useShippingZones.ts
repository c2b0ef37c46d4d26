import type { AdminShippingZone, AdminUpdateShippingZone } from '@kapaas/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminRequest } from '#admin/lib/api.ts';
import type { ItemAnswer } from '#admin/lib/resource.ts';

const ZONES_KEY = ['shipping_zones'] as const;

/** The four zones, whole: local, metro, rest, remote. */
interface ZonesAnswer {
  success: true;
  data: AdminShippingZone[];
}

/** GET /shipping_zones (owners only; staff get 403). */
export function useShippingZones() {
  return useQuery({
    queryKey: ZONES_KEY,
    queryFn: ({ signal }) => adminRequest<ZonesAnswer>('GET', 'shipping_zones', { signal }),
    select: (answer) => answer.data,
  });
}

/** PATCH /shipping_zones/:zone; the zone as saved replaces its old self in the list. */
export function useSaveShippingZone(zone: AdminShippingZone['zone']) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminUpdateShippingZone) =>
      adminRequest<ItemAnswer<AdminShippingZone>>('PATCH', `shipping_zones/${zone}`, { body }),
    onSuccess: (answer) =>
      client.setQueryData<ZonesAnswer>(ZONES_KEY, (zones) =>
        zones ? { ...zones, data: zones.data.map((old) => (old.zone === zone ? answer.data : old)) } : zones,
      ),
  });
}
