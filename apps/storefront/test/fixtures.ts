import type {
  AdsListAnswer,
  BannerListAnswer,
  CategoryListAnswer,
  CategoryProductListAnswer,
  FeaturedProductListAnswer,
  ProductCard,
  ProductDetailAnswer,
  SubcategoryListAnswer,
  TestimonialListAnswer,
} from '@kapaas/contract';

/** Answers shaped like the API's, typed by the contract, for the storefront's tests. */

export const jhabla: ProductCard = {
  product_id: 11,
  name: 'Organic Cotton Jhabla – Leaf Print',
  product_image: '/media/demo/jhabla-leaf.svg',
  price: 899,
  discount_price: 749,
  category_id: 1,
  subcategory_id: 101,
  in_stock: true,
  rating_average: 4.3,
  rating_count: 12,
};

export const romper: ProductCard = {
  product_id: 12,
  name: 'Muslin Romper – Sage',
  product_image: '/media/demo/romper-sage.svg',
  price: 1299,
  discount_price: 0,
  category_id: 2,
  subcategory_id: 201,
  in_stock: true,
  rating_average: null,
  rating_count: 0,
};

export const swaddle: ProductCard = {
  product_id: 13,
  name: 'Swaddle Set of Two',
  product_image: '/media/demo/swaddle-set.svg',
  price: 1499,
  discount_price: 0,
  category_id: 3,
  subcategory_id: 301,
  in_stock: false,
  rating_average: null,
  rating_count: 0,
};

export const categoryList: CategoryListAnswer = {
  success: true,
  category: [
    {
      category_id: 1,
      category_name: 'Jhablas',
      category_image: '/media/demo/category-jhablas.svg',
      subcategory: [
        { subcategory_id: 101, subcategory_slug_name: 'sleeveless-jhablas', subcategory_name: 'Sleeveless Jhablas' },
        { subcategory_id: 102, subcategory_slug_name: 'half-sleeve-jhablas', subcategory_name: 'Half Sleeve Jhablas' },
      ],
    },
    {
      category_id: 2,
      category_name: 'Rompers',
      category_image: '/media/demo/category-rompers.svg',
      subcategory: [
        { subcategory_id: 201, subcategory_slug_name: 'muslin-rompers', subcategory_name: 'Muslin Rompers' },
      ],
    },
    {
      category_id: 3,
      category_name: 'Swaddles',
      category_image: '/media/demo/category-swaddles.svg',
      subcategory: [],
    },
  ],
};

export const bannerList: BannerListAnswer = {
  success: true,
  banner: [
    {
      banner_id: 1,
      title: 'Soft as a Cloud',
      banner_image: '/media/demo/banner-cloud.svg',
      mobile_image: '/media/demo/banner-cloud-mobile.svg',
      description: '<p>Handwoven organic cotton for <strong>newborns</strong>.</p><script>alert(1)</script>',
      link: '/category-page/1',
    },
    {
      banner_id: 2,
      title: 'Summer Muslins',
      banner_image: '/media/demo/banner-muslin.svg',
      mobile_image: '/media/demo/banner-muslin-mobile.svg',
      description: '<p>Breathable layers for warm days.</p>',
      link: null,
    },
  ],
};

export const featuredProductList: FeaturedProductListAnswer = {
  success: true,
  featured_products: [
    { id: 1, title: 'Best Selling', products: [jhabla, romper] },
    { id: 2, title: 'New Arrivals', products: [swaddle] },
  ],
};

export const adsList: AdsListAnswer = {
  success: true,
  ads: [
    {
      id: 1,
      main_title: 'Naturally Dyed',
      title: 'Colours from flowers and bark',
      image: '/media/demo/ad-dyes.svg',
      link: null,
    },
  ],
};

export const testimonialList: TestimonialListAnswer = {
  success: true,
  testimonial: [
    {
      id: 1,
      description: '<p>The softest clothes my daughter owns.</p>',
      customer_name: 'Ananya Rao',
      location: 'Bengaluru',
      image: '/media/demo/parent-ananya.svg',
      background_color: '#f6e4db',
      border_color: '#c0664a',
    },
  ],
};

export const jhablaSubcategories: SubcategoryListAnswer = {
  success: true,
  category_name: 'Jhablas',
  Subcategory: [
    {
      subcategory_id: 101,
      subcategory_name: 'Sleeveless Jhablas',
      subcategory_image: '/media/demo/sub-sleeveless.svg',
      category_id: 1,
    },
  ],
};

/** The totals a listing answers beside `products` when they are all it holds: one page of 24. */
export function onePage(products: ProductCard[]) {
  return { product: products, total: products.length, pages: products.length === 0 ? 0 : 1, page: 1, per_page: 24 };
}

export const jhablaProducts: CategoryProductListAnswer = {
  success: true,
  category_name: 'Jhablas',
  ...onePage([jhabla, romper]),
};

/** `count` distinct product cards in category 1, for listings that fill several pages. */
export function manyProducts(count: number): ProductCard[] {
  return Array.from({ length: count }, (_, i) => ({
    ...jhabla,
    product_id: 1000 + i,
    name: `Jhabla No. ${i + 1}`,
  }));
}

/**
 * A listing endpoint paging `all` the way the API does: the body's `page` and `per_page` (1 and 24 when absent),
 * the totals over every page, and no products past the last page. `head` is what the answer carries before them.
 */
export function pagedListing(all: ProductCard[], head: Record<string, unknown> = {}) {
  return (body: Record<string, unknown>) => {
    const page = Number(body.page ?? 1);
    const perPage = Number(body.per_page ?? 24);
    return {
      success: true,
      ...head,
      product: all.slice((page - 1) * perPage, page * perPage),
      total: all.length,
      pages: Math.ceil(all.length / perPage),
      page,
      per_page: perPage,
    };
  };
}

export const jhablaDetail: ProductDetailAnswer = {
  success: true,
  products: {
    product_id: 11,
    name: 'Organic Cotton Jhabla – Leaf Print',
    category_id: 1,
    category_name: 'Jhablas',
    subcategory_id: 101,
    subcategory_name: 'Sleeveless Jhablas',
    description: '<p>A breezy jhabla in GOTS certified organic cotton.</p>',
    product_details: '<p>100% organic cotton.</p>',
    wash_care: '<p>Gentle hand wash.</p>',
    seo_title: null,
    seo_description: null,
    return_rule: { kind: 'returnable', reason: '' },
    actual_price: 899,
    discount_price: 749,
    max_quantity: 5,
    sizes: [
      { size_id: 1, size: '0-3M', max_quantity: 0, in_stock: false },
      { size_id: 2, size: '3-6M', max_quantity: 5, in_stock: true },
      { size_id: 3, size: '6-12M', max_quantity: 3, in_stock: true },
    ],
    product_image: '/media/demo/jhabla-leaf.svg',
    productsub_images: [{ image: '/media/demo/jhabla-leaf-front.svg' }],
    pattern: 'Leaf',
    gender: 'Unisex',
    relate_products: [romper],
    rating_average: 4.3,
    rating_count: 12,
    size_chart: null,
  },
};
