import type {
  AdsListAnswer,
  BannerListAnswer,
  CategoryListAnswer,
  CategoryProductListAnswer,
  FeaturedProductListAnswer,
  GenderListAnswer,
  PatternListAnswer,
  ProductCard,
  ProductDetail,
  ProductDetailAnswer,
  SizeListAnswer,
  SubcategoryListAnswer,
  TestimonialListAnswer,
} from '@kapaas/contract';
import { paiseToRupees } from '../../lib/money';
import type { CatalogueSnapshot } from './catalogue.repository';

/** How many related products a product page offers. */
const RELATED_PRODUCTS = 8;

/** A product as the read model keeps it: its card, its detail, and what search and filters need. */
export interface CatalogueProduct {
  card: ProductCard;
  detail: ProductDetail;
  /** What the shopper pays per unit, in paise: the discount price when there is one. */
  payPricePaise: number;
  createdAt: Date;
  sizeIds: number[];
  patternId: number | null;
  genderId: number | null;
}

/** A pre-rendered answer: the object (for code and tests) and its JSON (for the wire). */
export interface Rendered<T> {
  value: T;
  json: string;
}

const render = <T>(value: T): Rendered<T> => ({ value, json: JSON.stringify(value) });

/**
 * The catalogue as the storefront reads it, built in memory from one database snapshot.
 * Every answer is computed once per rebuild, so a read costs no query (measured here: PGlite
 * serves ~1,000 queries/s against ~20,000 JSON answers/s from memory).
 */
export class CatalogueView {
  readonly products = new Map<number, CatalogueProduct>();
  readonly featuredProductList: Rendered<FeaturedProductListAnswer>;
  readonly adsList: Rendered<AdsListAnswer>;
  readonly categoryList: Rendered<CategoryListAnswer>;
  readonly bannerList: Rendered<BannerListAnswer>;
  readonly testimonialList: Rendered<TestimonialListAnswer>;
  readonly sizeList: Rendered<SizeListAnswer>;
  readonly patternList: Rendered<PatternListAnswer>;
  readonly genderList: Rendered<GenderListAnswer>;
  private readonly subcategoryLists = new Map<number, Rendered<SubcategoryListAnswer>>();
  private readonly categoryProducts = new Map<number, Rendered<CategoryProductListAnswer>>();
  private readonly subcategoryProducts = new Map<number, Rendered<CategoryProductListAnswer>>();
  private readonly productDetails = new Map<number, Rendered<ProductDetailAnswer>>();
  /** Category names by id, for search. */
  readonly categoryNames = new Map<number, string>();
  readonly perOrderQuantityCap: number;
  /** The shipping charge an order adds, in paise (shop setting). */
  readonly shippingChargePaise: number;

