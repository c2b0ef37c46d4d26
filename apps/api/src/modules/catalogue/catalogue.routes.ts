import {
  AdsListAnswer,
  AdsListRequest,
  BannerListAnswer,
  BannerListRequest,
  CategoryListAnswer,
  CategoryListRequest,
  CategoryProductListAnswer,
  CategoryProductListRequest,
  ErrorAnswer,
  FeaturedProductListAnswer,
  FeaturedProductListRequest,
  GenderListAnswer,
  GenderListRequest,
  PatternListAnswer,
  PatternListRequest,
  ProductDetailAnswer,
  ProductDetailRequest,
  SizeListAnswer,
  SizeListRequest,
  SubcategoryListAnswer,
  SubcategoryListRequest,
  SubcategoryProductListRequest,
  TestimonialListAnswer,
  TestimonialListRequest,
} from '@kapaas/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { notFound } from '../../lib/errors';
import { sendJson } from '../../lib/send-json';
import { publicAnswers } from '../../plugins/no-store';
import type { CatalogueView, Rendered } from './catalogue.read-model';

/** The bytes of an answer the read model already serialized. */
const bytesOf = (rendered: Rendered<unknown> | Buffer): Buffer =>
  Buffer.isBuffer(rendered) ? rendered : rendered.json;

const failures = { 400: ErrorAnswer, 404: ErrorAnswer };

/**
 * The catalogue calls of product.md §7, answered from the in-memory read model. The handlers are
 * synchronous and return nothing (ADR 027): an async handler, or one returning the reply (which
 * is thenable), costs every call a promise and a turn of the microtask queue; a thrown refusal is
 * still answered by the error handler.
 */
export const catalogueRoutes: FastifyPluginAsyncZod = async (app) => {
  // The same public data for everyone: no personal data, so no `no-store`.
  publicAnswers(app);
  const view = (): CatalogueView => app.catalogue.view;
  listRoutes(app, view);
  browsingRoutes(app, view);
  productRoutes(app, view);
};

type ZodApp = Parameters<FastifyPluginAsyncZod>[0];

/** The fixed lists of the home page and the filters. */
function listRoutes(app: ZodApp, view: () => CatalogueView): void {
  /** A call whose answer is one fixed list. */
  const listCall = (
    endpoint: string,
    request: z.ZodType,
    answer: z.ZodType,
    pick: (v: CatalogueView) => Rendered<unknown> | Buffer,
    summary: string,
  ) => {
    const answerOf = () => bytesOf(pick(view()));
    app.publicCalls.add(endpoint, request, answerOf);
    app.post(
      `/${endpoint}`,
      { schema: { tags: ['catalogue'], summary, body: request, response: { 200: answer, ...failures } } },
      (_request, reply) => {
        sendJson(reply, answerOf());
      },
    );
  };

  listCall(
    'featured_product_list',
    FeaturedProductListRequest,
    FeaturedProductListAnswer,
    (v) => v.featuredProductList(),
    'Home page carousels',
  );
  listCall('ads_list', AdsListRequest, AdsListAnswer, (v) => v.adsList, 'Home page ads');
  listCall(
    'category_list',
    CategoryListRequest,
    CategoryListAnswer,
    (v) => v.categoryList,
    'Categories with their subcategories',
  );
  listCall('banner_list', BannerListRequest, BannerListAnswer, (v) => v.bannerList, 'Home page banners');
  listCall('testimonial_list', TestimonialListRequest, TestimonialListAnswer, (v) => v.testimonialList, 'Testimonials');
  listCall('size', SizeListRequest, SizeListAnswer, (v) => v.sizeList, 'Sizes for the filter');
  listCall('pattern', PatternListRequest, PatternListAnswer, (v) => v.patternList, 'Print patterns for the filter');
  listCall(
    'gender_list',
    GenderListRequest,
    GenderListAnswer,
    (v) => v.genderList,
    'Genders for the filter (answered under `state`)',
  );
}

/** A page of a category's or a subcategory's products, or 404 naming which is not shown. */
function productsOf(view: CatalogueView, kind: 'category' | 'subcategory', id: number, page: number, perPage: number) {
  const answer = view.productsOf(kind, id, page, perPage);
  if (answer === undefined) throw notFound(kind === 'category' ? 'Category' : 'Subcategory');
  return answer;
}

/** category_product_list's answer: either a category's or a subcategory's products. */
function categoryProducts(view: CatalogueView, body: z.output<typeof CategoryProductListRequest>): Buffer {
  const { page, per_page } = body;
  return 'category_id' in body
    ? productsOf(view, 'category', body.category_id, page, per_page)
    : productsOf(view, 'subcategory', body.subcategory_id, page, per_page);
}

/** Browsing by category and subcategory. */
function browsingRoutes(app: ZodApp, view: () => CatalogueView): void {
  const subcategoryList = (body: z.output<typeof SubcategoryListRequest>) => {
    const answer = view().subcategoryList(body.category_id);
    if (!answer) throw notFound('Category');
    return bytesOf(answer);
  };
  const subcategoryProducts = ({ subcategory_id, page, per_page }: z.output<typeof SubcategoryProductListRequest>) =>
    productsOf(view(), 'subcategory', subcategory_id, page, per_page);
  app.publicCalls.add('subcategory_list', SubcategoryListRequest, subcategoryList);
  app.publicCalls.add('category_product_list', CategoryProductListRequest, (body) => categoryProducts(view(), body));
  app.publicCalls.add('subcategory_product_list', SubcategoryProductListRequest, subcategoryProducts);

  app.post(
    '/subcategory_list',
    {
      schema: {
        tags: ['catalogue'],
        summary: "A category's subcategories",
        body: SubcategoryListRequest,
        response: { 200: SubcategoryListAnswer, ...failures },
      },
    },
    (request, reply) => {
      sendJson(reply, subcategoryList(request.body));
    },
  );

  app.post(
    '/category_product_list',
    {
      schema: {
        tags: ['catalogue'],
        summary: "A page of a category's or a subcategory's products, newest first, with the totals",
        body: CategoryProductListRequest,
        response: { 200: CategoryProductListAnswer, ...failures },
      },
    },
    (request, reply) => {
      sendJson(reply, categoryProducts(view(), request.body));
    },
  );

  app.post(
    '/subcategory_product_list',
    {
      schema: {
        tags: ['catalogue'],
        summary: "A page of a subcategory's products, newest first, with the totals",
        body: SubcategoryProductListRequest,
        response: { 200: CategoryProductListAnswer, ...failures },
      },
    },
    (request, reply) => {
      sendJson(reply, subcategoryProducts(request.body));
    },
  );
}

/** One product's page. */
function productRoutes(app: ZodApp, view: () => CatalogueView): void {
  const productDetail = (body: z.output<typeof ProductDetailRequest>) => {
    const answer = view().productDetail(body.product_id);
    if (answer === undefined) throw notFound('Product');
    return answer;
  };
  app.publicCalls.add('product_detail', ProductDetailRequest, productDetail);
  app.post(
    '/product_detail',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'One product with its sizes, images and related products',
        body: ProductDetailRequest,
        response: { 200: ProductDetailAnswer, ...failures },
      },
    },
    (request, reply) => {
      sendJson(reply, productDetail(request.body));
    },
  );
}
