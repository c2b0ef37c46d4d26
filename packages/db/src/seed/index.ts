import { GST_STATES } from '@kapaas/contract';
import { count, eq, inArray } from 'drizzle-orm';
import type { Database, Queryable } from '../client';
import {
  ads as adsTable,
  banners as bannersTable,
  categories as categoriesTable,
  cities as citiesTable,
  coupons as couponsTable,
  featuredSectionProducts,
  featuredSections,
  genders as gendersTable,
  patterns as patternsTable,
  productImages,
  productSizes,
  products as productsTable,
  sandboxWhatsappTemplates,
  shopSettings,
  sizeChartRows,
  sizeCharts,
  sizes as sizesTable,
  states as statesTable,
  subcategories as subcategoriesTable,
  testimonials as testimonialsTable,
  whatsappTemplates,
} from '../schema';
import { bestSellingSlugs, categories, newArrivalSlugs, products } from './data/catalogue';
import { coupons } from './data/coupons';
import { ads, banners, testimonials } from './data/home';
import { states } from './data/india';
import { DEMO_SIZE_CHARTS } from './data/size-charts';
import { GENDERS, PATTERNS, SIZE_LABELS } from './data/types';
import { pieceWeightGrams } from './data/weights';
import { DEMO_WHATSAPP_TEMPLATES } from './data/whatsapp-templates';
import { seedDemoReviews } from './demo-reviews';
import { demoImage } from './media';

export { DEMO_WHATSAPP_TEMPLATES } from './data/whatsapp-templates';
export { DEMO_MEDIA_PREFIX, demoImage, demoMedia } from './media';
export {
  SEED_ORDERS_DOMAIN,
  type SeedOrdersOptions,
  SeedOrdersRefused,
  type SeedOrdersResult,
  seedOrders,
} from './orders';
export { type SeedScaleOptions, type SeedScaleResult, seedScale } from './scale';
export { mulberry32 } from './scale-generate';

const DAY_MS = 86_400_000;
const rupeesToPaise = (rupees: number) => Math.round(rupees * 100);

/** Looks up ids by natural key after an insert that may have skipped existing rows. */
async function idsBy<K extends string>(rows: { key: K; id: number }[]): Promise<Map<K, number>> {
  return new Map(rows.map((row) => [row.key, row.id]));
}

/** GST state codes by state name. */
const GST_CODES = new Map(GST_STATES.map((state) => [state.name, state.code]));

/**
 * The demo shop's GST identity (ADR 032): a made-up company in Pune with a well-formed GSTIN (Maharashtra's code 27, a
 * company PAN, entity 1, Z, and the right check character). Not a real registration.
 */
export const DEMO_TAX_IDENTITY = {
  gstLegalName: 'Kapaas Organic Clothing Private Limited',
  gstin: '27AAKCK2026P1Z5',
  gstAddress: 'Unit 4, Sai Industrial Estate\nBaner Road, Pune 411045\nMaharashtra',
  invoicePrefix: 'KPS',
  gstSignatory: 'Meera Kulkarni',
  hsnDigits: 4,
};

/** True when the shop has no catalogue yet, i.e. the demo shop should be seeded. */
export async function isShopEmpty(db: Queryable): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(categoriesTable);
  return (row?.n ?? 0) === 0;
}

/**
 * Seeds the demo shop. Idempotent: it inserts what is missing by natural key (slugs, codes,
 * names) and never overwrites what is there, so running it again, or over a shop the owner has
 * edited, changes nothing that exists.
 */
export async function seedDemoShop(db: Database, now: Date = new Date()): Promise<void> {
  const at = (days: number) => new Date(now.getTime() + days * DAY_MS);
  await db.transaction(async (tx) => {
    const newSettings = await tx.insert(shopSettings).values({ id: 1 }).onConflictDoNothing().returning();
    const types = await seedProductTypes(tx);
    const catalogue = await seedCategories(tx);
    const productIds = await seedProducts(tx, { ...types, ...catalogue }, at);
    await seedFeaturedSections(tx, productIds);
    await seedHomeBanners(tx, catalogue.categoryIds);
    await seedHomeAds(tx);
    await seedTestimonials(tx);
    await seedCoupons(tx, at);
    const stateIds = await seedStatesAndCities(tx);
    await seedDemoReviews(tx, { productIds, sizeIds: types.sizeIds }, now);
    await seedWhatsAppTemplates(tx, now);
    await seedSizeCharts(tx, catalogue.categoryIds, types.sizeIds);
    // A shop seeded afresh is registered for GST in Maharashtra; settings an owner saved are never overwritten.
    if (newSettings.length > 0) {
      await tx
        .update(shopSettings)
        .set({ ...DEMO_TAX_IDENTITY, gstStateId: must(stateIds, 'Maharashtra') })
        .where(eq(shopSettings.id, 1));
    }
  });
}

