import {
  type AdminBulkAction,
  type AdminBulkRequest,
  type AdminBulkRow,
  type AdminBulkState,
  MAX_BULK_PREVIEW_ROWS,
} from '@kapaas/contract';
import type { Queryable } from '@kapaas/db';
import type { ServiceDeps } from '../../../lib/deps';
import { AppError } from '../../../lib/errors';
import { paiseToRupees } from '../../../lib/money';
import { recordAudit } from '../audit';
import type { AdminPrincipal } from '../auth.service';
import { type BulkResult, type BulkState, bulkResult } from './bulk';
import { bulkStatesOf, existingIds, filteredIds, writeBulkState } from './bulk.repository';
import { referencesOf } from './products.repository';

/** Products read (preview) or written in one transaction (apply) at a time: bounded memory and lock time. */
const BATCH = 500;

export interface BulkCounts {
  selected: number;
  changed: number;
  unchanged: number;
  refused: number;
}

const refused = (field: string, message: string) =>
  new AppError('INVALID_DATA', message, { errors: { [field]: [message] } });

/** The selected products' ids in the list's order; an id of no product refuses the request (400 beside `ids`). */
async function selectedIds(db: Queryable, request: AdminBulkRequest): Promise<number[]> {
  if (!request.ids) return filteredIds(db, request.filter ?? {});
  const wanted = [...new Set(request.ids)];
  const found = await existingIds(db, wanted);
  if (found.length < wanted.length) {
    const known = new Set(found);
    const missing = wanted.filter((id) => !known.has(id));
    throw refused('ids', `No product has the id ${missing.slice(0, 10).join(', ')}${missing.length > 10 ? '…' : ''}.`);
  }
  return found;
}

/** The whole request is refused (400, beside the action's field) when it names a category, subcategory or size that is not there. */
async function checkReferences(db: Queryable, action: AdminBulkAction): Promise<void> {
  if (action.kind !== 'move_category' && action.kind !== 'set_stock') return;
  const found = await referencesOf(db, {
    categoryId: action.kind === 'move_category' ? action.category_id : 0,
    subcategoryId: action.kind === 'move_category' ? (action.subcategory_id ?? 0) : 0,
    patternId: null,
    genderId: null,
    sizeIds: action.kind === 'set_stock' ? action.sizes.map((size) => size.size_id) : [],
  });
  if (action.kind === 'set_stock') {
    const unknown = action.sizes.filter((size) => !found.sizeIds.has(size.size_id)).map((size) => size.size_id);
    if (unknown.length > 0) throw refused('action.sizes', `Unknown size ids: ${unknown.join(', ')}.`);
    return;
  }
  if (!found.category) throw refused('action.category_id', 'Please choose an existing category.');
  if (action.subcategory_id === undefined) return;
  if (found.subcategoryCategoryId === undefined) {
    throw refused('action.subcategory_id', 'Please choose an existing subcategory.');
  }
  if (found.subcategoryCategoryId !== action.category_id) {
    throw refused('action.subcategory_id', 'The subcategory belongs to another category.');
  }
}

/** A state as the API shows it: rupees, sizes with their stock. */
export const bulkStateOut = (state: BulkState): AdminBulkState => ({
  price: paiseToRupees(state.pricePaise),
  discount_price: state.discountPricePaise === null ? null : paiseToRupees(state.discountPricePaise),
  category_id: state.categoryId,
  subcategory_id: state.subcategoryId,
  status: state.status,
  sizes: state.sizes.map((size) => ({ size_id: size.sizeId, size: size.label, stock: size.stock })),
});

const countOf = (counts: BulkCounts, result: BulkResult) => {
  if (result.outcome === 'change') counts.changed += 1;
  else if (result.outcome === 'refused') counts.refused += 1;
  else counts.unchanged += 1;
};

const batchesOf = (ids: number[]) =>
  Array.from({ length: Math.ceil(ids.length / BATCH) }, (_, i) => ids.slice(i * BATCH, (i + 1) * BATCH));

/** Every selected product's before and after; nothing is written. Rows: refused first, then changes, then the rest. */
export async function previewBulk(db: Queryable, request: AdminBulkRequest) {
  await checkReferences(db, request.action);
  const ids = await selectedIds(db, request);
  const counts: BulkCounts = { selected: ids.length, changed: 0, unchanged: 0, refused: 0 };
  const rows: Record<BulkResult['outcome'], AdminBulkRow[]> = { refused: [], change: [], unchanged: [] };
  for (const batch of batchesOf(ids)) {
    const states = await bulkStatesOf(db, batch);
    for (const id of batch) {
      const found = states.get(id);
      if (!found) continue;
      const result = bulkResult(found.state, request.action);
      countOf(counts, result);
      const kept = rows[result.outcome];
      if (kept.length >= MAX_BULK_PREVIEW_ROWS) continue;
      kept.push({
        id,
        name: found.name,
        outcome: result.outcome,
        reason: result.reason,
        before: bulkStateOut(found.state),
        after: bulkStateOut(result.after),
      });
    }
  }
  counts.selected = counts.changed + counts.unchanged + counts.refused;
  return { ...counts, rows: [...rows.refused, ...rows.change, ...rows.unchanged].slice(0, MAX_BULK_PREVIEW_ROWS) };
}

/** One batch in one transaction: each product locked, computed again, written, and audited with its before and after. */
async function applyBatch(
  deps: Pick<ServiceDeps, 'db'>,
  admin: AdminPrincipal,
  action: AdminBulkAction,
  batch: number[],
  counts: BulkCounts,
): Promise<number[]> {
  const lockSizeIds = action.kind === 'set_stock' ? action.sizes.map((size) => size.size_id) : [];
  return deps.db.transaction(async (tx) => {
    const states = await bulkStatesOf(tx, batch, lockSizeIds);
    const changed: number[] = [];
    for (const id of batch) {
      const found = states.get(id);
      if (!found) continue;
      const result = bulkResult(found.state, action);
      countOf(counts, result);
      if (result.outcome !== 'change') continue;
      await writeBulkState(tx, id, found.state, result.after);
      await recordAudit(tx, admin, {
        action: `bulk_${action.kind}`,
        resource: 'products',
        resourceId: id,
        before: bulkStateOut(found.state),
        after: bulkStateOut(result.after),
      });
      changed.push(id);
    }
    return changed;
  });
}

/**
 * Writes what the preview showed, computed again from the products as they are now: batches of BATCH products, one
 * transaction each, refused rows left as they are. The storefront's catalogue is told once, at the end, of every
 * product changed (also when a later batch failed, for what the earlier ones committed).
 */
export async function applyBulk(
  deps: Pick<ServiceDeps, 'db' | 'catalogue'>,
  admin: AdminPrincipal,
  request: AdminBulkRequest,
): Promise<BulkCounts> {
  await checkReferences(deps.db, request.action);
  const ids = await selectedIds(deps.db, request);
  const counts: BulkCounts = { selected: 0, changed: 0, unchanged: 0, refused: 0 };
  const changed: number[] = [];
  try {
    for (const batch of batchesOf(ids)) changed.push(...(await applyBatch(deps, admin, request.action, batch, counts)));
  } finally {
    if (changed.length > 0) await deps.catalogue.changed({ products: changed });
  }
  counts.selected = counts.changed + counts.unchanged + counts.refused;
  return counts;
}
