import {
  ErrorAnswer,
  PhotoUploadAnswer,
  REVIEWS_PER_PAGE,
  ReviewAddAnswer,
  ReviewHelpfulAnswer,
  ReviewListAnswer,
} from '@kapaas/contract';
import { count, eq, products, reviews, reviewVotes } from '@kapaas/db';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Shopper, startTestShop, type TestShop } from '../../../test/shop';
import { type AdminClient, adminFixtures } from '../admin/admin.fixtures';
import { reviewFixtures, reviewOf } from './reviews.fixtures';
import { listReviews } from './reviews.service';
import { ReviewShowcase } from './showcase';

let shop: TestShop;
let staff: AdminClient;
const admin = adminFixtures(() => shop);
const fixtures = reviewFixtures(
  () => shop,
  () => staff,
);

beforeAll(async () => {
  shop = await startTestShop();
  staff = await admin.staff(await admin.owner());
});
afterAll(async () => {
  await shop.close();
});

const db = () => shop.database.db;

async function added(shopper: Shopper, body: Record<string, unknown>) {
  const response = await shopper.post('review_add', body);
  expect(response.statusCode, response.body).toBe(200);
  return ReviewAddAnswer.parse(response.json());
}

async function listed(shopper: Shopper | TestShop, productId: number, extra: Record<string, unknown> = {}) {
  const response = await shopper.post('review_list', { product_id: productId, ...extra });
  expect(response.statusCode, response.body).toBe(200);
  return ReviewListAnswer.parse(response.json());
}

function refused(response: { statusCode: number; json(): unknown }, status: number) {
  expect(response.statusCode).toBe(status);
  return ErrorAnswer.parse(response.json());
}

const reviewRows = async (productId: number) =>
  (await db().select({ n: count() }).from(reviews).where(eq(reviews.productId, productId)))[0]?.n;

describe('who may review a product', () => {
  it('a shopper who never bought it: 403 NOT_A_BUYER with a plain sentence, and nothing is written', async () => {
    const item = await fixtures.product();
    const user = await shop.user();
    const answer = refused(await user.post('review_add', reviewOf(item.productId)), 403);
    expect(answer).toMatchObject({ code: 'NOT_A_BUYER' });
    expect(answer.message).toMatch(/^Only shoppers who bought this product and received it can review it\.$/);
    expect(await reviewRows(item.productId)).toBe(0);
    expect(refused(await shop.post('review_add', reviewOf(item.productId)), 401).success).toBe(false);
    expect((await listed(user, item.productId)).can_review).toBe(false);
  });

  it('a shopper whose order is paid or shipped but not delivered yet: 403, saying to wait for the delivery', async () => {
    const [paidItem, shippedItem] = [await fixtures.product(), await fixtures.product()];
    const user = await shop.user();
    await fixtures.ordered(user, [shippedItem], { until: 'shipped' });
    await fixtures.ordered(user, [paidItem], { until: 'paid' });
    for (const item of [paidItem, shippedItem]) {
      const answer = refused(await user.post('review_add', reviewOf(item.productId)), 403);
      expect(answer).toMatchObject({
        code: 'NOT_A_BUYER',
        message: 'You can review this product once your order of it has been delivered.',
      });
      expect(await reviewRows(item.productId)).toBe(0);
    }
  });

  it('a guest who received it may, showing the size bought and the first name with the last initial', async () => {
    const item = await fixtures.product();
    const guest = await fixtures.guestBuyer([item], { first: 'Ananya', last: 'rao' });
    expect((await listed(guest, item.productId)).can_review).toBe(true);
    const answer = await added(guest, reviewOf(item.productId, 4, 'runs_small', { title: '  Lovely  ' }));
    expect(answer.edited).toBe(false);
    expect(answer.review).toMatchObject({
      rating: 4,
      title: 'Lovely',
      fit: 'runs_small',
      author: 'Ananya R.',
      verified_purchase: true,
      mine: true,
      helpful_count: 0,
    });
    const [sizeRow] = await db()
      .select({ size: reviews.sizeLabel })
      .from(reviews)
      .where(eq(reviews.id, answer.review.review_id));
    expect(answer.review.size).toBe(sizeRow?.size);
    expect(answer.review.size.length).toBeGreaterThan(0);
  });
});

