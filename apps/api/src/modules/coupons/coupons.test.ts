import { CouponDiscountAnswer, CouponDiscountRequest, CouponListAnswer, CouponListRequest } from '@kapaas/contract';
import { couponRedemptions, coupons, eq, orders } from '@kapaas/db';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_ADDRESS_SNAPSHOT } from '../../../test/address-snapshot';
import { startTestShop, type TestShop } from '../../../test/shop';

let shop: TestShop;
let ids: Map<string, number>;
beforeAll(async () => {
  shop = await startTestShop();
  const rows = await shop.database.db.select({ id: coupons.id, code: coupons.code }).from(coupons);
  ids = new Map(rows.map((row) => [row.code, row.id]));
});
afterAll(async () => {
  await shop.close();
});

const idOf = (code: string): number => {
  const id = ids.get(code);
  if (id === undefined) throw new Error(`no demo coupon ${code}`);
  return id;
};

const codesOf = (answer: unknown) => CouponListAnswer.parse(answer).coupons.map((c) => c.coupon_code);

/** A paid order of this shopper that used the coupon once, as checkout will record it. */
async function redeem(owner: { userId: number } | { guestId: number }, code: string, discountPaise: number) {
  const db = shop.database.db;
  const [order] = await db
    .insert(orders)
    .values({
      ...('userId' in owner ? { userId: owner.userId } : { guestId: owner.guestId }),
      status: 'paid',
      addressSnapshot: SAMPLE_ADDRESS_SNAPSHOT,
      couponId: idOf(code),
      itemsTotalPaise: 300_000,
      discountPaise,
      totalPaise: 300_000 - discountPaise,
    })
    .returning();
  if (!order) throw new Error('order insert returned nothing');
  await db.insert(couponRedemptions).values({
    couponId: idOf(code),
    orderId: order.id,
    discountPaise,
    ...('userId' in owner ? { userId: owner.userId } : { guestId: owner.guestId }),
  });
}

describe('Coupon_list', () => {
  it('lists, for anyone, the coupons valid now that apply to the total, in rupees, largest discount first', async () => {
    const response = await shop.post('Coupon_list', { total_amount: 5000 });
    expect(response.statusCode).toBe(200);
    const answer = CouponListAnswer.parse(response.json());
    expect(answer.success).toBe(true);
    expect(answer.coupons.map((c) => c.coupon_code)).toEqual(['FESTIVE15', 'ORGANIC10', 'FLAT250', 'WELCOME100']);
    expect(answer.coupons.find((c) => c.coupon_code === 'ORGANIC10')).toEqual({
      coupon_id: idOf('ORGANIC10'),
      coupon_name: '10% off organic essentials',
      coupon_code: 'ORGANIC10',
      coupon_type: 'Percentage',
      amount: 0,
      percentage: 10,
      min_order_value: 1499,
      max_discount: 300,
      valid_to: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      discounted_amount: 300,
    });
    expect(answer.coupons.find((c) => c.coupon_code === 'WELCOME100')).toMatchObject({
      coupon_type: 'Amount',
      amount: 100,
      max_discount: null,
      discounted_amount: 100,
    });
  });

  it('leaves out expired, used-up and switched-off coupons', async () => {
    const codes = codesOf((await shop.post('Coupon_list', { total_amount: 100_000 })).json());
    expect(codes).not.toContain('MONSOON20');
    expect(codes).not.toContain('LAUNCH200');
    expect(codes).not.toContain('NEWBORN12');
  });

  it('lists only what the total reaches', async () => {
    expect(codesOf((await shop.post('Coupon_list', { total_amount: 999 })).json())).toEqual(['WELCOME100']);
    expect(codesOf((await shop.post('Coupon_list', { total_amount: 998.99 })).json())).toEqual([]);
    expect(codesOf((await shop.post('Coupon_list', { total_amount: 0 })).json())).toEqual([]);
  });

  it('accepts the total as the original storefront keeps it, a string', async () => {
    const response = await shop.post('Coupon_list', { total_amount: '1499.00' });
    expect(response.statusCode).toBe(200);
    expect(codesOf(response.json())).toEqual(['ORGANIC10', 'WELCOME100']);
  });

  it('counts a user’s own redemptions against the per-customer limit', async () => {
    const user = await shop.user();
    const other = await shop.user();
    await redeem({ userId: user.userId }, 'WELCOME100', 10_000);
    expect(codesOf((await user.post('Coupon_list', { total_amount: 1200 })).json())).toEqual([]);
    expect(codesOf((await user.post('Coupon_list', { total_amount: 1200, user_id: user.userId })).json())).toEqual([]);
    expect(codesOf((await other.post('Coupon_list', { total_amount: 1200 })).json())).toEqual(['WELCOME100']);
    expect(codesOf((await shop.post('Coupon_list', { total_amount: 1200 })).json())).toEqual(['WELCOME100']);
  });

  it('counts a guest’s own redemptions too, and keeps a coupon until its per-customer limit', async () => {
    const guest = await shop.guest();
    await redeem({ guestId: guest.guestId }, 'FLAT250', 25_000);
    expect(
      codesOf((await guest.post('Coupon_list', { total_amount: 3000, guest_id: guest.guestId })).json()),
    ).toContain('FLAT250');
    await redeem({ guestId: guest.guestId }, 'FLAT250', 25_000);
    expect(codesOf((await guest.post('Coupon_list', { total_amount: 3000 })).json())).not.toContain('FLAT250');
  });

  it('refuses a named owner without a session (401) and someone else’s id (403)', async () => {
    const user = await shop.user();
    const other = await shop.user();
    const anonymous = await shop.post('Coupon_list', { total_amount: 5000, user_id: user.userId });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({
      success: false,
      message: 'No user or guest session found. Please log in.',
    });
    const foreign = await other.post('Coupon_list', { total_amount: 5000, user_id: user.userId });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toMatchObject({ success: false });
    const guest = await shop.guest();
    expect((await guest.post('Coupon_list', { total_amount: 5000, guest_id: guest.guestId + 1 })).statusCode).toBe(403);
  });
});

