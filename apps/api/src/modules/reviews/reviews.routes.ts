import {
  ErrorAnswer,
  Id,
  ReviewAddAnswer,
  ReviewAddRequest,
  ReviewHelpfulAnswer,
  ReviewHelpfulRequest,
  ReviewListAnswer,
  ReviewListRequest,
} from '@kapaas/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, notFound } from '../../lib/errors';
import { type ClaimedOwner, type Owner, resolveOwner } from '../../lib/owner';
import { sendJson } from '../../lib/send-json';
import { addReview, listReviews, voteHelpful } from './reviews.service';
import { ReviewShowcase } from './showcase';

/** What the server's render may ask of review_list: what anyone reads first, with no shopper named. */
const ShowcaseRequest = z.strictObject({
  product_id: Id,
  page: z.literal(1).default(1),
  sort: z.literal('recent').default('recent'),
});

const failures = { 400: ErrorAnswer, 401: ErrorAnswer, 403: ErrorAnswer, 404: ErrorAnswer, 409: ErrorAnswer };

/** Who reads the reviews: anyone may, so without a session and without a named owner an anonymous visitor. */
async function askingOwner(request: FastifyRequest, claimed: ClaimedOwner): Promise<Owner | null> {
  const named = claimed.user_id !== undefined || claimed.guest_id !== undefined;
  if (!named && !(await request.identity())) return null;
  return resolveOwner(request, claimed);
}

/**
 * The review calls (docs/customer-api.md): review_add for a shopper who received the product,
 * review_list for everyone, review_helpful for any shopper with a session. A review's photos come
 * from photo_upload (photos module).
 */
export const reviewRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  const showcase = new ReviewShowcase(db);
  app.catalogue.listen({
    loaded: () => showcase.loaded(),
    productsChanged: (view, ids) => showcase.productsRemoved(ids.filter((id) => view.stored(id) === undefined)),
    structureChanged: () => {},
    reviewsChanged: (ids) => showcase.reviewsChanged(ids),
  });
  const productExists = (id: number) => app.catalogue.view.stored(id) !== undefined;
  // The server's render of a product page reads its reviews as anyone does: page 1, newest first, from memory.
  app.publicCalls.add('review_list', ShowcaseRequest, ({ product_id }) => {
    if (!productExists(product_id)) throw notFound('Product');
    const answer = showcase.firstPage(product_id);
    if (!answer) throw new AppError('UNAVAILABLE', 'These reviews are read in the browser.');
    return answer;
  });

  app.post(
    '/review_add',
    {
      schema: {
        tags: ['reviews'],
        summary: 'Review a product you received, or edit your review of it (one per product); plain text',
        body: ReviewAddRequest,
        response: { 200: ReviewAddAnswer, ...failures },
      },
    },
    async (request) => {
      const owner = await resolveOwner(request, request.body);
      return addReview({ db, catalogue: app.catalogue, productExists }, owner, request.body);
    },
  );

  app.post(
    '/review_list',
    {
      schema: {
        tags: ['reviews'],
        summary: "A product's published reviews, a page at a time, with the average, the stars and the fit",
        body: ReviewListRequest,
        response: { 200: ReviewListAnswer, ...failures },
      },
    },
    async (request, reply) => {
      const { product_id, page, sort } = request.body;
      if (!productExists(product_id)) throw notFound('Product');
      const owner = await askingOwner(request, request.body);
      const kept = owner === null && page === 1 && sort === 'recent' ? showcase.firstPage(product_id) : undefined;
      if (kept) return sendJson(reply, kept);
      return listReviews(db, owner, request.body);
    },
  );

  app.post(
    '/review_helpful',
    {
      schema: {
        tags: ['reviews'],
        summary: 'Say a review helped you: once per shopper, not your own review',
        body: ReviewHelpfulRequest,
        response: { 200: ReviewHelpfulAnswer, ...failures },
      },
    },
    async (request) =>
      voteHelpful({ db, catalogue: app.catalogue }, await resolveOwner(request, request.body), request.body.review_id),
  );
};
