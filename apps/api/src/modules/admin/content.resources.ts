import {
  type AdminAd,
  AdminAdAnswer,
  AdminAdListAnswer,
  type AdminBanner,
  AdminBannerAnswer,
  AdminBannerListAnswer,
  AdminContentListQuery,
  AdminCreateAd,
  AdminCreateBanner,
  AdminCreateFeaturedSection,
  AdminCreateTestimonial,
  type AdminFeaturedSection,
  AdminFeaturedSectionAnswer,
  AdminFeaturedSectionListAnswer,
  type AdminTestimonial,
  AdminTestimonialAnswer,
  AdminTestimonialListAnswer,
  AdminUpdateAd,
  AdminUpdateBanner,
  AdminUpdateFeaturedSection,
  AdminUpdateTestimonial,
} from '@kapaas/contract';
import {
  ads,
  and,
  asc,
  banners,
  count,
  eq,
  featuredSectionProducts,
  featuredSections,
  inArray,
  or,
  products,
  type Queryable,
  testimonials,
} from '@kapaas/db';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/errors';
import { contains, offsetOf, resourceRoutes, totalOf } from './resource';
import { sanitizeRichText } from './rich-text';

/*
 * The home page's content: banners, ads, testimonials and featured sections. Descriptions are
 * sanitized HTML. Every write changes the storefront (`catalogue`).
 */

