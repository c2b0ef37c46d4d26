import { z } from 'zod';
import { EmptyBody, Id, Rupees } from './common';
import { PageFields, PagingFields } from './paging';
import { ReturnRule } from './returns';
import { ProductSizeChart } from './size-charts';

/** A product as listed on cards: discount_price 0 means no discount. */
export const ProductCard = z.object({
  product_id: z.number().int(),
  name: z.string(),
  product_image: z.string(),
  price: Rupees,
  discount_price: Rupees,
  category_id: z.number().int(),
  subcategory_id: z.number().int(),
  in_stock: z.boolean(),
  /** The mean of the product's published reviews to one decimal, null when it has none; and how many there are. */
  rating_average: z.number().nullable(),
  rating_count: z.number().int(),
});
export type ProductCard = z.infer<typeof ProductCard>;

export const FeaturedProductListRequest = EmptyBody;
export const FeaturedProductListAnswer = z.object({
  success: z.literal(true),
  featured_products: z.array(z.object({ id: z.number().int(), title: z.string(), products: z.array(ProductCard) })),
});
export type FeaturedProductListAnswer = z.infer<typeof FeaturedProductListAnswer>;

export const Ad = z.object({
  id: z.number().int(),
  main_title: z.string(),
  title: z.string(),
  image: z.string(),
  link: z.string().nullable(),
});
export type Ad = z.infer<typeof Ad>;
export const AdsListRequest = EmptyBody;
export const AdsListAnswer = z.object({ success: z.literal(true), ads: z.array(Ad) });
export type AdsListAnswer = z.infer<typeof AdsListAnswer>;

export const CategorySubcategory = z.object({
  subcategory_id: z.number().int(),
  subcategory_slug_name: z.string(),
  subcategory_name: z.string(),
});
export const Category = z.object({
  category_id: z.number().int(),
  category_name: z.string(),
  category_image: z.string(),
  subcategory: z.array(CategorySubcategory),
});
export type Category = z.infer<typeof Category>;
export const CategoryListRequest = EmptyBody;
export const CategoryListAnswer = z.object({ success: z.literal(true), category: z.array(Category) });
export type CategoryListAnswer = z.infer<typeof CategoryListAnswer>;

export const Banner = z.object({
  banner_id: z.number().int(),
  title: z.string(),
  banner_image: z.string(),
  mobile_image: z.string(),
  /** HTML, sanitized when stored and again when shown. */
  description: z.string(),
  link: z.string().nullable(),
});
export type Banner = z.infer<typeof Banner>;
export const BannerListRequest = EmptyBody;
export const BannerListAnswer = z.object({ success: z.literal(true), banner: z.array(Banner) });
export type BannerListAnswer = z.infer<typeof BannerListAnswer>;

export const Testimonial = z.object({
  id: z.number().int(),
  /** HTML, sanitized when stored and again when shown. */
  description: z.string(),
  customer_name: z.string(),
  location: z.string(),
  image: z.string(),
  background_color: z.string(),
  border_color: z.string(),
});
export type Testimonial = z.infer<typeof Testimonial>;
export const TestimonialListRequest = EmptyBody;
export const TestimonialListAnswer = z.object({ success: z.literal(true), testimonial: z.array(Testimonial) });
export type TestimonialListAnswer = z.infer<typeof TestimonialListAnswer>;

export const Size = z.object({ size_id: z.number().int(), size: z.string() });
export type Size = z.infer<typeof Size>;
export const SizeListRequest = EmptyBody;
export const SizeListAnswer = z.object({ success: z.literal(true), sizes: z.array(Size) });
export type SizeListAnswer = z.infer<typeof SizeListAnswer>;

/** A print pattern; `filter` takes its id as `print_id`. */
export const Pattern = z.object({ pattern_id: z.number().int(), pattern: z.string() });
export type Pattern = z.infer<typeof Pattern>;
export const PatternListRequest = EmptyBody;
export const PatternListAnswer = z.object({ success: z.literal(true), patterns: z.array(Pattern) });
export type PatternListAnswer = z.infer<typeof PatternListAnswer>;

