import { PhotoUploadAnswer } from '@kapaas/contract';
import { type DatabaseHandle, sql } from '@kapaas/db';
import { expect } from 'vitest';
import type { RegisteredShopper, TestShop } from '../../../test/shop';
import { type AdminClient, expectStatus } from '../admin/admin.fixtures';
import { reviewFixtures, reviewOf } from '../reviews/reviews.fixtures';
import { NOT_PERSONAL, type PersonKey, REGISTRY } from './registry';

/**
 * The tables the registry ties to a shopper: by account, guest, e-mail, phone or shopper tag, or through a table
 * so tied. The emulators' tables (ADR 022) hold test data, never a shop's shopper, and are passed by.
 */
export function shopperTables(): string[] {
  const tied = new Set<string>();
  const direct = (key: PersonKey) => !('through' in key) && key.names !== 'admin';
  for (let grown = true; grown; ) {
    grown = false;
    for (const [table, entry] of Object.entries(REGISTRY)) {
      if (tied.has(table) || table.startsWith('sandbox_')) continue;
      if (entry.person.some((key) => ('through' in key ? tied.has(key.through) : direct(key)))) {
        tied.add(table);
        grown = true;
      }
    }
  }
  return [...tied].sort();
}

/** A table's personal columns, by name. */
export const personalColumns = (table: string) =>
  Object.entries(REGISTRY[table]?.columns ?? {})
    .filter(([, kind]) => kind !== NOT_PERSONAL)
    .map(([column]) => column);

/**
 * A registered shopper with something in nearly every table the registry ties to a shopper: a delivered order paid
 * by card with its invoice, a review with a photo, a saved address, a wishlist and a cart, a contact message, a
 * newsletter sign-up, a "notify me", a rights request, and the e-mails these queued.
 */
export function myDataFixtures(shop: () => TestShop, staff: () => AdminClient) {
  const reviews = reviewFixtures(shop, staff);

  async function busyShopper(): Promise<RegisteredShopper & { orderId: number }> {
    const shopper = await shop().user();
    const item = await reviews.product();
    const orderId = await reviews.ordered(shopper, [item], { name: { first: 'Nandini', last: 'Pillai' } });
    const uploaded = await reviews.upload(shopper, item.productId, await reviews.picture(800, 600));
    const { url } = PhotoUploadAnswer.parse(expectStatus(uploaded, 200));
    expectStatus(await shopper.post('review_add', reviewOf(item.productId, 5, 'true_to_size', { photos: [url] })), 200);
    expectStatus(await shopper.post('add_wishlist', { product_id: item.productId }), 200);
    expectStatus(await shopper.post('consent_update', { purpose: 'child_profile', given: true }), 200);
    expectStatus(await shopper.post('child_profile_add', { first_name: 'Meera', birth_month: '2024-05' }), 200);
    await reviews.checkout.addToCart(shopper, item, 1);
    const contact = { name: shopper.name, email: shopper.email, mobile: shopper.phone, message: 'Sizes for twins?' };
    expectStatus(await shop().post('contact', contact), 200);
    expectStatus(await shop().post('newsletter_subscribe', { email: shopper.email }), 200);
    expectStatus(await shopper.post('privacy_request', { kind: 'access', message: 'What do you keep?' }), 200);
    return Object.assign(shopper, { orderId });
  }

  return { reviews, busyShopper };
}

/** Every row of a table, by its id or its whole content when it has none. */
export async function allRows(database: DatabaseHandle, table: string): Promise<Record<string, unknown>[]> {
  const result = await database.db.execute(sql.raw(`SELECT * FROM ${table}`));
  return (result as unknown as { rows: Record<string, unknown>[] }).rows;
}

export const expectNo = (values: unknown[], what: string) => expect(values, what).toEqual([]);
