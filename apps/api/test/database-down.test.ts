import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminFixtures, OWNER } from '../src/modules/admin/admin.fixtures';
import { startTestShop, type TestShop } from './shop';

let shop: TestShop;
const admin = adminFixtures(() => shop);

beforeAll(async () => {
  shop = await startTestShop();
});
afterAll(async () => {
  // The database is already closed by the test.
  await shop.close().catch(() => undefined);
});

/** The database goes away under a running shop: the calls that need it say "try again", not "broken". */
describe('while the database is unreachable', () => {
  it('answers customer and admin calls 503 with Retry-After', async () => {
    const owner = await admin.owner();
    const guest = await shop.guest();
    expect((await guest.post('cart_list')).statusCode).toBe(200);

    // A real fault: the database itself is closed (on PostgreSQL, the pool is ended).
    await shop.database.close();

    const answers = {
      cart: await guest.post('cart_list'),
      states: await shop.post('state_list'),
      login: await admin.client().post('/login', { email: OWNER.email, password: OWNER.password }),
      orders: await owner.get('/orders'),
      health: await shop.app.inject({ method: 'GET', url: '/healthz' }),
    };
    for (const [call, response] of Object.entries(answers)) {
      expect({ call, status: response.statusCode }).toEqual({ call, status: 503 });
      if (call === 'health') continue;
      expect(response.headers['retry-after'], call).toMatch(/^\d+$/);
      expect(response.json(), call).toMatchObject({ success: false, code: 'UNAVAILABLE' });
    }
  });
});