/**
 * The WhatsApp templates of every kind in English and Hindi (issue 36), approved at the built-in sandbox's business
 * account as Meta's review would, so the demo shop sends them at once. A live shop's "sync" replaces these states
 * with Meta's (one Meta does not hold goes back to draft, to be submitted).
 */
async function seedWhatsAppTemplates(tx: Queryable, now: Date) {
  const seeded = await tx
    .insert(whatsappTemplates)
    .values(
      DEMO_WHATSAPP_TEMPLATES.map((t) => ({ ...t, status: 'approved' as const, submittedAt: now, syncedAt: now })),
    )
    .onConflictDoNothing()
    .returning({ id: whatsappTemplates.id });
  if (seeded.length === 0) return;
  await tx
    .insert(sandboxWhatsappTemplates)
    .values(
      DEMO_WHATSAPP_TEMPLATES.map((t) => ({
        name: t.name,
        language: t.language,
        category: t.category.toUpperCase(),
        body: t.body,
        bodyExample: t.examples,
        buttons: t.buttons.map((b) =>
          b.type === 'url'
            ? { type: 'URL' as const, text: b.text, url: b.url }
            : { type: 'QUICK_REPLY' as const, text: b.text },
        ),
        status: 'APPROVED',
      })),
    )
    .onConflictDoNothing();
}

/**
 * A chart for each clothing category (docs/size-charts.md). A category that has a chart keeps it, rows and all: the
 * owner's edits are never overwritten, and a shop seeded before charts existed gets them on the next `npm run seed`.
 */
async function seedSizeCharts(tx: Queryable, categoryIds: Map<string, number>, sizeIds: Map<string, number>) {
  const charts = await tx
    .insert(sizeCharts)
    .values(Object.keys(DEMO_SIZE_CHARTS).map((slug) => ({ categoryId: must(categoryIds, slug) })))
    .onConflictDoNothing()
    .returning({ id: sizeCharts.id, categoryId: sizeCharts.categoryId });
  const slugOf = new Map([...categoryIds].map(([slug, id]) => [id, slug]));
  const rows = charts.flatMap((chart) =>
    (DEMO_SIZE_CHARTS[slugOf.get(chart.categoryId ?? 0) ?? ''] ?? []).map(({ size, ...row }) => ({
      ...row,
      chartId: chart.id,
      sizeId: must(sizeIds, size),
    })),
  );
  if (rows.length > 0) await tx.insert(sizeChartRows).values(rows);
}

/** A day's offset from the seed's "now" as a date: what the catalogue's and coupons' dates are written as. */
type DayOffset = (days: number) => Date;

/** Sizes, patterns and genders, which products refer to; their ids by name. */
async function seedProductTypes(tx: Queryable) {
  await tx
    .insert(sizesTable)
    .values(SIZE_LABELS.map((label, index) => ({ label, sortOrder: index })))
    .onConflictDoNothing();
  await tx
    .insert(patternsTable)
    .values(PATTERNS.map((name) => ({ name })))
    .onConflictDoNothing();
  await tx
    .insert(gendersTable)
    .values(GENDERS.map((name) => ({ name })))
    .onConflictDoNothing();
  const sizeIds = await idsBy(await tx.select({ key: sizesTable.label, id: sizesTable.id }).from(sizesTable));
  const patternIds = await idsBy(
    await tx.select({ key: patternsTable.name, id: patternsTable.id }).from(patternsTable),
  );
  const genderIds = await idsBy(await tx.select({ key: gendersTable.name, id: gendersTable.id }).from(gendersTable));
  return { sizeIds, patternIds, genderIds };
}

