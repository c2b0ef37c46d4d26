import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../../../test/shop';
import { CourierError } from '../../modules/shiprocket/courier';
import { createShiprocketClient } from '../../modules/shiprocket/shiprocket.client';
import {
  API_PREFIX,
  SANDBOX_EMAIL,
  SANDBOX_PASSWORD,
  SANDBOX_PICKUP_LOCATION,
  SANDBOX_PICKUP_PIN,
  SANDBOX_PREFIX,
} from './sandbox.constants';

/*
 * The sandbox as a person and as another process see it: the page (no inline script or style), the client over real
 * HTTP with the global fetch, a shop configured with a Shiprocket API user (no sandbox loaded), and bad input on every
 * sandbox route answered with a 4xx, never a 5xx.
 */

let shop: TestShop;
let base: string;

beforeAll(async () => {
  shop = await startTestShop();
  const address = await shop.app.listen({ host: '127.0.0.1', port: 0 });
  base = `${address}${SANDBOX_PREFIX}`;
});
afterAll(async () => {
  await shop.close();
});

/** A client as a shop with SHIPROCKET_API_BASE pointing here would make: the global fetch, over the network. */
const overHttp = () =>
  createShiprocketClient({ email: SANDBOX_EMAIL, password: SANDBOX_PASSWORD, apiBase: `${base}${API_PREFIX}` });

async function bookOverHttp(orderRef: string) {
  const client = overHttp();
  const created = await client.createShipment({
    orderRef,
    orderDate: new Date(),
    pickupLocation: SANDBOX_PICKUP_LOCATION,
    deliverTo: {
      name: 'Meera <b>Iyer</b>',
      phone: '9988776655',
      email: 'meera@example.in',
      line1: '7 Anna Salai',
      city: 'Chennai',
      state: 'Tamil Nadu',
      pin: '600002',
    },
    items: [{ name: 'Handloom saree', sku: 'SAR-HL-1', units: 1, unitPricePaise: 4_200_00 }],
    paymentMethod: 'cod',
    totalPaise: 4_200_00,
    parcel: { weightGrams: 800, lengthCm: 35, breadthCm: 28, heightCm: 6 },
  });
  const assigned = await client.assignAwb(created.shipmentId);
  return { client, ...created, ...assigned };
}