describe('one review per product per shopper', () => {
  it('a second review_add edits the first: same id, votes kept, updated_at moves, the average follows', async () => {
    const item = await fixtures.product();
    const writer = await fixtures.guestBuyer([item]);
    const reader = await shop.user();
    const first = await added(writer, reviewOf(item.productId, 2));
    expect((await reader.post('review_helpful', { review_id: first.review.review_id })).statusCode).toBe(200);
    const second = await added(writer, reviewOf(item.productId, 5, 'runs_large', { text: 'Changed my mind: lovely.' }));
    expect(second.edited).toBe(true);
    expect(second.review).toMatchObject({ review_id: first.review.review_id, rating: 5, helpful_count: 1 });
    expect(second.review.created_at).toBe(first.review.created_at);
    expect(Date.parse(second.review.updated_at)).toBeGreaterThan(Date.parse(first.review.updated_at));
    expect(await reviewRows(item.productId)).toBe(1);
    const list = await listed(reader, item.productId);
    expect(list).toMatchObject({ average: 5, count: 1, distribution: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 1 } });
    const card = shop.app.catalogue.view.product(item.productId)?.card;
    expect(card).toMatchObject({ rating_average: 5, rating_count: 1 });
  });

  it('two adds at once make one row, and the stars count once', async () => {
    const item = await fixtures.product();
    const guest = await fixtures.guestBuyer([item]);
    const answers = await Promise.all([
      guest.post('review_add', reviewOf(item.productId, 3)),
      guest.post('review_add', reviewOf(item.productId, 3)),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    expect(answers.map((a) => a.json().edited).sort()).toEqual([false, true]);
    expect(await reviewRows(item.productId)).toBe(1);
    expect(await listed(shop, item.productId)).toMatchObject({ count: 1, average: 3 });
  });

  it("another shopper cannot touch someone's review: their own add writes their own row", async () => {
    const item = await fixtures.product();
    const meera = await fixtures.guestBuyer([item], { first: 'Meera', last: 'Iyer' });
    const arjun = await fixtures.guestBuyer([item], { first: 'Arjun', last: 'Das' });
    const mine = await added(meera, reviewOf(item.productId, 5));
    const theirs = await added(arjun, reviewOf(item.productId, 1, 'runs_small', { text: 'Not for us, sadly.' }));
    expect(theirs.review.review_id).not.toBe(mine.review.review_id);
    // Naming Meera's guest id from Arjun's session is refused.
    const forged = await arjun.post('review_add', { ...reviewOf(item.productId, 1), guest_id: meera.guestId });
    expect(forged.statusCode).toBe(403);
    const list = await listed(meera, item.productId);
    expect(list.my_review).toMatchObject({ review_id: mine.review.review_id, rating: 5, author: 'Meera I.' });
    expect(list.reviews.map((r) => [r.author, r.mine])).toEqual([
      ['Arjun D.', false],
      ['Meera I.', true],
    ]);
    expect(list.average).toBe(3);
  });
});

describe('the text', () => {
  it('is plain: HTML comes back as the same literal text, trimmed', async () => {
    const item = await fixtures.product();
    const guest = await fixtures.guestBuyer([item]);
    const text = '<script>alert("x")</script> <b>So soft</b> & <img src=x onerror=alert(1)>';
    const answer = await added(guest, reviewOf(item.productId, 5, 'true_to_size', { text: `  ${text}\n` }));
    expect(answer.review.text).toBe(text);
    const [listedReview] = (await listed(shop, item.productId)).reviews;
    expect(listedReview?.text).toBe(text);
  });

  it('is refused under 10 characters, and so are stars outside 1 to 5, with nothing written', async () => {
    const item = await fixtures.product();
    const guest = await fixtures.guestBuyer([item]);
    expect(
      refused(await guest.post('review_add', reviewOf(item.productId, 5, 'true_to_size', { text: ' short ' })), 400)
        .errors,
    ).toHaveProperty('text');
    expect((await guest.post('review_add', reviewOf(item.productId, 6))).statusCode).toBe(400);
    expect((await guest.post('review_add', reviewOf(item.productId, 5, 'tight'))).statusCode).toBe(400);
    expect(await reviewRows(item.productId)).toBe(0);
  });
});

describe('the summary', () => {
  it('has no fit below 3 answers; then the most common, ties to true to size', async () => {
    const item = await fixtures.product();
    const buyers = await Promise.all([1, 2, 3, 4].map(() => fixtures.guestBuyer([item])));
    const [a, b, c, d] = buyers as unknown as [Shopper, Shopper, Shopper, Shopper];
    await added(a, reviewOf(item.productId, 5, 'runs_small'));
    await added(b, reviewOf(item.productId, 4, 'runs_small'));
    expect((await listed(shop, item.productId)).fit).toBeNull();
    await added(c, reviewOf(item.productId, 4, 'true_to_size'));
    expect((await listed(shop, item.productId)).fit).toEqual({
      most: 'runs_small',
      answers: 3,
      runs_small: 2,
      true_to_size: 1,
      runs_large: 0,
    });
    await added(d, reviewOf(item.productId, 3, 'true_to_size'));
    const list = await listed(shop, item.productId);
    expect(list.fit).toMatchObject({ most: 'true_to_size', answers: 4 });
    expect(list).toMatchObject({ average: 4, count: 4, distribution: { 1: 0, 2: 0, 3: 1, 4: 2, 5: 1 } });
  });

  it('pages the reviews newest first, or most helpful first', async () => {
    const item = await fixtures.product();
    const buyers: Shopper[] = [];
    for (let i = 0; i < REVIEWS_PER_PAGE + 1; i++) buyers.push(await fixtures.guestBuyer([item]));
    const ids: number[] = [];
    for (const buyer of buyers) ids.push((await added(buyer, reviewOf(item.productId))).review.review_id);
    const voter = await shop.user();
    await voter.post('review_helpful', { review_id: ids[2] });
    const first = await listed(shop, item.productId);
    expect(first).toMatchObject({ page: 1, pages: 2, per_page: REVIEWS_PER_PAGE, count: REVIEWS_PER_PAGE + 1 });
    expect(first.reviews.map((r) => r.review_id)).toEqual(ids.toReversed().slice(0, REVIEWS_PER_PAGE));
    expect((await listed(shop, item.productId, { page: 2 })).reviews.map((r) => r.review_id)).toEqual([ids[0]]);
    const helpful = await listed(shop, item.productId, { sort: 'helpful' });
    expect(helpful.reviews[0]?.review_id).toBe(ids[2]);
    expect(helpful.reviews[1]?.review_id).toBe(ids.at(-1));
  });
});

describe('helpful votes', () => {
  it('count once per shopper; your own review is a 409; a hidden review is a 404', async () => {
    const item = await fixtures.product();
    const writer = await fixtures.guestBuyer([item]);
    const { review } = await added(writer, reviewOf(item.productId));
    const voter = await shop.user();
    const vote = () => voter.post('review_helpful', { review_id: review.review_id });
    const once = ReviewHelpfulAnswer.parse((await vote()).json());
    const twice = ReviewHelpfulAnswer.parse((await vote()).json());
    expect(once.helpful_count).toBe(1);
    expect(twice.helpful_count).toBe(1);
    const guestVote = await (await shop.guest()).post('review_helpful', { review_id: review.review_id });
    expect(ReviewHelpfulAnswer.parse(guestVote.json()).helpful_count).toBe(2);
    const votes = await db().select({ n: count() }).from(reviewVotes).where(eq(reviewVotes.reviewId, review.review_id));
    expect(votes[0]?.n).toBe(2);
    const own = refused(await writer.post('review_helpful', { review_id: review.review_id }), 409);
    expect(own.message).toBe('You cannot vote for your own review.');
    expect(refused(await shop.post('review_helpful', { review_id: review.review_id }), 401).success).toBe(false);
    expect((await staff.post(`/reviews/${review.review_id}/hide`, { reason: 'Names a child.' })).statusCode).toBe(200);
    expect(refused(await vote(), 404).message).toBe('Review not found.');
    expect(refused(await voter.post('review_helpful', { review_id: 2_000_000 }), 404).message).toBe(
      'Review not found.',
    );
  });
});

describe('photos', () => {
  it('uploaded with photo_upload for the review are kept with it; any other URL is refused on photos', async () => {
    const item = await fixtures.product();
    const guest = await fixtures.guestBuyer([item]);
    const uploaded = await fixtures.upload(
      guest,
      item.productId,
      await fixtures.picture(1600, 1200, 'jpeg'),
      'image/jpeg',
    );
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const { url } = PhotoUploadAnswer.parse(uploaded.json());
    expect(url).toMatch(/^\/media\/photos\/[0-9a-f]{24}-1280\.webp$/);
    const served = await shop.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 1280 });

    const never = url.replace(/[0-9a-f]{24}/, 'abcdef0123456789abcdef01');
    const refusal = refused(
      await guest.post('review_add', reviewOf(item.productId, 5, 'true_to_size', { photos: [url, never] })),
      400,
    );
    expect(refusal.errors).toHaveProperty('photos');
    const elsewhere = await guest.post(
      'review_add',
      reviewOf(item.productId, 5, 'true_to_size', { photos: ['https://evil.example/x.webp'] }),
    );
    expect(refused(elsewhere, 400).errors).toHaveProperty('photos.0');
    expect(await reviewRows(item.productId)).toBe(0);

    const answer = await added(guest, reviewOf(item.productId, 5, 'true_to_size', { photos: [url] }));
    expect(answer.review.photos).toEqual([url]);
  });

  it('photo_upload takes only an image, and does not enlarge a small one', async () => {
    const item = await fixtures.product();
    const guest = await fixtures.guestBuyer([item]);
    const small = PhotoUploadAnswer.parse(
      (await fixtures.upload(guest, item.productId, await fixtures.picture(300, 200))).json(),
    );
    expect(small.url).toMatch(/-300\.webp$/);
    const text = Buffer.from('<svg onload="alert(1)"></svg> not a photo');
    expect(refused(await fixtures.upload(guest, item.productId, text, 'image/png'), 400).errors).toHaveProperty('file');
    const anonymous = await fixtures.upload(shop.visitor(), item.productId, await fixtures.picture(10, 10));
    expect(anonymous.statusCode).toBe(401);
    expect((await guest.post('photo_upload', { file: 'x' })).statusCode).toBe(400);
  });
});