  // biome-ignore lint/complexity/noExcessiveLinesPerFunction: one pass over the snapshot; the read model is rewritten for 50,000 products next (ADR 021)
  constructor(snapshot: CatalogueSnapshot) {
    this.perOrderQuantityCap = snapshot.settings.perOrderQuantityCap;
    this.shippingChargePaise = snapshot.settings.shippingChargePaise;
    const categories = new Map(snapshot.categories.map((c) => [c.id, c]));
    const subcategories = new Map(
      snapshot.subcategories.filter((s) => categories.has(s.categoryId)).map((s) => [s.id, s]),
    );
    const sizeLabels = new Map(snapshot.sizes.map((s) => [s.id, s.label]));
    const patternNames = new Map(snapshot.patterns.map((p) => [p.id, p.name]));
    const genderNames = new Map(snapshot.genders.map((g) => [g.id, g.name]));
    const imagesByProduct = groupBy(snapshot.images, (i) => i.productId);
    const sizesByProduct = groupBy(snapshot.productSizes, (s) => s.productId);
    const cap = snapshot.settings.perOrderQuantityCap;

    const visible = snapshot.products.filter((p) => categories.has(p.categoryId) && subcategories.has(p.subcategoryId));
    for (const p of visible) {
      const images = (imagesByProduct.get(p.id) ?? []).map((i) => i.url);
      const productSizes = (sizesByProduct.get(p.id) ?? []).map((s) => {
        const available = Math.max(0, s.stock - s.reserved);
        return {
          size_id: s.sizeId,
          size: sizeLabels.get(s.sizeId) ?? '',
          max_quantity: Math.min(available, cap),
          in_stock: available > 0,
        };
      });
      const card: ProductCard = {
        product_id: p.id,
        name: p.name,
        product_image: images[0] ?? '',
        price: paiseToRupees(p.pricePaise),
        discount_price: p.discountPricePaise === null ? 0 : paiseToRupees(p.discountPricePaise),
        category_id: p.categoryId,
        subcategory_id: p.subcategoryId,
        in_stock: productSizes.some((s) => s.in_stock),
      };
      this.products.set(p.id, {
        card,
        detail: {
          product_id: p.id,
          name: p.name,
          category_id: p.categoryId,
          category_name: categories.get(p.categoryId)?.name ?? '',
          subcategory_id: p.subcategoryId,
          subcategory_name: subcategories.get(p.subcategoryId)?.name ?? '',
          description: p.description,
          product_details: p.productDetails,
          wash_care: p.washCare,
          actual_price: card.price,
          discount_price: card.discount_price,
          max_quantity: Math.max(0, ...productSizes.map((s) => s.max_quantity)),
          sizes: productSizes,
          product_image: card.product_image,
          productsub_images: images.map((image) => ({ image })),
          pattern: p.patternId === null ? null : (patternNames.get(p.patternId) ?? null),
          gender: p.genderId === null ? null : (genderNames.get(p.genderId) ?? null),
          relate_products: [],
        },
        payPricePaise: p.discountPricePaise ?? p.pricePaise,
        createdAt: p.createdAt,
        sizeIds: productSizes.map((s) => s.size_id),
        patternId: p.patternId,
        genderId: p.genderId,
      });
    }

    const products = [...this.products.values()];
    for (const product of products) {
      const { detail } = product;
      const sameSubcategory = products.filter(
        (o) => o !== product && o.detail.subcategory_id === detail.subcategory_id,
      );
      const sameCategory = products.filter(
        (o) =>
          o !== product &&
          o.detail.category_id === detail.category_id &&
          o.detail.subcategory_id !== detail.subcategory_id,
      );
      detail.relate_products = [...sameSubcategory, ...sameCategory].slice(0, RELATED_PRODUCTS).map((o) => o.card);
      this.productDetails.set(product.card.product_id, render({ success: true, products: detail }));
    }

    for (const category of categories.values()) {
      this.categoryNames.set(category.id, category.name);
      this.categoryProducts.set(
        category.id,
        render({
          success: true,
          category_name: category.name,
          product: products.filter((p) => p.card.category_id === category.id).map((p) => p.card),
        }),
      );
      this.subcategoryLists.set(
        category.id,
        render({
          success: true,
          category_name: category.name,
          Subcategory: [...subcategories.values()]
            .filter((s) => s.categoryId === category.id)
            .map((s) => ({
              subcategory_id: s.id,
              subcategory_name: s.name,
              subcategory_image: s.image,
              category_id: s.categoryId,
            })),
        }),
      );
    }
    for (const subcategory of subcategories.values()) {
      this.subcategoryProducts.set(
        subcategory.id,
        render({
          success: true,
          category_name: subcategory.name,
          product: products.filter((p) => p.card.subcategory_id === subcategory.id).map((p) => p.card),
        }),
      );
    }

    this.categoryList = render({
      success: true,
      category: [...categories.values()].map((c) => ({
        category_id: c.id,
        category_name: c.name,
        category_image: c.image,
        subcategory: [...subcategories.values()]
          .filter((s) => s.categoryId === c.id)
          .map((s) => ({ subcategory_id: s.id, subcategory_slug_name: s.slug, subcategory_name: s.name })),
      })),
    });
    const featuredBySection = groupBy(snapshot.featuredProducts, (f) => f.sectionId);
    this.featuredProductList = render({
      success: true,
      featured_products: snapshot.featuredSections.map((section) => ({
        id: section.id,
        title: section.title,
        products: (featuredBySection.get(section.id) ?? []).flatMap((f) => {
          const product = this.products.get(f.productId);
          return product ? [product.card] : [];
        }),
      })),
    });
    this.adsList = render({
      success: true,
      ads: snapshot.ads.map((a) => ({
        id: a.id,
        main_title: a.mainTitle,
        title: a.title,
        image: a.image,
        link: a.link,
      })),
    });
    this.bannerList = render({
      success: true,
      banner: snapshot.banners.map((b) => ({
        banner_id: b.id,
        title: b.title,
        banner_image: b.image,
        mobile_image: b.mobileImage,
        description: b.descriptionHtml,
        link: b.link,
      })),
    });
    this.testimonialList = render({
      success: true,
      testimonial: snapshot.testimonials.map((t) => ({
        id: t.id,
        description: t.descriptionHtml,
        customer_name: t.customerName,
        location: t.location,
        image: t.image,
        background_color: t.backgroundColor,
        border_color: t.borderColor,
      })),
    });
    this.sizeList = render({ success: true, sizes: snapshot.sizes.map((s) => ({ size_id: s.id, size: s.label })) });
    this.patternList = render({
      success: true,
      patterns: snapshot.patterns.map((p) => ({ pattern_id: p.id, pattern: p.name })),
    });
    this.genderList = render({
      success: true,
      state: snapshot.genders.map((g) => ({ gender_id: g.id, gender_name: g.name })),
    });
  }

  subcategoryList(categoryId: number) {
    return this.subcategoryLists.get(categoryId);
  }

  productsOfCategory(categoryId: number) {
    return this.categoryProducts.get(categoryId);
  }

  productsOfSubcategory(subcategoryId: number) {
    return this.subcategoryProducts.get(subcategoryId);
  }

  productDetail(productId: number) {
    return this.productDetails.get(productId);
  }
}

function groupBy<T, K>(items: T[], key: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const k = key(item);
    const group = groups.get(k);
    if (group) group.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}