/** The categories and their subcategories; their ids by slug. */
async function seedCategories(tx: Queryable) {
  await tx
    .insert(categoriesTable)
    .values(
      categories.map((c, index) => ({
        slug: c.slug,
        name: c.name,
        image: demoImage.category(c.slug),
        sortOrder: index,
        hsnCode: c.hsn,
        returnRule: c.returnRule?.kind ?? ('returnable' as const),
        returnRuleReason: c.returnRule?.reason ?? '',
      })),
    )
    .onConflictDoNothing();
  const categoryIds = await idsBy(
    await tx.select({ key: categoriesTable.slug, id: categoriesTable.id }).from(categoriesTable),
  );
  await tx
    .insert(subcategoriesTable)
    .values(
      categories.flatMap((c) =>
        c.subcategories.map((s, index) => ({
          categoryId: must(categoryIds, c.slug),
          slug: s.slug,
          name: s.name,
          image: demoImage.subcategory(s.slug),
          sortOrder: index,
        })),
      ),
    )
    .onConflictDoNothing();
  const subcategoryIds = await idsBy(
    await tx.select({ key: subcategoriesTable.slug, id: subcategoriesTable.id }).from(subcategoriesTable),
  );
  return { categoryIds, subcategoryIds };
}

/** The ids a product row refers to, by natural key. */
interface CatalogueIds {
  sizeIds: Map<string, number>;
  patternIds: Map<string, number>;
  genderIds: Map<string, number>;
  categoryIds: Map<string, number>;
  subcategoryIds: Map<string, number>;
}

/** The demo products with their pictures and sizes; the seed's products' ids by slug. */
async function seedProducts(tx: Queryable, ids: CatalogueIds, at: DayOffset) {
  await tx
    .insert(productsTable)
    .values(
      products.map((p) => ({
        slug: p.slug,
        name: p.name,
        categoryId: must(ids.categoryIds, p.categorySlug),
        subcategoryId: must(ids.subcategoryIds, p.subcategorySlug),
        description: p.description,
        productDetails: p.productDetails,
        washCare: p.washCare,
        pricePaise: rupeesToPaise(p.price),
        discountPricePaise: p.discountPrice === null ? null : rupeesToPaise(p.discountPrice),
        patternId: must(ids.patternIds, p.pattern),
        genderId: must(ids.genderIds, p.gender),
        weightGrams: pieceWeightGrams(p.subcategorySlug, p.slug),
        createdAt: at(-p.addedDaysAgo),
        updatedAt: at(-p.addedDaysAgo),
      })),
    )
    .onConflictDoNothing();
  const productIds = await idsBy(
    await tx
      .select({ key: productsTable.slug, id: productsTable.id })
      .from(productsTable)
      .where(
        inArray(
          productsTable.slug,
          products.map((p) => p.slug),
        ),
      ),
  );
  await seedProductImagesAndSizes(tx, productIds, ids.sizeIds);
  return productIds;
}

/** A demo size's SKU: `KP-<product id>-<size label>`, stable for a shop seeded afresh and unique (ADR 063). */
export const demoSku = (productId: number, sizeLabel: string) =>
  `KP-${productId}-${sizeLabel.replace(/[^A-Za-z0-9._/-]/g, '')}`;

async function seedProductImagesAndSizes(tx: Queryable, productIds: Map<string, number>, sizeIds: Map<string, number>) {
  await tx
    .insert(productImages)
    .values(
      products.flatMap((p) =>
        Array.from({ length: p.imageCount }, (_, index) => ({
          productId: must(productIds, p.slug),
          url: demoImage.product(p.slug, index),
          position: index,
        })),
      ),
    )
    .onConflictDoNothing();
  await tx
    .insert(productSizes)
    .values(
      products.flatMap((p) =>
        p.sizes.map((s) => {
          const productId = must(productIds, p.slug);
          return { productId, sizeId: must(sizeIds, s.size), stock: s.stock, sku: demoSku(productId, s.size) };
        }),
      ),
    )
    .onConflictDoNothing();
}