const shownAnswer = (row: { sortOrder: number; active: boolean; createdAt: Date; updatedAt: Date }) => ({
  sort_order: row.sortOrder,
  active: row.active,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

const optionalHtml = (html: string | undefined) => (html === undefined ? undefined : sanitizeRichText(html));

// ---------------------------------------------------------------------------------------------
// Banners

const toBanner = (row: typeof banners.$inferSelect): AdminBanner => ({
  id: row.id,
  title: row.title,
  description: row.descriptionHtml,
  image: row.image,
  mobile_image: row.mobileImage,
  link: row.link,
  ...shownAnswer(row),
});

const bannerResource = resourceRoutes({
  path: 'banners',
  noun: 'Banner',
  catalogue: 'structure',
  item: AdminBannerAnswer.shape.data,
  answer: AdminBannerAnswer,
  list: {
    query: AdminContentListQuery,
    answer: AdminBannerListAnswer,
    async run(db, query) {
      const where = and(
        query.q ? contains(banners.title, query.q) : undefined,
        query.active === undefined ? undefined : eq(banners.active, query.active),
      );
      const rows = await db
        .select()
        .from(banners)
        .where(where)
        .orderBy(asc(banners.sortOrder), asc(banners.id))
        .limit(query.per_page)
        .offset(offsetOf(query));
      return { items: rows.map(toBanner), total: await totalOf(db.select({ n: count() }).from(banners).where(where)) };
    },
  },
  async find(db, id) {
    const [row] = await db.select().from(banners).where(eq(banners.id, id));
    return row && toBanner(row);
  },
  create: {
    body: AdminCreateBanner,
    async run(tx, body) {
      const [row] = await tx
        .insert(banners)
        .values({
          title: body.title,
          descriptionHtml: optionalHtml(body.description) ?? '',
          image: body.image,
          mobileImage: body.mobile_image,
          link: body.link ?? null,
          sortOrder: body.sort_order ?? 0,
          active: body.active ?? true,
        })
        .returning({ id: banners.id });
      if (!row) throw new Error('banner insert returned nothing');
      return row.id;
    },
  },
  update: {
    body: AdminUpdateBanner,
    async run(tx, id, body) {
      await tx
        .update(banners)
        .set({
          title: body.title,
          descriptionHtml: optionalHtml(body.description),
          image: body.image,
          mobileImage: body.mobile_image,
          link: body.link,
          sortOrder: body.sort_order,
          active: body.active,
          updatedAt: new Date(),
        })
        .where(eq(banners.id, id));
    },
  },
  async remove(tx, id) {
    await tx.delete(banners).where(eq(banners.id, id));
    return 'deleted';
  },
});

// ---------------------------------------------------------------------------------------------
// Ads

const toAd = (row: typeof ads.$inferSelect): AdminAd => ({
  id: row.id,
  main_title: row.mainTitle,
  title: row.title,
  image: row.image,
  link: row.link,
  ...shownAnswer(row),
});

const adResource = resourceRoutes({
  path: 'ads',
  noun: 'Ad',
  catalogue: 'structure',
  item: AdminAdAnswer.shape.data,
  answer: AdminAdAnswer,
  list: {
    query: AdminContentListQuery,
    answer: AdminAdListAnswer,
    async run(db, query) {
      const where = and(
        query.q ? or(contains(ads.mainTitle, query.q), contains(ads.title, query.q)) : undefined,
        query.active === undefined ? undefined : eq(ads.active, query.active),
      );
      const rows = await db
        .select()
        .from(ads)
        .where(where)
        .orderBy(asc(ads.sortOrder), asc(ads.id))
        .limit(query.per_page)
        .offset(offsetOf(query));
      return { items: rows.map(toAd), total: await totalOf(db.select({ n: count() }).from(ads).where(where)) };
    },
  },
  async find(db, id) {
    const [row] = await db.select().from(ads).where(eq(ads.id, id));
    return row && toAd(row);
  },
  create: {
    body: AdminCreateAd,
    async run(tx, body) {
      const [row] = await tx
        .insert(ads)
        .values({
          mainTitle: body.main_title,
          title: body.title,
          image: body.image,
          link: body.link ?? null,
          sortOrder: body.sort_order ?? 0,
          active: body.active ?? true,
        })
        .returning({ id: ads.id });
      if (!row) throw new Error('ad insert returned nothing');
      return row.id;
    },
  },
  update: {
    body: AdminUpdateAd,
    async run(tx, id, body) {
      await tx
        .update(ads)
        .set({
          mainTitle: body.main_title,
          title: body.title,
          image: body.image,
          link: body.link,
          sortOrder: body.sort_order,
          active: body.active,
          updatedAt: new Date(),
        })
        .where(eq(ads.id, id));
    },
  },
  async remove(tx, id) {
    await tx.delete(ads).where(eq(ads.id, id));
    return 'deleted';
  },
});

// ---------------------------------------------------------------------------------------------
// Testimonials

const toTestimonial = (row: typeof testimonials.$inferSelect): AdminTestimonial => ({
  id: row.id,
  customer_name: row.customerName,
  location: row.location,
  description: row.descriptionHtml,
  image: row.image,
  background_color: row.backgroundColor,
  border_color: row.borderColor,
  ...shownAnswer(row),
});

/** A description that is empty once cleaned (only a script, say) is refused like an empty one. */
function requiredHtml(html: string): string {
  const clean = sanitizeRichText(html);
  if (!clean) {
    throw new AppError('INVALID_DATA', 'The description has no text once cleaned.', {
      errors: { description: ['The description has no text once cleaned.'] },
    });
  }
  return clean;
}

const testimonialResource = resourceRoutes({
  path: 'testimonials',
  noun: 'Testimonial',
  catalogue: 'structure',
  item: AdminTestimonialAnswer.shape.data,
  answer: AdminTestimonialAnswer,
  list: {
    query: AdminContentListQuery,
    answer: AdminTestimonialListAnswer,
    async run(db, query) {
      const where = and(
        query.q ? contains(testimonials.customerName, query.q) : undefined,
        query.active === undefined ? undefined : eq(testimonials.active, query.active),
      );
      const rows = await db
        .select()
        .from(testimonials)
        .where(where)
        .orderBy(asc(testimonials.sortOrder), asc(testimonials.id))
        .limit(query.per_page)
        .offset(offsetOf(query));
      return {
        items: rows.map(toTestimonial),
        total: await totalOf(db.select({ n: count() }).from(testimonials).where(where)),
      };
    },
  },
  async find(db, id) {
    const [row] = await db.select().from(testimonials).where(eq(testimonials.id, id));
    return row && toTestimonial(row);
  },
  create: {
    body: AdminCreateTestimonial,
    async run(tx, body) {
      const [row] = await tx
        .insert(testimonials)
        .values({
          customerName: body.customer_name,
          location: body.location ?? '',
          descriptionHtml: requiredHtml(body.description),
          image: body.image,
          backgroundColor: body.background_color,
          borderColor: body.border_color,
          sortOrder: body.sort_order ?? 0,
          active: body.active ?? true,
        })
        .returning({ id: testimonials.id });
      if (!row) throw new Error('testimonial insert returned nothing');
      return row.id;
    },
  },
  update: {
    body: AdminUpdateTestimonial,
    async run(tx, id, body) {
      await tx
        .update(testimonials)
        .set({
          customerName: body.customer_name,
          location: body.location,
          descriptionHtml: body.description === undefined ? undefined : requiredHtml(body.description),
          image: body.image,
          backgroundColor: body.background_color,
          borderColor: body.border_color,
          sortOrder: body.sort_order,
          active: body.active,
          updatedAt: new Date(),
        })
        .where(eq(testimonials.id, id));
    },
  },
  async remove(tx, id) {
    await tx.delete(testimonials).where(eq(testimonials.id, id));
    return 'deleted';
  },
});

// ---------------------------------------------------------------------------------------------
// Featured sections and their products

async function productIdsOf(db: Queryable, sectionIds: number[]): Promise<Map<number, number[]>> {
  const byId = new Map<number, number[]>();
  if (sectionIds.length === 0) return byId;
  const rows = await db
    .select()
    .from(featuredSectionProducts)
    .where(inArray(featuredSectionProducts.sectionId, sectionIds))
    .orderBy(asc(featuredSectionProducts.sectionId), asc(featuredSectionProducts.position));
  for (const row of rows) byId.set(row.sectionId, [...(byId.get(row.sectionId) ?? []), row.productId]);
  return byId;
}

const toSection = (row: typeof featuredSections.$inferSelect, productIds: number[]): AdminFeaturedSection => ({
  id: row.id,
  title: row.title,
  product_ids: productIds,
  ...shownAnswer(row),
});

/** Replaces a section's products, in order; every id must be a product. */
async function setSectionProducts(db: Queryable, sectionId: number, productIds: number[]): Promise<void> {
  if (productIds.length > 0) {
    const found = await db.select({ id: products.id }).from(products).where(inArray(products.id, productIds));
    const known = new Set(found.map((p) => p.id));
    const missing = productIds.filter((id) => !known.has(id));
    if (missing.length > 0) {
      const message = `Unknown product ids: ${missing.join(', ')}.`;
      throw new AppError('INVALID_DATA', message, { errors: { product_ids: [message] } });
    }
  }
  await db.delete(featuredSectionProducts).where(eq(featuredSectionProducts.sectionId, sectionId));
  if (productIds.length > 0) {
    await db
      .insert(featuredSectionProducts)
      .values(productIds.map((productId, position) => ({ sectionId, productId, position })));
  }
}

const featuredSectionResource = resourceRoutes({
  path: 'featured-sections',
  noun: 'Featured section',
  catalogue: 'structure',
  item: AdminFeaturedSectionAnswer.shape.data,
  answer: AdminFeaturedSectionAnswer,
  list: {
    query: AdminContentListQuery,
    answer: AdminFeaturedSectionListAnswer,
    async run(db, query) {
      const where = and(
        query.q ? contains(featuredSections.title, query.q) : undefined,
        query.active === undefined ? undefined : eq(featuredSections.active, query.active),
      );
      const rows = await db
        .select()
        .from(featuredSections)
        .where(where)
        .orderBy(asc(featuredSections.sortOrder), asc(featuredSections.id))
        .limit(query.per_page)
        .offset(offsetOf(query));
      const ids = await productIdsOf(
        db,
        rows.map((r) => r.id),
      );
      return {
        items: rows.map((row) => toSection(row, ids.get(row.id) ?? [])),
        total: await totalOf(db.select({ n: count() }).from(featuredSections).where(where)),
      };
    },
  },
  async find(db, id) {
    const [row] = await db.select().from(featuredSections).where(eq(featuredSections.id, id));
    return row && toSection(row, (await productIdsOf(db, [id])).get(id) ?? []);
  },
  create: {
    body: AdminCreateFeaturedSection,
    async run(tx, body) {
      const [row] = await tx
        .insert(featuredSections)
        .values({ title: body.title, sortOrder: body.sort_order ?? 0, active: body.active ?? true })
        .returning({ id: featuredSections.id });
      if (!row) throw new Error('featured section insert returned nothing');
      await setSectionProducts(tx, row.id, body.product_ids ?? []);
      return row.id;
    },
  },
  update: {
    body: AdminUpdateFeaturedSection,
    async run(tx, id, body) {
      await tx
        .update(featuredSections)
        .set({ title: body.title, sortOrder: body.sort_order, active: body.active, updatedAt: new Date() })
        .where(eq(featuredSections.id, id));
      if (body.product_ids !== undefined) await setSectionProducts(tx, id, body.product_ids);
    },
  },
  async remove(tx, id) {
    await tx.delete(featuredSections).where(eq(featuredSections.id, id));
    return 'deleted';
  },
});

/** Banners, ads, testimonials and featured sections. */
export const contentResources: FastifyPluginAsyncZod = async (app) => {
  await app.register(bannerResource);
  await app.register(adResource);
  await app.register(testimonialResource);
  await app.register(featuredSectionResource);
};