export const Gender = z.object({ gender_id: z.number().int(), gender_name: z.string() });
export type Gender = z.infer<typeof Gender>;
export const GenderListRequest = EmptyBody;
/** A frozen quirk (docs/customer-api.md): the gender list is answered under the key `state`. */
export const GenderListAnswer = z.object({ success: z.literal(true), state: z.array(Gender) });
export type GenderListAnswer = z.infer<typeof GenderListAnswer>;

export const SubcategoryListRequest = z.strictObject({ category_id: Id });
export const Subcategory = z.object({
  subcategory_id: z.number().int(),
  subcategory_name: z.string(),
  subcategory_image: z.string(),
  category_id: z.number().int(),
});
export type Subcategory = z.infer<typeof Subcategory>;
export const SubcategoryListAnswer = z.object({
  success: z.literal(true),
  category_name: z.string(),
  Subcategory: z.array(Subcategory),
});
export type SubcategoryListAnswer = z.infer<typeof SubcategoryListAnswer>;

/** Either a category's or a subcategory's products, one page of them; exactly one of the two ids. */
export const CategoryProductListRequest = z.union([
  z.strictObject({ category_id: Id, ...PagingFields }),
  z.strictObject({ subcategory_id: Id, ...PagingFields }),
]);
export type CategoryProductListRequest = z.input<typeof CategoryProductListRequest>;
export const CategoryProductListAnswer = z.object({
  success: z.literal(true),
  category_name: z.string(),
  product: z.array(ProductCard),
  ...PageFields,
});
export type CategoryProductListAnswer = z.infer<typeof CategoryProductListAnswer>;

/** One subcategory's products, one page of them: category_product_list's subcategory form under its own name. */
export const SubcategoryProductListRequest = z.strictObject({ subcategory_id: Id, ...PagingFields });
export type SubcategoryProductListRequest = z.input<typeof SubcategoryProductListRequest>;

export const ProductDetailRequest = z.strictObject({ product_id: Id });
export const ProductSize = z.object({
  size_id: z.number().int(),
  size: z.string(),
  /** The smaller of this size's stock and the per-order cap; 0 when sold out. */
  max_quantity: z.number().int(),
  in_stock: z.boolean(),
});
export type ProductSize = z.infer<typeof ProductSize>;
export const ProductDetail = z.object({
  product_id: z.number().int(),
  name: z.string(),
  category_id: z.number().int(),
  category_name: z.string(),
  subcategory_id: z.number().int(),
  subcategory_name: z.string(),
  description: z.string(),
  product_details: z.string(),
  wash_care: z.string(),
  /** The owner's title and description for search engines (the page's head), or null for the shop's own (ADR 064). */
  seo_title: z.string().nullable(),
  seo_description: z.string().nullable(),
  /** Its category's return rule and the reason shoppers read before buying (ADR 058). */
  return_rule: ReturnRule,
  actual_price: Rupees,
  discount_price: Rupees,
  /** The largest max_quantity over the sizes. */
  max_quantity: z.number().int(),
  sizes: z.array(ProductSize),
  product_image: z.string(),
  productsub_images: z.array(z.object({ image: z.string() })),
  pattern: z.string().nullable(),
  gender: z.string().nullable(),
  relate_products: z.array(ProductCard),
  rating_average: z.number().nullable(),
  rating_count: z.number().int(),
  /** The product's size chart (its own, else its category's), its sizes only; null when there is none (ADR 056). */
  size_chart: ProductSizeChart.nullable(),
});
export type ProductDetail = z.infer<typeof ProductDetail>;
export const ProductDetailAnswer = z.object({ success: z.literal(true), products: ProductDetail });
export type ProductDetailAnswer = z.infer<typeof ProductDetailAnswer>;