describe('review_list', () => {
  it('answers anyone, 404 for a product the shop does not have', async () => {
    const item = await fixtures.product();
    expect(await listed(shop, item.productId)).toMatchObject({
      average: null,
      count: 0,
      fit: null,
      reviews: [],
      pages: 0,
      can_review: false,
      my_review: null,
    });
    expect(refused(await shop.post('review_list', { product_id: 2_000_000 }), 404).message).toBe('Product not found.');
    expect(refused(await shop.post('review_add', reviewOf(2_000_000)), 401).success).toBe(false);
  });
});

describe('the first page anyone reads, kept in memory for the server-rendered product page', () => {
  it('is read through the public call as over HTTP; an edit of the words and a vote change it and the version', async () => {
    const item = await fixtures.product();
    const none = await shop.app.publicCalls.call('review_list', { product_id: item.productId });
    expect(none).toEqual(await listed(shop, item.productId));
    expect(none).toMatchObject({ count: 0, reviews: [], can_review: false, my_review: null });
    const writer = await fixtures.guestBuyer([item]);
    await added(writer, reviewOf(item.productId, 4));
    const kept = () => shop.app.publicCalls.call('review_list', { product_id: item.productId }) as Promise<unknown>;
    expect(await kept()).toMatchObject({ count: 1, average: 4, reviews: [{ text: reviewOf(0).text, mine: false }] });

    const version = shop.app.catalogue.version;
    await added(writer, reviewOf(item.productId, 4, 'true_to_size', { text: 'Same stars, new words.' }));
    expect(shop.app.catalogue.version).toBeGreaterThan(version);
    expect(await kept()).toMatchObject({ reviews: [{ text: 'Same stars, new words.', helpful_count: 0 }] });
    const [review] = (await listed(shop, item.productId)).reviews;

    const voted = shop.app.catalogue.version;
    expect((await (await shop.guest()).post('review_helpful', { review_id: review?.review_id })).statusCode).toBe(200);
    expect(shop.app.catalogue.version).toBeGreaterThan(voted);
    expect(await kept()).toMatchObject({ reviews: [{ helpful_count: 1 }] });
    const read = { product_id: item.productId, page: 1, sort: 'recent' as const };
    expect(await kept()).toEqual(await listReviews(db(), null, read));
  });

  it('is only page 1, newest first, for nobody in particular: anything else is not a public call', async () => {
    const item = await fixtures.product();
    for (const body of [
      { product_id: item.productId, page: 2 },
      { product_id: item.productId, sort: 'helpful' },
      { product_id: item.productId, guest_id: 1 },
    ]) {
      await expect(shop.app.publicCalls.call('review_list', body)).rejects.toMatchObject({ kind: 'INVALID_DATA' });
    }
    await expect(shop.app.publicCalls.call('review_list', { product_id: 2_000_000 })).rejects.toMatchObject({
      kind: 'NOT_FOUND',
    });
  });

  it('keeps at most its budget of bytes: a product past it is read from the database', async () => {
    const items = [await fixtures.product(), await fixtures.product()];
    const buyer = await fixtures.guestBuyer(items);
    for (const item of items) await added(buyer, reviewOf(item.productId));
    const one = new ReviewShowcase(db());
    await one.reviewsChanged([items[0]?.productId as number]);
    const budget = one.size.bytes;
    const showcase = new ReviewShowcase(db(), budget);
    await showcase.loaded();
    const [first, second] = items.map((item) => item.productId) as [number, number];
    // At most the budget: which products fill it depends on the reviews the tests before wrote.
    expect(showcase.size.bytes).toBeLessThanOrEqual(budget);
    expect(showcase.size.left).toBeGreaterThan(0);
    // The demo shop's reviewed products come first by id: ours are past the budget, so not kept.
    expect(showcase.firstPage(second)).toBeUndefined();
    await showcase.reviewsChanged([first, second]);
    expect(showcase.firstPage(second)).toBeUndefined();
    const kept = JSON.parse(String(one.firstPage(first)));
    expect(kept).toEqual(await listReviews(db(), null, { product_id: first, page: 1, sort: 'recent' }));
  });
});

describe('the demo shop', () => {
  it("shows its buyers' reviews, with the fit summary, on the cards and the product page", async () => {
    const [row] = await db()
      .select({ id: products.id })
      .from(products)
      .where(eq(products.slug, 'mulmul-jhabla-haldi-yellow'));
    const productId = row?.id as number;
    const list = await listed(shop, productId);
    expect(list).toMatchObject({ count: 3, average: 4.7, fit: { most: 'true_to_size', answers: 3 } });
    expect(list.reviews.map((r) => r.author).sort()).toEqual(['Ananya R.', 'Farah K.', 'Kavitha N.']);
    expect(shop.app.catalogue.view.product(productId)?.card).toMatchObject({ rating_average: 4.7, rating_count: 3 });
  });

  it('has buyers nobody can log in as', async () => {
    const login = await shop.post('login', { user_name: 'ananya.rao@example.in', password: 'organic-cotton-1' });
    expect(login.statusCode).toBe(401);
  });
});
