import { AdminCreateProduct, type AdminProduct, joinTags, splitTags } from '@kapaas/contract';
import { numberOrEmpty, numberOrNull } from '#admin/lib/forms.ts';

/** The product form's controls as typed: text, with one stock cell per size (keyed `s<size_id>`). */
export interface ProductFormValues {
  name: string;
  category_id: string;
  subcategory_id: string;
  price: string;
  discount_price: string;
  pattern_id: string;
  gender_id: string;
  description: string;
  product_details: string;
  wash_care: string;
  /** The product's own HSN code; empty uses its category's. */
  hsn_code: string;
  /** One piece's weight in grams; empty uses the shop's default per piece. */
  weight_grams: string;
  vendor: string;
  /** The tags, comma-separated as the owner types them. */
  tags: string;
  /** Empty: the product's name is the page's title for search engines. */
  seo_title: string;
  /** Empty: the shop makes one of the name, price and subcategory. */
  seo_description: string;
  /** Image URLs in order; the first is the main one. */
  images: string[];
  stock: Record<string, string>;
  /** One SKU cell per size, keyed like `stock`; empty means none (ADR 063). */
  sku: Record<string, string>;
}

/**
 * The body the form sends: a whole product, as POST /products takes it. For a change (PATCH) it
 * carries only the sizes whose stock the owner changed, so that a save never puts back stock that
 * sales took meanwhile.
 */
export type ProductBody = AdminCreateProduct;

export const stockKey = (sizeId: number) => `s${sizeId}`;

/** The controls' starting values: the product's, or empty ones for a new product. */
export function toFormValues(product: AdminProduct | undefined): ProductFormValues {
  const stock: Record<string, string> = {};
  const sku: Record<string, string> = {};
  for (const size of product?.sizes ?? []) {
    stock[stockKey(size.size_id)] = String(size.stock);
    sku[stockKey(size.size_id)] = size.sku ?? '';
  }
  const text = (value: number | null | undefined) => (value === null || value === undefined ? '' : String(value));
  return {
    name: product?.name ?? '',
    category_id: text(product?.category_id),
    subcategory_id: text(product?.subcategory_id),
    price: text(product?.price),
    discount_price: text(product?.discount_price),
    pattern_id: text(product?.pattern_id),
    gender_id: text(product?.gender_id),
    description: product?.description ?? '',
    product_details: product?.product_details ?? '',
    wash_care: product?.wash_care ?? '',
    hsn_code: product?.hsn_code ?? '',
    weight_grams: text(product?.weight_grams),
    vendor: product?.vendor ?? '',
    tags: joinTags(product?.tags ?? []),
    seo_title: product?.seo_title ?? '',
    seo_description: product?.seo_description ?? '',
    images: product?.images ?? [],
    stock,
    sku,
  };
}

/**
 * What a size's cells change: the stock when its cell differs from what loaded (empty leaves it), and the SKU when
 * its cell differs (empty clears it). Unchanged cells are left out, and a size with nothing changed too.
 */
function sizeEdit(stockCell: string, skuCell: string, loaded: AdminProduct['sizes'][number] | undefined) {
  const stock = stockCell.trim() === '' ? undefined : numberOrEmpty(stockCell);
  const sku = skuCell.trim() === '' ? null : skuCell.trim();
  const edit: { stock?: number | undefined; sku?: string | null } = {};
  if (stock !== undefined && stock !== loaded?.stock) edit.stock = stock;
  if (sku !== (loaded?.sku ?? null)) edit.sku = sku;
  return Object.keys(edit).length === 0 ? undefined : edit;
}

/**
 * The API body; `sizeOrder` receives the size ids in the order of `sizes`, so that an error on
 * "sizes.2.stock" can be shown in its cell. An empty cell leaves that size out: a new product does
 * not sell it, an existing one keeps its stock. For an existing product (`saved`), a cell still
 * showing the stock it loaded is left out too, and without any changed cell `sizes` is not sent:
 * the shop's stock may have moved since the form loaded, and only the owner's changes should count.
 */
export function toProductBody(
  values: ProductFormValues,
  sizeOrder: number[] = [],
  saved?: AdminProduct,
): Record<string, unknown> {
  sizeOrder.length = 0;
  const loaded = new Map(saved?.sizes.map((size) => [size.size_id, size]));
  const sizes: { size_id: number; stock?: number | undefined; sku?: string | null }[] = [];
  const keys = new Set([...Object.keys(values.stock), ...Object.keys(values.sku)]);
  for (const key of keys) {
    const sizeId = Number(key.slice(1));
    const edit = sizeEdit(values.stock[key] ?? '', values.sku[key] ?? '', loaded.get(sizeId));
    if (edit === undefined) continue;
    sizeOrder.push(sizeId);
    sizes.push({ size_id: sizeId, ...edit });
  }
  return {
    name: values.name,
    category_id: numberOrEmpty(values.category_id),
    subcategory_id: numberOrEmpty(values.subcategory_id),
    price: numberOrEmpty(values.price),
    discount_price: numberOrNull(values.discount_price),
    pattern_id: numberOrNull(values.pattern_id),
    gender_id: numberOrNull(values.gender_id),
    description: values.description,
    product_details: values.product_details,
    wash_care: values.wash_care,
    // Empty means the category's code (null), which a change of category then follows.
    hsn_code: values.hsn_code.trim() === '' ? null : values.hsn_code.trim(),
    // Empty means the shop's default weight per piece (null).
    weight_grams: numberOrNull(values.weight_grams),
    // Empty means none (the contract reads a blank as null).
    vendor: values.vendor,
    tags: splitTags(values.tags),
    seo_title: values.seo_title,
    seo_description: values.seo_description,
    images: values.images,
    ...(saved === undefined || sizes.length > 0 ? { sizes } : {}),
  };
}

/** Where an error on a path of the body shows: a size's stock in its cell, the rest on their fields. */
export function productFieldOf(sizeOrder: number[]) {
  return (path: string): string => {
    const cell = /^sizes\.(\d+)\.(stock|sku)$/.exec(path);
    if (cell) {
      const sizeId = sizeOrder[Number(cell[1])];
      const column = cell[2] === 'sku' ? 'sku' : 'stock';
      return sizeId === undefined ? 'stock' : `${column}.${stockKey(sizeId)}`;
    }
    if (path.startsWith('sizes')) return 'stock';
    if (path.startsWith('images')) return 'images';
    // A tag's error (`tags.2`) shows on the one field that holds them all.
    if (path.startsWith('tags')) return 'tags';
    return path;
  };
}

/**
 * The contract's product rules (the create schema, so that a change cannot blank a required field
 * either), plus one the owner should hear before saving: stock cannot drop below what unpaid orders
 * hold. That one is checked even when other fields are wrong, so that every problem shows at once.
 */
export function productSchema(product: AdminProduct | undefined) {
  const held = new Map(product?.sizes.map((size) => [size.size_id, size.reserved]));
  return AdminCreateProduct.superRefine(
    (body, context) => {
      for (const [index, size] of (body.sizes ?? []).entries()) {
        const reserved = held.get(size.size_id) ?? 0;
        if (size.stock !== undefined && size.stock < reserved) {
          context.addIssue({
            code: 'custom',
            path: ['sizes', index, 'stock'],
            message: `At least ${reserved}: unpaid orders hold them.`,
          });
        }
      }
    },
    { when: () => true },
  );
}