describe('Coupon_discount_details', () => {
  const details = (body: Record<string, unknown>) => shop.post('Coupon_discount_details', body);

  it('gives the discount in rupees for the total', async () => {
    const response = await details({ total_amount: 1999.95, coupon_id: idOf('ORGANIC10') });
    expect(response.statusCode).toBe(200);
    expect(CouponDiscountAnswer.parse(response.json())).toEqual({
      success: true,
      // The demo shop gives no prepaid discount (ADR 047): 0 of what the coupon leaves.
      coupons: { coupon_id: idOf('ORGANIC10'), coupon_code: 'ORGANIC10', discounted_amount: 200, prepaid_discount: 0 },
    });
    const capped = await details({ total_amount: 10_000, coupon_id: String(idOf('ORGANIC10')) });
    expect(capped.json().coupons.discounted_amount).toBe(300);
    const amount = await details({ total_amount: '3500', coupon_id: idOf('FLAT250') });
    expect(amount.json().coupons).toMatchObject({ coupon_code: 'FLAT250', discounted_amount: 250 });
    const percent = await details({ total_amount: 2599.99, coupon_id: idOf('FESTIVE15') });
    expect(percent.json().coupons.discounted_amount).toBe(390);
  });

  it.each([
    ['MONSOON20', 5000, 'This coupon has expired.'],
    ['LAUNCH200', 5000, 'This coupon has been fully redeemed.'],
    ['NEWBORN12', 5000, 'This coupon is no longer available.'],
    ['WELCOME100', 500, 'Add ₹499 more to use this coupon.'],
    ['FLAT250', 2998.5, 'Add ₹0.50 more to use this coupon.'],
    ['ORGANIC10', 0, 'This coupon needs a minimum order of ₹1,499.'],
  ])('refuses %s at ₹%s with 409 COUPON_NOT_APPLICABLE: %s', async (code, total, message) => {
    const response = await details({ total_amount: total, coupon_id: idOf(code) });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ success: false, message, code: 'COUPON_NOT_APPLICABLE' });
  });

  it('refuses a coupon not yet valid', async () => {
    const [future] = await shop.database.db
      .insert(coupons)
      .values({
        name: 'Diwali preview',
        code: 'DIWALI-PREVIEW',
        type: 'Amount',
        amountPaise: 5_000,
        validFrom: new Date(Date.now() + 86_400_000),
        validTo: new Date(Date.now() + 10 * 86_400_000),
      })
      .returning();
    const response = await details({ total_amount: 5000, coupon_id: future?.id });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('This coupon is not valid yet.');
    expect(codesOf((await shop.post('Coupon_list', { total_amount: 5000 })).json())).not.toContain('DIWALI-PREVIEW');
    await shop.database.db.delete(coupons).where(eq(coupons.code, 'DIWALI-PREVIEW'));
  });

  it('refuses a shopper who has used their share', async () => {
    const user = await shop.user();
    await redeem({ userId: user.userId }, 'FESTIVE15', 37_500);
    const response = await user.post('Coupon_discount_details', {
      total_amount: 5000,
      coupon_id: idOf('FESTIVE15'),
      user_id: user.userId,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ message: 'You have already used this coupon.' });
    expect(
      (await shop.post('Coupon_discount_details', { total_amount: 5000, coupon_id: idOf('FESTIVE15') })).statusCode,
    ).toBe(200);
  });

  it('answers 404 for an unknown coupon', async () => {
    const response = await details({ total_amount: 5000, coupon_id: 2_000_000_000 });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ success: false, message: 'Coupon not found.' });
  });

  it('refuses a named owner without a session (401) and someone else’s id (403)', async () => {
    const user = await shop.user();
    const guest = await shop.guest();
    const body = { total_amount: 5000, coupon_id: idOf('WELCOME100') };
    expect((await details({ ...body, user_id: user.userId })).statusCode).toBe(401);
    expect((await guest.post('Coupon_discount_details', { ...body, user_id: user.userId })).statusCode).toBe(403);
    expect((await user.post('Coupon_discount_details', { ...body, guest_id: guest.guestId })).statusCode).toBe(403);
    expect((await user.post('Coupon_discount_details', body)).statusCode).toBe(200);
  });
});

