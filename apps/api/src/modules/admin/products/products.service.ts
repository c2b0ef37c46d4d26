import type { AdminCreateProduct, AdminProduct, AdminUpdateProduct } from '@kapaas/contract';
import type { Queryable } from '@kapaas/db';
import { AppError } from '../../../lib/errors';
import { paiseToRupees, rupeesToPaise } from '../../../lib/money';
import { lockSizes, setSku, setStock, skuHolders, stockOfProducts } from '../../inventory';
import { productOrdered } from '../../orders';
import type { Page, Removal } from '../resource';
import { sanitizeRichText, typedRichText } from '../rich-text';
import { freeSlug } from '../slugs';
import {
  categoryHsnOf,
  deleteProduct,
  GST_BAND_PAISE,
  imagesOf,
  insertProduct,
  type ProductColumns,
  type ProductFilters,
  type ProductRow,
  productById,
  productPage,
  referencesOf,
  replaceImages,
  slugTaken,
  updateProduct,
} from './products.repository';

type SizeRow = Awaited<ReturnType<typeof stockOfProducts>>[number];
type ImageRow = Awaited<ReturnType<typeof imagesOf>>[number];

/** A selling price in the ₹2,625–₹2,950 band, where GST takes 18 % (ADR 032, rule 4). */
export const inGstBand = (row: Pick<ProductRow, 'pricePaise' | 'discountPricePaise'>) => {
  const selling = row.discountPricePaise ?? row.pricePaise;
  return selling > GST_BAND_PAISE.above && selling <= GST_BAND_PAISE.upTo;
};