/** The home page's Best Selling and New Arrivals sections and their products. */
async function seedFeaturedSections(tx: Queryable, productIds: Map<string, number>) {
  await tx
    .insert(featuredSections)
    .values([
      { title: 'Best Selling', sortOrder: 0 },
      { title: 'New Arrivals', sortOrder: 1 },
    ])
    .onConflictDoNothing();
  const sectionIds = await idsBy(
    await tx.select({ key: featuredSections.title, id: featuredSections.id }).from(featuredSections),
  );
  await tx
    .insert(featuredSectionProducts)
    .values([
      ...bestSellingSlugs.map((slug, position) => ({
        sectionId: must(sectionIds, 'Best Selling'),
        productId: must(productIds, slug),
        position,
      })),
      ...newArrivalSlugs.map((slug, position) => ({
        sectionId: must(sectionIds, 'New Arrivals'),
        productId: must(productIds, slug),
        position,
      })),
    ])
    .onConflictDoNothing();
}

// Banners, ads and testimonials have no unique key: each is inserted unless one with its title is there.

async function seedHomeBanners(tx: Queryable, categoryIds: Map<string, number>) {
  const existing = new Set((await tx.select({ title: bannersTable.title }).from(bannersTable)).map((r) => r.title));
  const rows = banners
    .map((b, index) => ({
      title: b.title,
      descriptionHtml: b.descriptionHtml,
      image: demoImage.banner(index, false),
      mobileImage: demoImage.banner(index, true),
      link: `/category-page/${must(categoryIds, b.categorySlug)}`,
      sortOrder: index,
    }))
    .filter((row) => !existing.has(row.title));
  if (rows.length) await tx.insert(bannersTable).values(rows);
}

async function seedHomeAds(tx: Queryable) {
  const existing = new Set((await tx.select({ title: adsTable.mainTitle }).from(adsTable)).map((r) => r.title));
  const rows = ads
    .map((a, index) => ({ mainTitle: a.mainTitle, title: a.title, image: demoImage.ad(index), sortOrder: index }))
    .filter((row) => !existing.has(row.mainTitle));
  if (rows.length) await tx.insert(adsTable).values(rows);
}

async function seedTestimonials(tx: Queryable) {
  const existing = new Set(
    (await tx.select({ name: testimonialsTable.customerName }).from(testimonialsTable)).map((r) => r.name),
  );
  const rows = testimonials
    .map((t, index) => ({
      customerName: t.customerName,
      location: t.location,
      descriptionHtml: t.descriptionHtml,
      image: demoImage.testimonial(index),
      backgroundColor: t.backgroundColor,
      borderColor: t.borderColor,
      sortOrder: index,
    }))
    .filter((row) => !existing.has(row.customerName));
  if (rows.length) await tx.insert(testimonialsTable).values(rows);
}

async function seedCoupons(tx: Queryable, at: DayOffset) {
  await tx
    .insert(couponsTable)
    .values(
      coupons.map((c) => ({
        name: c.name,
        code: c.code,
        type: c.type,
        amountPaise: rupeesToPaise(c.amount),
        percentage: c.percentage,
        minOrderPaise: rupeesToPaise(c.minOrderValue),
        maxDiscountPaise: c.maxDiscount === null ? null : rupeesToPaise(c.maxDiscount),
        validFrom: at(c.validFromDays),
        validTo: at(c.validToDays),
        usageLimit: c.usageLimit,
        perCustomerLimit: c.perCustomerLimit,
        usedCount: c.usedCount,
        active: c.active,
      })),
    )
    .onConflictDoNothing();
}

/** India's states (with their GST codes) and cities; the states' ids by name. */
async function seedStatesAndCities(tx: Queryable) {
  await tx
    .insert(statesTable)
    .values(states.map((s) => ({ name: s.name, kind: s.kind, gstCode: GST_CODES.get(s.name) ?? null })))
    .onConflictDoNothing();
  const stateIds = await idsBy(await tx.select({ key: statesTable.name, id: statesTable.id }).from(statesTable));
  await tx
    .insert(citiesTable)
    .values(states.flatMap((s) => s.cities.map((name) => ({ stateId: must(stateIds, s.name), name }))))
    .onConflictDoNothing();
  return stateIds;
}

function must<K>(ids: Map<K, number>, key: K): number {
  const id = ids.get(key);
  if (id === undefined) throw new Error(`Seed data refers to an unknown key: ${String(key)}`);
  return id;
}

/** Used by the admin-less demo to tell whether a row is one of the seed's. */
export async function productIdBySlug(db: Queryable, slug: string): Promise<number | undefined> {
  const [row] = await db.select({ id: productsTable.id }).from(productsTable).where(eq(productsTable.slug, slug));
  return row?.id;
}
