/** Shapes of the demo shop's seed data: plain data, kept in the repository, turned into rows by the seed. */

/** The garment shapes the illustration generator can draw. */
export type GarmentKind =
  | 'onesie'
  | 'jhabla'
  | 'top'
  | 'frock'
  | 'pyjama-set'
  | 'shorts'
  | 'pants'
  | 'blanket'
  | 'swaddle'
  | 'bib'
  | 'cap'
  | 'mittens'
  | 'romper'
  | 'co-ord'
  | 'sleeping-bag'
  | 'pillow'
  | 'sheet';

/** Size labels, in display order: 0-3M … 5-6Y. */
export const SIZE_LABELS = ['0-3M', '3-6M', '6-12M', '12-18M', '18-24M', '2-3Y', '3-4Y', '4-5Y', '5-6Y'] as const;
export type SizeLabel = (typeof SIZE_LABELS)[number];

export const PATTERNS = ['Solid', 'Stripes', 'Floral', 'Checks', 'Animal Print', 'Polka Dots', 'Block Print'] as const;
export type PatternName = (typeof PATTERNS)[number];

export const GENDERS = ['Boys', 'Girls', 'Unisex'] as const;
export type GenderName = (typeof GENDERS)[number];

export interface SeedSubcategory {
  /** Stable slug, unique across the shop, e.g. 'newborn-jhablas'. */
  slug: string;
  name: string;
}

export interface SeedCategory {
  slug: string;
  name: string;
  /** The garment drawn on the category's tile. */
  garment: GarmentKind;
  /** Two hex colours (#rrggbb) for the tile illustration. */
  colors: [string, string];
  /** The HSN code its products are invoiced under (ADR 032): 6111 knitted and 6209 woven babies' garments, 6301 blankets, 6302 bed linen. */
  hsn: string;
  /**
   * Its return rule and the reason shoppers read (ADR 058); returnable when absent. Pieces worn next to a newborn's
   * skin or taken in the mouth are not resold once worn, so the demo shop takes them back only as exchanges.
   */
  returnRule?: { kind: 'exchange_only' | 'final_sale'; reason: string };
  subcategories: SeedSubcategory[];
}

export interface SeedProduct {
  /** Stable slug, unique, used as the seed's natural key. */
  slug: string;
  name: string;
  categorySlug: string;
  subcategorySlug: string;
  /** A short paragraph a shopper reads (plain text, 1–3 sentences). */
  description: string;
  /** Fabric, fit and construction facts, one per line (plain text with \n). */
  productDetails: string;
  /** Wash instructions, one per line (plain text with \n). */
  washCare: string;
  /** Whole rupees, 299 … 2999. */
  price: number;
  /** Whole rupees below price, or null when not discounted. About a third are discounted. */
  discountPrice: number | null;
  pattern: PatternName;
  gender: GenderName;
  /** 2–6 sizes, in display order, each with its stock (0 allowed for a sold-out size, most 5–40). */
  sizes: { size: SizeLabel; stock: number }[];
  garment: GarmentKind;
  /** The product's colours: [main, accent] as #rrggbb. */
  colors: [string, string];
  /** 2–4; each image is the garment drawn in a different view/variant. */
  imageCount: number;
  /** Days before the seed date the product was added (drives "New Arrivals" sort). */
  addedDaysAgo: number;
}

export interface SeedBanner {
  title: string;
  /** Small, safe HTML (p, strong, em, br only). */
  descriptionHtml: string;
  garment: GarmentKind;
  colors: [string, string];
  /** Category slug the banner's call to action points at. */
  categorySlug: string;
}

export interface SeedAd {
  mainTitle: string;
  title: string;
  garment: GarmentKind;
  colors: [string, string];
}

export interface SeedTestimonial {
  customerName: string;
  location: string;
  /** Small, safe HTML (p, strong, em, br only). */
  descriptionHtml: string;
  backgroundColor: string;
  borderColor: string;
}

export interface SeedCoupon {
  name: string;
  code: string;
  type: 'Amount' | 'Percentage';
  /** Whole rupees off (Amount kind), else 0. */
  amount: number;
  /** Percent off (Percentage kind), else 0. */
  percentage: number;
  /** Whole rupees; the order's item total must reach this. */
  minOrderValue: number;
  /** Whole rupees cap on a percentage discount, or null. */
  maxDiscount: number | null;
  /** Days from the seed date; negative means in the past. */
  validFromDays: number;
  validToDays: number;
  /** Total uses allowed, or null for unlimited. */
  usageLimit: number | null;
  perCustomerLimit: number | null;
  /** Uses already counted at seed time (equal to usageLimit for the used-up one). */
  usedCount: number;
  active: boolean;
}

export interface SeedState {
  name: string;
  kind: 'state' | 'union_territory';
  /** At least 5 real cities; the capital first. */
  cities: string[];
}
