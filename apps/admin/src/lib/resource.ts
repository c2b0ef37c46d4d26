import type { AdminDeleteAnswer } from '@kapaas/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminRequest, type QueryParams } from './api';

/**
 * The admin API's one resource pattern (decisions 013): GET /<r> lists a page, POST creates,
 * GET|PATCH|DELETE /<r>/:id. These hooks serve every resource screen; the query keys start with
 * the resource's path, so a write refreshes everything shown of that resource.
 */

/** One page of a list, as the API answers it. */
export interface ListAnswer<Item> {
  success: true;
  data: Item[];
  page: number;
  per_page: number;
  total: number;
}

export interface ItemAnswer<Item> {
  success: true;
  data: Item;
}

export function listQuery<Item>(resource: string, params: QueryParams = {}) {
  return queryOptions({
    queryKey: [resource, 'list', params],
    queryFn: ({ signal }) => adminRequest<ListAnswer<Item>>('GET', resource, { query: params, signal }),
    placeholderData: keepPreviousData,
  });
}

/** A page of a resource's list; `params` are page, per_page, q and the resource's filters. */
export function useResourceList<Item>(resource: string, params: QueryParams = {}) {
  return useQuery(listQuery<Item>(resource, params));
}

export function itemQuery<Item>(resource: string, id: number | undefined) {
  return queryOptions({
    queryKey: [resource, 'item', id],
    queryFn: ({ signal }) => adminRequest<ItemAnswer<Item>>('GET', `${resource}/${id}`, { signal }),
    select: (answer) => answer.data,
    enabled: id !== undefined,
  });
}

/** One record of a resource; nothing is fetched while `id` is undefined (a new record). */
export function useResourceItem<Item>(resource: string, id: number | undefined) {
  return useQuery(itemQuery<Item>(resource, id));
}

/** Creates (no id) or changes (with id) a record; answers the record as saved. */
export function useSaveResource<Item, Body>(resource: string, id?: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Body) =>
      id === undefined
        ? adminRequest<ItemAnswer<Item>>('POST', resource, { body })
        : adminRequest<ItemAnswer<Item>>('PATCH', `${resource}/${id}`, { body }),
    onSuccess: async (answer) => {
      if (id !== undefined) client.setQueryData([resource, 'item', id], answer);
      await client.invalidateQueries({ queryKey: [resource] });
    },
  });
}

/** Deletes a record; the answer says when it was archived instead (still needed by past orders). */
export function useDeleteResource(resource: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => adminRequest<AdminDeleteAnswer>('DELETE', `${resource}/${id}`),
    onSuccess: () => client.invalidateQueries({ queryKey: [resource] }),
  });
}
