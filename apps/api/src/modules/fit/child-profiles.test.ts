import { CHILD_PROFILES_MAX, ChildProfileChangeAnswer, ChildProfilesAnswer, ErrorAnswer } from '@kapaas/contract';
import { childProfiles, eq } from '@kapaas/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliver, type Mailbox, startMailbox } from '../../../test/mailbox';
import { type RegisteredShopper, startTestShop, type TestShop } from '../../../test/shop';
import { shopToday } from '../../lib/shop-day';
import { expectStatus } from '../admin/admin.fixtures';

/**
 * A child's profile (issue 38, ADR 059), through the API: only with the `child_profile` consent, only the account's
 * own, validated beside each field, deleted when the consent is withdrawn or the account erased, and in the copy of
 * the shopper's data.
 */

let shop: TestShop;
let mailbox: Mailbox;

beforeAll(async () => {
  mailbox = await startMailbox();
  shop = await startTestShop({ env: { SMTP_URL: mailbox.url } });
});
afterAll(async () => {
  await shop?.close();
  await mailbox?.close();
});

/** The month `back` months before this one on India's day, as YYYY-MM (negative: ahead). */
function monthsAgo(back: number): string {
  const [year = 0, month = 0] = shopToday().split('-').map(Number);
  const index = year * 12 + (month - 1) - back;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

async function agree(user: RegisteredShopper, given = true) {
  expectStatus(await user.post('consent_update', { purpose: 'child_profile', given }), 200);
}
const rowsOf = (userId: number) =>
  shop.database.db.select().from(childProfiles).where(eq(childProfiles.userId, userId));
const listOf = async (user: RegisteredShopper) =>
  ChildProfilesAnswer.parse(expectStatus(await user.post('child_profiles', {}), 200)).children;

describe('child_profile_add', () => {
  it('is refused beside the consent box until the child_profile consent stands, and then keeps the child', async () => {
    const user = await shop.user();
    const refused = ErrorAnswer.parse(
      expectStatus(await user.post('child_profile_add', { first_name: 'Aarav', birth_month: monthsAgo(20) }), 400),
    );
    expect(refused.code).toBe('CONSENT_REQUIRED');
    expect(refused.errors?.consent?.[0]).toMatch(/only while you agree/);
    expect(await rowsOf(user.userId)).toEqual([]);

    await agree(user);
    const added = ChildProfileChangeAnswer.parse(
      expectStatus(await user.post('child_profile_add', { first_name: '  Aarav ', birth_month: monthsAgo(20) }), 200),
    );
    expect(added.message).toBe('Saved: Aarav.');
    expectStatus(await user.post('child_profile_add', { birth_month: monthsAgo(0) }), 200);
    const children = await listOf(user);
    expect(
      children.map(({ first_name, birth_month, age_months }) => ({ first_name, birth_month, age_months })),
    ).toEqual([
      { first_name: 'Aarav', birth_month: monthsAgo(20), age_months: 20 },
      { first_name: null, birth_month: monthsAgo(0), age_months: 0 },
    ]);
    // Nothing else about the child is kept: the first of the month, the name as trimmed.
    expect((await rowsOf(user.userId)).map((row) => [row.firstName, row.birthMonth])).toEqual([
      ['Aarav', `${monthsAgo(20)}-01`],
      [null, `${monthsAgo(0)}-01`],
    ]);
  });

  it('refuses beside the field a birth month in the future or over 12 years back, a long name, and a bad month', async () => {
    const user = await shop.user();
    await agree(user);
    const refusal = async (body: object, field: string) => {
      const answer = ErrorAnswer.parse(expectStatus(await user.post('child_profile_add', body), 400));
      return answer.errors?.[field]?.[0];
    };
    expect(await refusal({ birth_month: monthsAgo(-1) }, 'birth_month')).toBe(
      'The birth month cannot be in the future.',
    );
    expect(await refusal({ birth_month: monthsAgo(13 * 12) }, 'birth_month')).toMatch(/in the last 12 years/);
    expect(await refusal({ birth_month: '2025-13' }, 'birth_month')).toMatch(/YYYY-MM/);
    expect(await refusal({ first_name: 'A'.repeat(41), birth_month: monthsAgo(3) }, 'first_name')).toBe(
      'At most 40 characters.',
    );
    expect(await refusal({ first_name: 'Aarav <b>', birth_month: monthsAgo(3) }, 'first_name')).toMatch(/letters/);
    // Nothing else about a child is taken.
    expectStatus(await user.post('child_profile_add', { birth_month: monthsAgo(3), height_cm: 80 }), 400);
    expect(await rowsOf(user.userId)).toEqual([]);
    // The bounds themselves are taken: this month, and exactly 12 years back; a name of 40 in any script.
    expectStatus(await user.post('child_profile_add', { birth_month: monthsAgo(12 * 12) }), 200);
    expectStatus(await user.post('child_profile_add', { first_name: 'आरव', birth_month: monthsAgo(0) }), 200);
    expectStatus(await user.post('child_profile_add', { first_name: 'B'.repeat(40), birth_month: monthsAgo(1) }), 200);
  });

  it(`keeps at most ${CHILD_PROFILES_MAX} children`, async () => {
    const user = await shop.user();
    await agree(user);
    for (let i = 0; i < CHILD_PROFILES_MAX; i += 1)
      expectStatus(await user.post('child_profile_add', { birth_month: monthsAgo(i) }), 200);
    const refused = ErrorAnswer.parse(
      expectStatus(await user.post('child_profile_add', { birth_month: monthsAgo(9) }), 409),
    );
    expect(refused.errors?.birth_month?.[0]).toMatch(/up to 6 children/);
    expect(await rowsOf(user.userId)).toHaveLength(CHILD_PROFILES_MAX);
  });

  it('asks a visitor to log in (401) and refuses a guest (403)', async () => {
    const body = { birth_month: monthsAgo(5) };
    expect(ErrorAnswer.parse(expectStatus(await shop.visitor().post('child_profile_add', body), 401)).message).toMatch(
      /log in/,
    );
    expect(expectStatus(await shop.visitor().post('child_profiles', {}), 401).message).toMatch(/log in/);
    const guest = await shop.guest();
    expect(expectStatus(await guest.post('child_profile_add', body), 403).message).toMatch(/log in/);
    expect(expectStatus(await guest.post('child_profile_delete', { id: 1 }), 403).message).toMatch(/log in/);
  });
});

describe('child_profile_delete', () => {
  it("deletes one of mine; another shopper's child is 404 and stays", async () => {
    const [asha, ravi] = [await shop.user(), await shop.user()];
    for (const user of [asha, ravi]) {
      await agree(user);
      expectStatus(await user.post('child_profile_add', { first_name: 'Diya', birth_month: monthsAgo(8) }), 200);
    }
    const [ravisChild] = await listOf(ravi);
    const foreign = ErrorAnswer.parse(
      expectStatus(await asha.post('child_profile_delete', { id: ravisChild?.id }), 404),
    );
    expect(foreign.message).toBe('Child not found.');
    expect(await listOf(ravi)).toHaveLength(1);

    const [ashasChild] = await listOf(asha);
    const deleted = ChildProfileChangeAnswer.parse(
      expectStatus(await asha.post('child_profile_delete', { id: ashasChild?.id }), 200),
    );
    expect(deleted.children).toEqual([]);
    expectStatus(await asha.post('child_profile_delete', { id: ashasChild?.id }), 404);
  });
});

describe('the child_profile consent', () => {
  it('is listed with the other purposes, and withdrawing it deletes every child of the account', async () => {
    const user = await shop.user();
    await agree(user);
    for (const month of [monthsAgo(4), monthsAgo(30)])
      expectStatus(await user.post('child_profile_add', { birth_month: month }), 200);
    const other = await shop.user();
    await agree(other);
    expectStatus(await other.post('child_profile_add', { birth_month: monthsAgo(4) }), 200);

    await agree(user, false);
    expect(await rowsOf(user.userId)).toEqual([]);
    expect(await listOf(user)).toEqual([]);
    expect(await rowsOf(other.userId)).toHaveLength(1);
    const consents = expectStatus(await user.post('my_consents', {}), 200).consents;
    expect(consents).toContainEqual(expect.objectContaining({ purpose: 'child_profile', given: false }));
    // Given again, it keeps new children; the old ones are gone for good.
    await agree(user);
    expect(await listOf(user)).toEqual([]);
  });
});

describe("a child's profile and the shopper's rights", () => {
  it('is in the copy of their data, and deleting the account deletes it', async () => {
    const user = await shop.user();
    await agree(user);
    expectStatus(await user.post('child_profile_add', { first_name: 'Kabir', birth_month: monthsAgo(15) }), 200);

    expectStatus(await user.post('my_data_export', {}), 200);
    await deliver(shop.app, mailbox);
    const mail = mailbox.to(user.email).find((m) => m.mail.subject?.includes('your copy is ready'));
    const token = /\/api\/my_data\?token=([\w-]+)/.exec(String(mail?.mail.text))?.[1];
    const page = await shop.app.inject({
      method: 'GET',
      url: `/api/my_data?token=${token}`,
      headers: { cookie: user.cookie },
    });
    expect(page.statusCode, page.body).toBe(200);
    const base64 = /href="data:application\/json;base64,([^"]+)"/.exec(page.body)?.[1] ?? '';
    const { data } = JSON.parse(Buffer.from(base64, 'base64').toString('utf8'));
    expect(data.child_profiles).toEqual([
      expect.objectContaining({ user_id: user.userId, first_name: 'Kabir', birth_month: `${monthsAgo(15)}-01` }),
    ]);

    expectStatus(await user.post('delete_my_account', { password: user.password }), 200);
    expect(await rowsOf(user.userId)).toEqual([]);
  });
});
