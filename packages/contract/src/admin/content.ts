import { z } from 'zod';
import {
  AdminPaging,
  adminItem,
  adminList,
  Id,
  ImageUrl,
  LinkUrl,
  QueryFlag,
  SortOrder,
  Timestamp,
  Title,
} from './common';

/** Rich text: HTML, sanitized by the server before it is stored. */
const RichText = z.string().max(20_000);
const Colour = z
  .string()
  .trim()
  .regex(/^#([0-9A-Fa-f]{3}|[0-9A-Fa-f]{6}|[0-9A-Fa-f]{8})$/, 'Must be a colour like #F4E9DA.');

const shown = { sort_order: SortOrder.optional(), active: z.boolean().optional() };
const shownAnswer = { sort_order: z.number().int(), active: z.boolean(), created_at: Timestamp, updated_at: Timestamp };
export const AdminContentListQuery = z.strictObject({ ...AdminPaging, active: QueryFlag.optional() });

export const AdminBanner = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  image: z.string(),
  mobile_image: z.string(),
  link: z.string().nullable(),
  ...shownAnswer,
});
export type AdminBanner = z.infer<typeof AdminBanner>;
export const AdminCreateBanner = z.strictObject({
  title: Title(200),
  description: RichText.optional(),
  image: ImageUrl,
  mobile_image: ImageUrl,
  link: LinkUrl.nullable().optional(),
  ...shown,
});
export type AdminCreateBanner = z.infer<typeof AdminCreateBanner>;
export const AdminUpdateBanner = AdminCreateBanner.partial();
export type AdminUpdateBanner = z.infer<typeof AdminUpdateBanner>;
export const AdminBannerListAnswer = adminList(AdminBanner);
export const AdminBannerAnswer = adminItem(AdminBanner);

export const AdminAd = z.object({
  id: z.number().int(),
  main_title: z.string(),
  title: z.string(),
  image: z.string(),
  link: z.string().nullable(),
  ...shownAnswer,
});
export type AdminAd = z.infer<typeof AdminAd>;
export const AdminCreateAd = z.strictObject({
  main_title: Title(200),
  title: Title(200),
  image: ImageUrl,
  link: LinkUrl.nullable().optional(),
  ...shown,
});
export type AdminCreateAd = z.infer<typeof AdminCreateAd>;
export const AdminUpdateAd = AdminCreateAd.partial();
export type AdminUpdateAd = z.infer<typeof AdminUpdateAd>;
export const AdminAdListAnswer = adminList(AdminAd);
export const AdminAdAnswer = adminItem(AdminAd);

export const AdminTestimonial = z.object({
  id: z.number().int(),
  customer_name: z.string(),
  location: z.string(),
  description: z.string(),
  image: z.string(),
  background_color: z.string(),
  border_color: z.string(),
  ...shownAnswer,
});
export type AdminTestimonial = z.infer<typeof AdminTestimonial>;
export const AdminCreateTestimonial = z.strictObject({
  customer_name: Title(100),
  location: z.string().trim().max(100).optional(),
  description: RichText.min(1, 'This field is required.'),
  image: ImageUrl,
  background_color: Colour,
  border_color: Colour,
  ...shown,
});
export type AdminCreateTestimonial = z.infer<typeof AdminCreateTestimonial>;
export const AdminUpdateTestimonial = AdminCreateTestimonial.partial();
export type AdminUpdateTestimonial = z.infer<typeof AdminUpdateTestimonial>;
export const AdminTestimonialListAnswer = adminList(AdminTestimonial);
export const AdminTestimonialAnswer = adminItem(AdminTestimonial);

/** A home-page carousel and its products, in order. */
export const AdminFeaturedSection = z.object({
  id: z.number().int(),
  title: z.string(),
  product_ids: z.array(z.number().int()),
  ...shownAnswer,
});
export type AdminFeaturedSection = z.infer<typeof AdminFeaturedSection>;
export const AdminCreateFeaturedSection = z.strictObject({
  title: Title(100),
  product_ids: z
    .array(Id)
    .max(50)
    .refine((ids) => new Set(ids).size === ids.length, 'Each product may appear once.')
    .optional(),
  ...shown,
});
export type AdminCreateFeaturedSection = z.infer<typeof AdminCreateFeaturedSection>;
export const AdminUpdateFeaturedSection = AdminCreateFeaturedSection.partial();
export type AdminUpdateFeaturedSection = z.infer<typeof AdminUpdateFeaturedSection>;
export const AdminFeaturedSectionListAnswer = adminList(AdminFeaturedSection);
export const AdminFeaturedSectionAnswer = adminItem(AdminFeaturedSection);
