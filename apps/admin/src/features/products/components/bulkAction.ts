import { AdminBulkAction, type AdminBulkKind, type AdminBulkState } from '@kapaas/contract';
import { formatRupees } from '#admin/lib/format.ts';
import { numberOrEmpty } from '#admin/lib/forms.ts';

/** What the owner picks in the bulk bar; the two kinds of discount are two choices of one API action. */
export const BULK_CHOICES = [
  { value: 'price_percent', label: 'Change prices by a percentage' },
  { value: 'price_amount', label: 'Change prices by an amount (₹)' },
  { value: 'discount_percent', label: 'Set a discount: % off the price' },
  { value: 'discount_rupees', label: 'Set a discount: ₹ off the price' },
  { value: 'clear_discount', label: 'Clear the discount' },
  { value: 'move_category', label: 'Move to a category' },
  { value: 'set_stock', label: 'Set stock of sizes' },
  { value: 'archive', label: 'Archive (take out of the shop)' },
  { value: 'restore', label: 'Restore (put back in the shop)' },
] as const;
export type BulkChoice = (typeof BULK_CHOICES)[number]['value'];

/** The bulk bar's form as typed: text, as the inputs hold it. */
export interface BulkForm {
  choice: BulkChoice;
  amount: string;
  category_id: string;
  subcategory_id: string;
  /** Stock per size id; blank leaves that size as it is. */
  stock: Record<number, string>;
}

export const emptyBulkForm: BulkForm = {
  choice: 'price_percent',
  amount: '',
  category_id: '',
  subcategory_id: '',
  stock: {},
};

/** The fields of the form an error may stand beside. */
export type BulkField = 'amount' | 'category_id' | 'subcategory_id' | 'stock' | 'selection' | 'form';

/** The action the form describes, before checking. */
function rawAction(form: BulkForm): Record<string, unknown> {
  const amount = numberOrEmpty(form.amount);
  switch (form.choice) {
    case 'price_percent':
      return { kind: 'price_percent', percent: amount };
    case 'price_amount':
      return { kind: 'price_amount', rupees: amount };
    case 'discount_percent':
      return { kind: 'set_discount', percent: amount };
    case 'discount_rupees':
      return { kind: 'set_discount', rupees: amount };
    case 'move_category':
      return {
        kind: 'move_category',
        category_id: numberOrEmpty(form.category_id),
        ...(form.subcategory_id === '' ? {} : { subcategory_id: Number(form.subcategory_id) }),
      };
    case 'set_stock':
      return {
        kind: 'set_stock',
        sizes: Object.entries(form.stock)
          .filter(([, units]) => units.trim() !== '')
          .map(([sizeId, units]) => ({ size_id: Number(sizeId), stock: Number(units) })),
      };
    default:
      return { kind: form.choice };
  }
}

/** An error's field as the API names it ("action.percent", "ids") → the form's field beside which it shows. */
export function bulkFieldOf(path: string): BulkField {
  if (path === 'action.percent' || path === 'action.rupees') return 'amount';
  if (path === 'action.category_id' || path === 'action.subcategory_id')
    return path.slice('action.'.length) as BulkField;
  if (path.startsWith('action.sizes')) return 'stock';
  if (path === 'ids' || path.startsWith('filter')) return 'selection';
  return 'form';
}

/** Adds the API's (or the contract's) field errors to a map by the form's field, the first message of each. */
export function bulkErrors(errors: Record<string, string[]>): Partial<Record<BulkField, string>> {
  const shown: Partial<Record<BulkField, string>> = {};
  for (const [path, messages] of Object.entries(errors)) {
    const field = bulkFieldOf(path);
    if (shown[field] === undefined && messages[0]) shown[field] = messages[0];
  }
  return shown;
}

/** The action, checked by the contract's own rules; or the errors beside the fields, as the server would give them. */
export function bulkAction(
  form: BulkForm,
):
  | { action: AdminBulkAction; errors?: undefined }
  | { action?: undefined; errors: Partial<Record<BulkField, string>> } {
  if (form.choice === 'set_stock' && Object.values(form.stock).every((units) => units.trim() === '')) {
    return { errors: { stock: 'Give the stock of at least one size.' } };
  }
  if (form.choice === 'move_category' && form.category_id === '')
    return { errors: { category_id: 'Choose a category.' } };
  const parsed = AdminBulkAction.safeParse(rawAction(form));
  if (parsed.success) return { action: parsed.data };
  const errors: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) {
    const path = ['action', ...issue.path.map(String)].join('.');
    const message = issue.code === 'invalid_type' ? 'Enter a number.' : issue.message;
    errors[path] = [...(errors[path] ?? []), message];
  }
  return { errors: bulkErrors(errors) };
}

const priceText = (state: AdminBulkState) =>
  state.discount_price === null
    ? formatRupees(state.price)
    : `${formatRupees(state.discount_price)} (list ${formatRupees(state.price)})`;

/** What the preview shows of a product before or after: the part the action changes. */
export function bulkStateText(
  state: AdminBulkState,
  kind: AdminBulkKind,
  nameOf: { category(id: number): string; subcategory(id: number): string },
): string {
  switch (kind) {
    case 'move_category':
      return `${nameOf.category(state.category_id)} › ${nameOf.subcategory(state.subcategory_id)}`;
    case 'set_stock':
      return state.sizes.map((size) => `${size.size}: ${size.stock}`).join(', ') || 'No sizes';
    case 'archive':
    case 'restore':
      return state.status === 'active' ? 'For sale' : 'Archived';
    default:
      return priceText(state);
  }
}