describe('malformed bodies', () => {
  const tableState = async () => ({
    coupons: await shop.database.db.select().from(coupons).orderBy(coupons.id),
    redemptions: await shop.database.db.select().from(couponRedemptions).orderBy(couponRedemptions.id),
  });

  it('answers 4xx with success:false to anything malformed, and changes no coupon table', async () => {
    const before = await tableState();
    const weird = fc.oneof(
      fc.integer(),
      fc.double(),
      fc.constantFrom(-1, -0.01, 1e308, 10_000_001, Number.MAX_SAFE_INTEGER, 0, 2_147_483_648),
      fc.string({ unit: 'binary', maxLength: 50 }),
      fc.constantFrom(
        '1; DROP TABLE coupons; --',
        "' OR 1=1 --",
        '<script>alert(1)</script>',
        '1e3',
        '-5',
        ' ',
        '\u0000',
        'x'.repeat(100_000),
      ),
      fc.constant(null),
      fc.boolean(),
      fc.array(fc.nat(), { maxLength: 3 }),
      fc.dictionary(fc.string({ maxLength: 5 }), fc.nat(), { maxKeys: 3 }),
    );
    const body = fc.oneof(
      fc.jsonValue(),
      fc.record(
        { total_amount: weird, coupon_id: weird, user_id: weird, guest_id: weird, extra: weird },
        { requiredKeys: [] },
      ),
    );
    const endpoints = [
      ['Coupon_list', CouponListRequest],
      ['Coupon_discount_details', CouponDiscountRequest],
    ] as const;
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...endpoints), body, async ([endpoint, schema], payload) => {
        const response = await shop.app.inject({
          method: 'POST',
          url: `/api/${endpoint}`,
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify(payload),
        });
        expect(response.statusCode).toBeLessThan(500);
        if (!schema.safeParse(payload).success) {
          expect(response.statusCode).toBe(400);
          expect(response.json()).toMatchObject({ success: false });
        } else if (response.statusCode !== 200) {
          expect(response.json()).toMatchObject({ success: false });
        }
      }),
      { numRuns: 300 },
    );
    expect(await tableState()).toEqual(before);
  });
});
