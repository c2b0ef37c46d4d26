import { CONSENT_PURPOSE_VALUES } from '@kapaas/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../../../test/shop';
import { consentStands, consentsOf, recordConsents } from '.';

let shop: TestShop;
beforeAll(async () => {
  shop = await startTestShop();
});
afterAll(async () => {
  await shop?.close();
});

/** One thing a person says: give or withdraw a purpose, through the account or through its address. */
const said = fc.record({
  purpose: fc.constantFrom(...CONSENT_PURPOSE_VALUES),
  given: fc.boolean(),
  by: fc.constantFrom('account', 'address', 'address in capitals'),
  source: fc.constantFrom('profile', 'message_footer', 'checkout', 'newsletter') as fc.Arbitrary<
    'profile' | 'message_footer' | 'checkout' | 'newsletter'
  >,
});

describe('the consent ledger', () => {
  it('lets the latest word stand, for each purpose, whether it was said by the account or by its address', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(said, { maxLength: 8 }), async (sayings) => {
        const user = await shop.user();
        for (const saying of sayings) {
          const person =
            saying.by === 'account'
              ? { userId: user.userId }
              : { email: saying.by === 'address' ? user.email : user.email.toUpperCase() };
          const { purpose, given, source } = saying;
          await recordConsents(shop.database.db, [{ person, purpose, given, source }]);
        }
        const listed = await consentsOf(shop.database.db, { userId: user.userId });
        for (const purpose of CONSENT_PURPOSE_VALUES) {
          const last = sayings.filter((s) => s.purpose === purpose).at(-1);
          const expected = last?.given ?? false;
          expect(await consentStands(shop.database.db, { email: user.email }, purpose)).toBe(expected);
          expect(await consentStands(shop.database.db, { userId: user.userId }, purpose)).toBe(expected);
          expect(listed.find((c) => c.purpose === purpose)?.given).toBe(expected);
        }
      }),
      { numRuns: 20 },
    );
  });
});
