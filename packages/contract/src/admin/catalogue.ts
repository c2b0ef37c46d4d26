import { z } from 'zod';
import { RETURN_RULE_REASON_MAX, ReturnRuleKind } from '../returns';
import {
  AdminPaging,
  adminItem,
  adminList,
  Id,
  ImageUrl,
  LongText,
  PieceWeightGrams,
  QueryFlag,
  RupeeAmount,
  Rupees,
  SortOrder,
  Timestamp,
  Title,
} from './common';

// ---------------------------------------------------------------------------------------------
// Products

/** An HSN code as the owner types it: 4, 6 or 8 digits (ADR 032). */
export const HsnCode = z
  .string()
  .trim()
  .regex(/^[0-9]{4}(?:[0-9]{2}){0,2}$/, 'An HSN code has 4, 6 or 8 digits, e.g. 6111.');

/** A size's SKU: trimmed, 1–64 of letters, digits and `. _ / -`; unique across the shop, compared as stored (ADR 063). */
export const SKU_PATTERN = /^[A-Za-z0-9._/-]{1,64}$/;
export const Sku = z
  .string()
  .trim()
  .regex(SKU_PATTERN, 'A SKU has 1–64 letters, digits, dots, dashes, underscores or slashes.');

/*
 * What a brand arriving from Shopify brings beside the catalogue itself (ADR 064, 2026-11-28): the page's title and
 * description for search engines, the vendor and the tags. Shopify's own limits for the first two.
 */
export const SEO_TITLE_MAX = 70;
export const SEO_DESCRIPTION_MAX = 320;
export const VENDOR_MAX = 100;
export const TAG_MAX = 40;
export const TAGS_MAX = 50;

