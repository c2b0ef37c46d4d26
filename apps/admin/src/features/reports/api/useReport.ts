import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { adminRequest, type QueryParams } from '#admin/lib/api.ts';
import type { ItemAnswer } from '#admin/lib/resource.ts';

/** The reports the API answers under /admin/api/reports/ (packages/contract/src/admin/reports.ts). */
export type ReportName = 'sales' | 'payments' | 'products' | 'returns' | 'fit' | 'stock' | 'tax' | 'coupons';

/**
 * One report for the query given. A period switch keeps the last answer on screen while the next loads (no blank
 * flash between periods); reports are not refreshed on a timer, since a period's past days do not change often.
 */
export function useReport<T>(name: ReportName, query: QueryParams) {
  return useQuery({
    queryKey: ['reports', name, query],
    queryFn: ({ signal }) => adminRequest<ItemAnswer<T>>('GET', `reports/${name}`, { query, signal }),
    select: (answer) => answer.data,
    placeholderData: keepPreviousData,
  });
}