function toProduct(
  row: ProductRow,
  sizes: SizeRow[],
  images: ImageRow[],
  categoryHsn: Map<number, string>,
): AdminProduct {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    category_id: row.categoryId,
    subcategory_id: row.subcategoryId,
    // As typed: a text stored entity-escaped before (`Tom &amp; Jerry`) would show its escapes in the console's fields.
    description: typedRichText(row.description),
    product_details: typedRichText(row.productDetails),
    wash_care: typedRichText(row.washCare),
    price: paiseToRupees(row.pricePaise),
    discount_price: row.discountPricePaise === null ? null : paiseToRupees(row.discountPricePaise),
    pattern_id: row.patternId,
    gender_id: row.genderId,
    status: row.status,
    hsn_code: row.hsnCode,
    hsn: row.hsnCode ?? categoryHsn.get(row.categoryId) ?? '',
    weight_grams: row.weightGrams,
    seo_title: row.seoTitle,
    seo_description: row.seoDescription,
    vendor: row.vendor,
    tags: row.tags,
    in_gst_band: inGstBand(row),
    images: images.map((i) => i.url),
    sizes: sizes.map((s) => ({
      size_id: s.sizeId,
      size: s.label,
      stock: s.stock,
      reserved: s.reserved,
      available: s.stock - s.reserved,
      sku: s.sku,
    })),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** One page of products with their sizes and images. */
export async function listProducts(db: Queryable, query: ProductFilters): Promise<Page<AdminProduct>> {
  const { rows, total } = await productPage(db, query);
  const ids = rows.map((r) => r.id);
  const sizes = await stockOfProducts(db, ids);
  const images = await imagesOf(db, ids);
  const hsn = await categoryHsnOf(
    db,
    rows.map((r) => r.categoryId),
  );
  return {
    items: rows.map((row) =>
      toProduct(
        row,
        sizes.filter((s) => s.productId === row.id),
        images.filter((i) => i.productId === row.id),
        hsn,
      ),
    ),
    total,
  };
}

export async function findProduct(db: Queryable, id: number): Promise<AdminProduct | undefined> {
  const row = await productById(db, id);
  if (!row) return undefined;
  return toProduct(
    row,
    await stockOfProducts(db, [id]),
    await imagesOf(db, [id]),
    await categoryHsnOf(db, [row.categoryId]),
  );
}

const refused = (errors: Record<string, string[]>) =>
  new AppError('INVALID_DATA', Object.values(errors).flat().join(' '), { errors });

/** Refuses (400, per field) references to what does not exist, and a discount not below the price. */
async function checkProduct(db: Queryable, product: ProductColumns, sizeIds: number[]): Promise<void> {
  const found = await referencesOf(db, {
    categoryId: product.categoryId,
    subcategoryId: product.subcategoryId,
    patternId: product.patternId ?? null,
    genderId: product.genderId ?? null,
    sizeIds,
  });
  const errors: Record<string, string[]> = {};
  if (!found.category) errors.category_id = ['Please choose an existing category.'];
  if (found.subcategoryCategoryId === undefined) errors.subcategory_id = ['Please choose an existing subcategory.'];
  else if (found.subcategoryCategoryId !== product.categoryId) {
    errors.subcategory_id = ['The subcategory belongs to another category.'];
  }
  if (product.patternId != null && !found.pattern) errors.pattern_id = ['Please choose an existing pattern.'];
  if (product.genderId != null && !found.gender) errors.gender_id = ['Please choose an existing gender.'];
  const unknownSizes = sizeIds.filter((id) => !found.sizeIds.has(id));
  if (unknownSizes.length > 0) errors.sizes = [`Unknown size ids: ${unknownSizes.join(', ')}.`];
  const discount = product.discountPricePaise;
  if (discount != null && discount >= product.pricePaise) {
    errors.discount_price = ['The discount price must be below the price.'];
  }
  if (Object.keys(errors).length > 0) throw refused(errors);
}

type SizeEdit = { size_id: number; stock?: number | undefined; sku?: string | null | undefined };

/**
 * Refuses (409, beside each size's `sku`) a SKU another product size holds: a SKU is unique across the shop, compared
 * as stored (ADR 063). The product's own size keeping its SKU is no clash.
 */
async function checkSkus(db: Queryable, productId: number, wanted: SizeEdit[]): Promise<void> {
  const skus = wanted.flatMap((size) => (typeof size.sku === 'string' ? [size.sku] : []));
  const holders = new Map((await skuHolders(db, skus)).map((row) => [row.sku, row]));
  const errors: Record<string, string[]> = {};
  for (const [index, size] of wanted.entries()) {
    const holder = typeof size.sku === 'string' ? holders.get(size.sku) : undefined;
    if (!holder || (holder.productId === productId && holder.sizeId === size.size_id)) continue;
    errors[`sizes.${index}.sku`] = [`The SKU ${size.sku} is already used by ${holder.name}.`];
  }
  if (Object.keys(errors).length > 0) {
    throw new AppError('CONFLICT', Object.values(errors).flat().join(' '), { code: 'DUPLICATE_SKU', errors });
  }
}

/**
 * Sets the stock and SKU of the given sizes. Stock never drops below what unpaid orders hold, and a SKU is the
 * shop's once: such an edit is refused with 409 and, as the whole write is one transaction, changes nothing.
 */
async function setSizeStocks(db: Queryable, productId: number, wanted: SizeEdit[]) {
  const held = new Map(
    (
      await lockSizes(
        db,
        productId,
        wanted.map((s) => s.size_id),
      )
    ).map((row) => [row.sizeId, row.reserved]),
  );
  const short = wanted.filter((s) => s.stock !== undefined && s.stock < (held.get(s.size_id) ?? 0));
  if (short.length > 0) {
    const detail = short.map((s) => `size ${s.size_id}: ${held.get(s.size_id)} reserved`).join('; ');
    throw new AppError('CONFLICT', `Stock cannot go below what unpaid orders hold (${detail}).`, {
      code: 'STOCK_BELOW_RESERVED',
    });
  }
  await checkSkus(db, productId, wanted);
  for (const size of wanted) {
    // A size the product does not sell yet, given only its SKU, is added with no stock.
    const stock = size.stock ?? (held.has(size.size_id) ? undefined : 0);
    if (stock !== undefined) await setStock(db, productId, size.size_id, stock);
  }
  // SKUs cleared or moved first, so that one moving between this product's sizes never meets its old place.
  const ordered = [...wanted].sort((a, b) => Number(typeof a.sku === 'string') - Number(typeof b.sku === 'string'));
  for (const size of ordered) {
    if (size.sku !== undefined) await setSku(db, productId, size.size_id, size.sku);
  }
}

/** A text field of an update, cleaned like the banners' (the storefront renders it as HTML); absent stays absent. */
const optionalRichText = (html: string | undefined) => (html === undefined ? undefined : sanitizeRichText(html));

export async function createProduct(db: Queryable, body: AdminCreateProduct): Promise<number> {
  const columns: ProductColumns = {
    name: body.name,
    categoryId: body.category_id,
    subcategoryId: body.subcategory_id,
    description: sanitizeRichText(body.description ?? ''),
    productDetails: sanitizeRichText(body.product_details ?? ''),
    washCare: sanitizeRichText(body.wash_care ?? ''),
    pricePaise: rupeesToPaise(body.price),
    discountPricePaise: body.discount_price == null ? null : rupeesToPaise(body.discount_price),
    patternId: body.pattern_id ?? null,
    genderId: body.gender_id ?? null,
    status: body.status ?? 'active',
    hsnCode: body.hsn_code ?? null,
    weightGrams: body.weight_grams ?? null,
    seoTitle: body.seo_title ?? null,
    seoDescription: body.seo_description ?? null,
    vendor: body.vendor ?? null,
    tags: body.tags ?? [],
  };
  const sizes = body.sizes ?? [];
  await checkProduct(
    db,
    columns,
    sizes.map((s) => s.size_id),
  );
  const id = await insertProduct(db, await freeSlug(db, body.name, slugTaken), columns);
  await setSizeStocks(db, id, sizes);
  await replaceImages(db, id, body.images ?? []);
  return id;
}

export async function changeProduct(db: Queryable, id: number, body: AdminUpdateProduct): Promise<void> {
  const current = await productById(db, id, true);
  if (!current) throw new AppError('NOT_FOUND', 'Product not found.');
  const changes: Partial<ProductColumns> = {
    name: body.name,
    categoryId: body.category_id,
    subcategoryId: body.subcategory_id,
    description: optionalRichText(body.description),
    productDetails: optionalRichText(body.product_details),
    washCare: optionalRichText(body.wash_care),
    pricePaise: body.price === undefined ? undefined : rupeesToPaise(body.price),
    discountPricePaise:
      body.discount_price === undefined
        ? undefined
        : body.discount_price === null
          ? null
          : rupeesToPaise(body.discount_price),
    patternId: body.pattern_id,
    genderId: body.gender_id,
    status: body.status,
    hsnCode: body.hsn_code,
    weightGrams: body.weight_grams,
    seoTitle: body.seo_title,
    seoDescription: body.seo_description,
    vendor: body.vendor,
    tags: body.tags,
  };
  const sent = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
  const merged: ProductColumns = { ...current, ...sent };
  await checkProduct(
    db,
    merged,
    (body.sizes ?? []).map((s) => s.size_id),
  );
  await updateProduct(db, id, changes);
  if (body.sizes) await setSizeStocks(db, id, body.sizes);
  if (body.images) await replaceImages(db, id, body.images);
}

/** A product that past orders show is archived (it leaves the storefront); any other is deleted. */
export async function removeProduct(db: Queryable, id: number): Promise<Removal> {
  if (await productOrdered(db, id)) {
    await updateProduct(db, id, { status: 'archived' });
    return 'archived';
  }
  await deleteProduct(db, id);
  return 'deleted';
}
