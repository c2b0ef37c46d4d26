import type { AdminSizeChart, AdminSizeChartPut } from '@kapaas/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminRequest } from '#admin/lib/api.ts';
import type { ItemAnswer } from '#admin/lib/resource.ts';

/** Whose chart: a category's, or one product's (its own, else its category's it falls back on). */
export interface ChartTarget {
  kind: 'category' | 'product';
  id: number;
}

const keyOf = (target: ChartTarget) => ['size_charts', target.kind, target.id] as const;
const pathOf = (target: ChartTarget) => `size-charts/${target.kind}/${target.id}`;

/** GET /size-charts/:kind/:id (ADR 056). */
export function useSizeChart(target: ChartTarget) {
  return useQuery({
    queryKey: keyOf(target),
    queryFn: ({ signal }) => adminRequest<ItemAnswer<AdminSizeChart>>('GET', pathOf(target), { signal }),
    select: (answer) => answer.data,
  });
}

/** PUT (the whole chart) or DELETE (a product's own); the answer is the chart as it now is. */
export function useChangeSizeChart(target: ChartTarget) {
  const client = useQueryClient();
  const onSuccess = (answer: ItemAnswer<AdminSizeChart>) => client.setQueryData(keyOf(target), answer);
  return {
    save: useMutation({
      mutationFn: (body: AdminSizeChartPut) =>
        adminRequest<ItemAnswer<AdminSizeChart>>('PUT', pathOf(target), { body }),
      onSuccess,
    }),
    drop: useMutation({
      mutationFn: () => adminRequest<ItemAnswer<AdminSizeChart>>('DELETE', pathOf(target)),
      onSuccess,
    }),
  };
}