/** An optional line of text: trimmed, at most `max` characters; empty means none (null). */
const optionalLine = (what: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${what} is at most ${max} characters.`)
    .transform((text) => (text === '' ? null : text));
export const SeoTitle = optionalLine('The SEO title', SEO_TITLE_MAX);
export const SeoDescription = optionalLine('The SEO description', SEO_DESCRIPTION_MAX);
export const Vendor = optionalLine('The vendor', VENDOR_MAX);

/** One tag: trimmed, 1–40 characters, no comma (tags are written comma-separated, as Shopify writes them). */
export const ProductTag = z
  .string()
  .trim()
  .min(1, 'A tag cannot be empty.')
  .max(TAG_MAX, `A tag is at most ${TAG_MAX} characters.`)
  .regex(/^[^,]*$/, 'A tag cannot hold a comma: commas separate tags.');

/** A product's tags in the owner's order; a tag given twice (ignoring case) is kept once, as Shopify does. */
export const ProductTags = z
  .array(ProductTag)
  .max(TAGS_MAX, `At most ${TAGS_MAX} tags.`)
  .transform((tags) => tags.filter((tag, at) => tags.findIndex((t) => t.toLowerCase() === tag.toLowerCase()) === at));

/** Tags as a comma-separated cell or field (`Summer, Cotton`): split and trimmed, empty pieces dropped. */
export const splitTags = (text: string) =>
  text
    .split(',')
    .map((tag) => tag.trim())
    .filter((tag) => tag !== '');

/** A cell or field of comma-separated tags, read into the product's tags. */
export const TagsCell = z.string().transform(splitTags).pipe(ProductTags);

/** Tags as one cell or field, the way Shopify writes them. */
export const joinTags = (tags: readonly string[]) => tags.join(', ');

/** The most stock one size may hold; also the highest low-stock filter that means anything. */
export const MAX_STOCK = 1_000_000;

export const PRODUCT_STATUS_VALUES = ['active', 'archived'] as const;
export const AdminProductStatus = z.enum(PRODUCT_STATUS_VALUES);

/** Stock of one size: `reserved` is held by orders awaiting payment, `available` is what can be sold. */
export const AdminProductSize = z.object({
  size_id: z.number().int(),
  size: z.string(),
  stock: z.number().int(),
  reserved: z.number().int(),
  available: z.number().int(),
  /** The size's SKU, unique across the shop (ADR 063), or null. */
  sku: z.string().nullable(),
});

export const AdminProduct = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  category_id: z.number().int(),
  subcategory_id: z.number().int(),
  description: z.string(),
  product_details: z.string(),
  wash_care: z.string(),
  price: Rupees,
  /** What the shopper pays when discounted, else null. */
  discount_price: Rupees.nullable(),
  pattern_id: z.number().int().nullable(),
  gender_id: z.number().int().nullable(),
  status: AdminProductStatus,
  /** The product's own HSN code, or null to use its category's. */
  hsn_code: z.string().nullable(),
  /** The HSN code its invoices carry: its own, else its category's. */
  hsn: z.string(),
  /** One piece's packed weight in grams; null: the shop's default per piece (settings). */
  weight_grams: z.number().int().nullable(),
  /** The product page's title for search engines; null: the product's name (ADR 064). */
  seo_title: z.string().nullable(),
  /** The product page's meta description; null: one made of its name, price and subcategory. */
  seo_description: z.string().nullable(),
  vendor: z.string().nullable(),
  tags: z.array(z.string()),
  /** Priced in the ₹2,625–₹2,950 band, where GST takes 18 % although a piece is near ₹2,500 (ADR 032). */
  in_gst_band: z.boolean(),
  /** The first is the main image shown on cards. */
  images: z.array(z.string()),
  sizes: z.array(AdminProductSize),
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type AdminProduct = z.infer<typeof AdminProduct>;

/**
 * A size to set: its stock, its SKU (null clears it), or both; what is left out stays as it is. A size the product
 * does not sell yet is added, with no stock when only its SKU is given.
 */
const SizeStock = z
  .strictObject({
    size_id: Id,
    stock: z.number().int('Stock is a whole number.').min(0, 'Stock cannot be negative.').max(MAX_STOCK).optional(),
    sku: Sku.nullable().optional(),
  })
  .refine((size) => size.stock !== undefined || size.sku !== undefined, {
    message: 'Give the stock or the SKU of the size.',
    path: ['stock'],
  });
const SizeStocks = z
  .array(SizeStock)
  .max(50)
  .refine((list) => new Set(list.map((s) => s.size_id)).size === list.length, 'Each size may appear once.')
  .superRefine((list, context) => {
    // Two sizes of one product with one SKU: refused beside the later one, as the shop's uniqueness would.
    const seen = new Set<string>();
    for (const [index, size] of list.entries()) {
      if (typeof size.sku !== 'string') continue;
      if (seen.has(size.sku)) {
        context.addIssue({ code: 'custom', path: [index, 'sku'], message: `Another size has the SKU ${size.sku}.` });
      }
      seen.add(size.sku);
    }
  });

const productFields = {
  name: Title(200),
  category_id: Id,
  subcategory_id: Id,
  description: LongText,
  product_details: LongText,
  wash_care: LongText,
  price: RupeeAmount,
  /** Below the price; null (or absent) means no discount. */
  discount_price: RupeeAmount.nullable(),
  pattern_id: Id.nullable(),
  gender_id: Id.nullable(),
  /** Sets the stock of these sizes (others are left as they are). */
  sizes: SizeStocks,
  /** Replaces the images, in order; the first is the main one. */
  images: z.array(ImageUrl).max(12),
  status: AdminProductStatus,
  /** null uses the category's HSN code. */
  hsn_code: HsnCode.nullable(),
  /** One piece's packed weight for the courier; null uses the shop's default per piece. */
  weight_grams: PieceWeightGrams.nullable(),
  /** Empty or null: none (the page's title is then the product's name). */
  seo_title: SeoTitle.nullable(),
  seo_description: SeoDescription.nullable(),
  vendor: Vendor.nullable(),
  /** Replaces the tags, in order. */
  tags: ProductTags,
};
export const AdminCreateProduct = z.strictObject({
  ...productFields,
  description: productFields.description.optional(),
  product_details: productFields.product_details.optional(),
  wash_care: productFields.wash_care.optional(),
  discount_price: productFields.discount_price.optional(),
  pattern_id: productFields.pattern_id.optional(),
  gender_id: productFields.gender_id.optional(),
  sizes: productFields.sizes.optional(),
  images: productFields.images.optional(),
  status: productFields.status.optional(),
  hsn_code: productFields.hsn_code.optional(),
  weight_grams: productFields.weight_grams.optional(),
  seo_title: productFields.seo_title.optional(),
  seo_description: productFields.seo_description.optional(),
  vendor: productFields.vendor.optional(),
  tags: productFields.tags.optional(),
});
export type AdminCreateProduct = z.infer<typeof AdminCreateProduct>;
export const AdminUpdateProduct = z.strictObject(productFields).partial();
export type AdminUpdateProduct = z.infer<typeof AdminUpdateProduct>;
export const AdminProductListQuery = z.strictObject({
  ...AdminPaging,
  category_id: Id.optional(),
  subcategory_id: Id.optional(),
  status: AdminProductStatus.optional(),
  /** Only products with a size whose available stock is at or below this. */
  low_stock: z.coerce.number().int().min(0).max(MAX_STOCK).optional(),
  /** Only products whose selling price lies in the ₹2,625–₹2,950 GST band (ADR 032). */
  gst_band: QueryFlag.optional(),
});
export const AdminProductListAnswer = adminList(AdminProduct);
export const AdminProductAnswer = adminItem(AdminProduct);

// ---------------------------------------------------------------------------------------------
// Categories and subcategories

export const AdminCategory = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  image: z.string(),
  sort_order: z.number().int(),
  active: z.boolean(),
  /** The HSN code of the category's products, unless a product has its own. */
  hsn_code: z.string(),
  /** Whether its pieces may be returned, only exchanged, or neither (ADR 058), and why, in the shopper's words. */
  return_rule: ReturnRuleKind,
  return_rule_reason: z.string(),
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type AdminCategory = z.infer<typeof AdminCategory>;

/** A return rule's reason as the owner writes it; required unless the rule is `returnable` (see categoryRuleCheck). */
const ReturnRuleReason = z.string().trim().max(RETURN_RULE_REASON_MAX, `At most ${RETURN_RULE_REASON_MAX} characters.`);
export const RETURN_RULE_REASON_REQUIRED = 'Say why, in words a shopper reads on the product page.';

const categoryFields = {
  name: Title(100),
  image: ImageUrl,
  sort_order: SortOrder.optional(),
  active: z.boolean().optional(),
  hsn_code: HsnCode.optional(),
  return_rule: ReturnRuleKind.optional(),
  return_rule_reason: ReturnRuleReason.optional(),
};

/**
 * A rule other than `returnable` needs its reason beside it. An edit that names only one of the two is checked again
 * by the API against the stored other (a rule set without a reason keeps the reason it had).
 */
function categoryRuleCheck(
  body: { return_rule?: ReturnRuleKind | undefined; return_rule_reason?: string | undefined },
  ctx: z.RefinementCtx,
): void {
  if (body.return_rule === undefined || body.return_rule === 'returnable') return;
  if (body.return_rule_reason === undefined || body.return_rule_reason !== '') return;
  ctx.addIssue({ code: 'custom', path: ['return_rule_reason'], message: RETURN_RULE_REASON_REQUIRED });
}

export const AdminCreateCategory = z.strictObject(categoryFields).superRefine((body, ctx) => {
  // A new category's rule other than returnable must come with its reason.
  categoryRuleCheck({ ...body, return_rule_reason: body.return_rule_reason ?? '' }, ctx);
});
export type AdminCreateCategory = z.infer<typeof AdminCreateCategory>;
export const AdminUpdateCategory = z.strictObject(categoryFields).partial().superRefine(categoryRuleCheck);
export type AdminUpdateCategory = z.infer<typeof AdminUpdateCategory>;
export const AdminCategoryListQuery = z.strictObject({ ...AdminPaging, active: QueryFlag.optional() });
export const AdminCategoryListAnswer = adminList(AdminCategory);
export const AdminCategoryAnswer = adminItem(AdminCategory);

export const AdminSubcategory = AdminCategory.omit({
  hsn_code: true,
  return_rule: true,
  return_rule_reason: true,
}).extend({ category_id: z.number().int() });
export type AdminSubcategory = z.infer<typeof AdminSubcategory>;
export const AdminCreateSubcategory = z.strictObject({
  name: categoryFields.name,
  image: categoryFields.image,
  sort_order: categoryFields.sort_order,
  active: categoryFields.active,
  category_id: Id,
});
export type AdminCreateSubcategory = z.infer<typeof AdminCreateSubcategory>;
export const AdminUpdateSubcategory = AdminCreateSubcategory.partial();
export type AdminUpdateSubcategory = z.infer<typeof AdminUpdateSubcategory>;
export const AdminSubcategoryListQuery = z.strictObject({
  ...AdminPaging,
  category_id: Id.optional(),
  active: QueryFlag.optional(),
});
export const AdminSubcategoryListAnswer = adminList(AdminSubcategory);
export const AdminSubcategoryAnswer = adminItem(AdminSubcategory);

// ---------------------------------------------------------------------------------------------
// Sizes, patterns (the storefront's "Print") and genders

export const AdminSize = z.object({ id: z.number().int(), label: z.string(), sort_order: z.number().int() });
export type AdminSize = z.infer<typeof AdminSize>;
export const AdminCreateSize = z.strictObject({ label: Title(50), sort_order: SortOrder.optional() });
export type AdminCreateSize = z.infer<typeof AdminCreateSize>;
export const AdminUpdateSize = AdminCreateSize.partial();
export type AdminUpdateSize = z.infer<typeof AdminUpdateSize>;
export const AdminSizeListQuery = z.strictObject(AdminPaging);
export const AdminSizeListAnswer = adminList(AdminSize);
export const AdminSizeAnswer = adminItem(AdminSize);

/** A pattern or a gender: only a name. */
export const AdminNamed = z.object({ id: z.number().int(), name: z.string() });
export type AdminNamed = z.infer<typeof AdminNamed>;
export const AdminCreateNamed = z.strictObject({ name: Title(100) });
export type AdminCreateNamed = z.infer<typeof AdminCreateNamed>;
export const AdminUpdateNamed = AdminCreateNamed.partial();
export type AdminUpdateNamed = z.infer<typeof AdminUpdateNamed>;
export const AdminNamedListQuery = z.strictObject(AdminPaging);
export const AdminNamedListAnswer = adminList(AdminNamed);
export const AdminNamedAnswer = adminItem(AdminNamed);