describe('the client over HTTP', () => {
  it('books, labels and tracks with the global fetch against a listening sandbox', async () => {
    const { client, awb, shipmentId } = await bookOverHttp(`KP-HTTP-${Date.now()}`);
    await client.requestPickup(shipmentId);
    const { url } = await client.label([shipmentId]);
    // Label links are absolute, on the shop's public address (PUBLIC_URL, else HOST:PORT), as Shiprocket's are.
    expect(url).toBe(`http://127.0.0.1:3000${SANDBOX_PREFIX}/labels/${shipmentId}.pdf`);
    const served = await fetch(`${base}/labels/${shipmentId}.pdf`);
    expect(served.headers.get('content-type')).toBe('application/pdf');
    expect(
      Buffer.from(await served.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    expect((await client.track(awb)).status).toBe('pickup_scheduled');
  });
});

describe('a shop with a Shiprocket API user', () => {
  it('loads no sandbox and talks to SHIPROCKET_API_BASE with the configured user and webhook token', async () => {
    const real = await startTestShop({
      env: {
        SHIPROCKET_EMAIL: SANDBOX_EMAIL,
        SHIPROCKET_PASSWORD: SANDBOX_PASSWORD,
        SHIPROCKET_API_BASE: `${base}${API_PREFIX}`,
        SHIPROCKET_WEBHOOK_TOKEN: 'panel-token-0123456789',
        SHIPROCKET_PICKUP_LOCATION: SANDBOX_PICKUP_LOCATION,
        SHIPROCKET_PICKUP_PIN: '560001',
      },
    });
    try {
      expect(real.app.courier).toMatchObject({
        sandbox: false,
        webhookToken: 'panel-token-0123456789',
        pickupLocation: SANDBOX_PICKUP_LOCATION,
        pickupPin: '560001',
        apiBase: `${base}${API_PREFIX}`,
      });
      expect(real.app.courierSandbox).toBeUndefined();
      expect((await real.app.inject({ method: 'GET', url: `${SANDBOX_PREFIX}/` })).statusCode).toBe(404);
      const answer = await real.app.courier.client.serviceability({
        pickupPin: '560001',
        deliveryPin: '411001',
        weightGrams: 500,
        cod: true,
      });
      expect(answer.options).toHaveLength(3);
    } finally {
      await real.close();
    }
  });
});

describe('a production shop', () => {
  const production = {
    NODE_ENV: 'production',
    ADMIN_EMAIL: 'owner@kapaas.in',
    ADMIN_PASSWORD: 'a-long-owner-passphrase-for-tests',
    SESSION_SECRET: 'a-production-session-secret-of-forty-characters',
    ALLOW_SANDBOX_PAYMENTS: 'true',
  };

  it('without a Shiprocket API user has no courier: no sandbox routes, and every call says what to set', async () => {
    const live = await startTestShop({ env: production });
    try {
      expect(live.app.courier).toMatchObject({ configured: false, sandbox: false, webhookToken: undefined });
      expect(live.app.courierSandbox).toBeUndefined();
      const advance = await live.app.inject({
        method: 'POST',
        url: `${SANDBOX_PREFIX}/test/advance`,
        payload: { awb: '1', status: 'delivered' },
      });
      expect(advance.statusCode).toBe(404);
      const error = await live.app.courier.client
        .serviceability({ pickupPin: '110001', deliveryPin: '411001', weightGrams: 500, cod: true })
        .then(
          () => undefined,
          (failure: unknown) => failure,
        );
      expect(error).toBeInstanceOf(CourierError);
      expect(error).toMatchObject({ code: 'NOT_CONFIGURED', retriable: false });
      expect((error as Error).message).toContain('set SHIPROCKET_EMAIL and SHIPROCKET_PASSWORD');
    } finally {
      await live.close();
    }
  });

  it('ships through the sandbox when ALLOW_SANDBOX_SHIPPING says it is a demo shop', async () => {
    const demo = await startTestShop({ env: { ...production, ALLOW_SANDBOX_SHIPPING: 'true' } });
    try {
      expect(demo.app.courier).toMatchObject({ configured: true, sandbox: true });
      expect((await demo.app.inject({ method: 'GET', url: `${SANDBOX_PREFIX}/` })).statusCode).toBe(200);
    } finally {
      await demo.close();
    }
  });
});

describe("the sandbox's page", () => {
  it('lists the shipments with a form to move each on, escapes what the shop sent, and has no inline script or style', async () => {
    const orderRef = `KP-<img src=x>-${Date.now()}`;
    const { awb, shipmentId } = await bookOverHttp(orderRef);
    const page = await shop.app.inject({ method: 'GET', url: `${SANDBOX_PREFIX}/` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    const html = page.body;
    expect(html).toContain(`<form data-advance="${awb}"`);
    expect(html).toContain(`href="${SANDBOX_PREFIX}/labels/${shipmentId}.pdf"`);
    expect(html).toContain('KP-&#60;img src=x&#62;');
    expect(html).not.toContain('<img src=x>');
    expect(html).toContain('Meera &#60;b&#62;Iyer&#60;/b&#62;');
    expect(html).not.toMatch(/<style|style="|<script>|\son[a-z]+="/i);
    expect(html).toContain(`<script src="${SANDBOX_PREFIX}/page.js" defer></script>`);
    const policy = String(page.headers['content-security-policy']);
    expect(policy).toContain("script-src 'self'");

    const script = await shop.app.inject({ method: 'GET', url: `${SANDBOX_PREFIX}/page.js` });
    expect(script.headers['content-type']).toBe('application/javascript; charset=utf-8');
    expect(script.body).toContain(`${SANDBOX_PREFIX}/test/advance`);
    const style = await shop.app.inject({ method: 'GET', url: `${SANDBOX_PREFIX}/page.css` });
    expect(style.headers['content-type']).toBe('text/css; charset=utf-8');
  });

  it('answers 404 for a label of no shipment, and for a malformed label address', async () => {
    for (const path of ['labels/1.pdf', 'labels/abc.pdf', 'labels/700000001-.pdf']) {
      const response = await shop.app.inject({ method: 'GET', url: `${SANDBOX_PREFIX}/${path}` });
      expect(response.statusCode, path).toBe(404);
    }
  });
});

describe('bad input to the sandbox', () => {
  it("is answered below 500 on every route, in Shiprocket's error shape", async () => {
    const token = (
      await shop.app.inject({
        method: 'POST',
        url: `${SANDBOX_PREFIX}${API_PREFIX}/auth/login`,
        payload: { email: SANDBOX_EMAIL, password: SANDBOX_PASSWORD },
      })
    ).json().token as string;
    const routes = [
      ['POST', '/auth/login'],
      ['POST', '/orders/create/adhoc'],
      ['POST', '/orders/create/return'],
      ['POST', '/courier/assign/awb'],
      ['POST', '/courier/generate/pickup'],
      ['POST', '/courier/generate/label'],
      ['POST', '/ndr/123/action'],
      ['POST', 'test/advance'],
      ['POST', 'test/release'],
    ] as const;
    const value = fc.oneof(
      fc.string(),
      fc.integer(),
      fc.double(),
      fc.boolean(),
      fc.constant(null),
      fc.array(fc.integer({ min: -2, max: 800_000_000 })),
      fc.constantFrom('700000001', 700_000_001, [700_000_001], 'picked_up', 'delivered', '110001', 'COD'),
    );
    const keys = fc.constantFrom(
      'shipment_id',
      'courier_id',
      'order_id',
      'awb',
      'status',
      'repeat',
      'hold',
      'action',
      'comments',
      'email',
      'password',
      'weight',
      'order_items',
      'pickup_location',
      'order',
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...routes), fc.dictionary(keys, value), async ([method, path], body) => {
        const url = path.startsWith('/') ? `${SANDBOX_PREFIX}${API_PREFIX}${path}` : `${SANDBOX_PREFIX}/${path}`;
        const response = await shop.app.inject({
          method,
          url,
          payload: body,
          headers: { authorization: `Bearer ${token}` },
        });
        expect(response.statusCode, `${path} ${JSON.stringify(body)} → ${response.body}`).toBeLessThan(500);
        if (response.statusCode >= 400) expect(response.json()).toHaveProperty('message');
      }),
      { numRuns: 300, seed: 20_261_128 },
    );
    const query = await shop.app.inject({
      method: 'GET',
      url: `${SANDBOX_PREFIX}${API_PREFIX}/courier/serviceability/?pickup_postcode=${SANDBOX_PICKUP_PIN}&weight=-1&cod=maybe`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(query.statusCode).toBe(422);
    expect(Object.keys(query.json().errors)).toEqual(['delivery_postcode', 'weight', 'cod']);
  });

  it('gives the client a CourierError for a refused NDR action body, not a crash', async () => {
    const error = await overHttp()
      .ndrAction('unknown-awb', { action: 'return' })
      .then(
        () => undefined,
        (failure: unknown) => failure,
      );
    expect(error).toBeInstanceOf(CourierError);
    expect(error).toMatchObject({ code: 'NOT_FOUND', message: 'Invalid AWB' });
  });
});
