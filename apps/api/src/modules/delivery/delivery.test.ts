import { AdminSettingsAnswer, DeliveryCheckAnswer } from '@kapaas/contract';
import { eq, shippingZones, shopSettings } from '@kapaas/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../../../test/shop';
import { adminFixtures, expectStatus } from '../admin/admin.fixtures';
import { checkDelivery } from './delivery.service';

let shop: TestShop;
beforeAll(async () => {
  shop = await startTestShop();
});
afterAll(async () => {
  await shop.close();
});
const db = () => shop.database.db;

/** Thursday 26 November 2026, 11:00 in India: before the 14:00 cut-off. */
const THURSDAY_MORNING = new Date('2026-11-26T05:30:00Z');
/** The same Thursday at 15:00 in India: after it. */
const THURSDAY_AFTERNOON = new Date('2026-11-26T09:30:00Z');

const admin = adminFixtures(() => shop);

describe('the delivery and cash-on-delivery settings', () => {
  it('are read and changed through the settings, the cut-off moving the delivery date; bad values change nothing', async () => {
    const owner = await admin.owner();
    const before = AdminSettingsAnswer.parse(expectStatus(await owner.get('/settings'), 200)).data;
    expect(before).toMatchObject({
      dispatch_cutoff: '14:00',
      cod_enabled: false,
      cod_fee: 49,
      cod_confirm_above: null,
    });
    const changed = await owner.patch('/settings', {
      dispatch_cutoff: '10:30',
      cod_min_order: 299,
      cod_max_order: 5000,
      cod_fee: 39,
      cod_excluded_pins: ['744', '194101', '744'],
      cod_confirm_above: 3000,
    });
    const after = AdminSettingsAnswer.parse(expectStatus(changed, 200)).data;
    expect(after).toMatchObject({
      dispatch_cutoff: '10:30',
      cod_excluded_pins: ['194101', '744'],
      cod_confirm_above: 3000,
    });
    expect(expectStatus(await owner.patch('/settings', { cod_enabled: true }), 200).data.cod_enabled).toBe(true);
    // 11:00 in India is now after the cut-off: Pune's parcel leaves on Friday.
    expect((await checkDelivery(db(), { pinCode: '411004' }, THURSDAY_MORNING)).delivery_by).toBe('2026-12-02');
    expect((await checkDelivery(db(), { pinCode: '744101' }, THURSDAY_MORNING)).cod_available).toBe(false);
    expect(expectStatus(await owner.patch('/settings', { cod_min_order: 6000 }), 400).errors).toHaveProperty(
      'cod_max_order',
    );
    expect(expectStatus(await owner.patch('/settings', { dispatch_cutoff: '25:00' }), 400).errors).toHaveProperty(
      'dispatch_cutoff',
    );
    expect(expectStatus(await owner.patch('/settings', { cod_excluded_pins: ['0123'] }), 400).errors).toBeDefined();
    expect(AdminSettingsAnswer.parse(expectStatus(await owner.get('/settings'), 200)).data).toEqual({
      ...after,
      cod_enabled: true,
      updated_at: expect.any(String),
    });
    const { updated_at: _u, gst_state_name: _n, ...restore } = before;
    expectStatus(await owner.patch('/settings', restore), 200);
  });
});

describe('the shipping zones in the console', () => {
  it('lists the four zones; the owner changes one, and delivery_check follows; staff may not', async () => {
    const owner = await admin.owner();
    const zones = expectStatus(await owner.get('/shipping_zones'), 200).data as { zone: string; max_days: number }[];
    expect(zones.map((z) => z.zone)).toEqual(['local', 'metro', 'rest', 'remote']);
    expect(zones[0]).toMatchObject({
      label: 'Within your state',
      charge: 49,
      free_above: 999,
      min_days: 1,
      max_days: 3,
    });
    const slower = expectStatus(await owner.patch('/shipping_zones/local', { max_days: 5, free_above: null }), 200);
    expect(slower.data).toMatchObject({ max_days: 5, free_above: null });
    expect((await checkDelivery(db(), { pinCode: '411004' }, THURSDAY_MORNING)).delivery_by).toBe('2026-12-03');
    expect(expectStatus(await owner.patch('/shipping_zones/local', { min_days: 6 }), 400).errors).toHaveProperty(
      'max_days',
    );
    expect((await owner.patch('/shipping_zones/mars', { active: false })).statusCode).toBe(400);
    // A body that changes nothing is no error: the zone answers as it is (the fuzz test found a 500 here).
    const unchanged = expectStatus(await owner.patch('/shipping_zones/remote', {}), 200).data;
    expect(unchanged).toEqual(zones.find((zone) => zone.zone === 'remote'));
    const staff = await admin.staff(owner);
    expect((await staff.patch('/shipping_zones/local', { active: false })).statusCode).toBe(403);
    expectStatus(await owner.patch('/shipping_zones/local', { max_days: 3, free_above: 999 }), 200);
    expect((await admin.lastAudit(owner, 'shipping_zones', 1))?.action).toBe('update');
  });
});

describe('delivery_check', () => {
  it('answers a real PIN code with its zone, the delivery date and whether COD is offered', async () => {
    const response = await shop.post('delivery_check', { pin_code: '784001' });
    const answer = DeliveryCheckAnswer.parse(expectStatus(response, 200));
    expect(answer).toMatchObject({ state_name: 'Assam', zone: 'remote', serviceable: true, cod_available: false });
    expect(answer.message).toMatch(/^Delivery by (Mon|Tue|Wed|Thu|Fri), \d{1,2} [A-Z][a-z]{2}\.$/);
  });

  it('counts working days from the dispatch day, with the cut-off, in India’s time', async () => {
    // The demo shop is in Maharashtra: Pune is local, 1–3 working days; Assam remote, 5–9.
    const pune = await checkDelivery(db(), { pinCode: '411004' }, THURSDAY_MORNING);
    expect(pune).toMatchObject({ zone: 'local', delivery_by: '2026-12-01', message: 'Delivery by Tue, 1 Dec.' });
    const later = await checkDelivery(db(), { pinCode: '411004' }, THURSDAY_AFTERNOON);
    expect(later.delivery_by).toBe('2026-12-02');
    expect((await checkDelivery(db(), { pinCode: '784001' }, THURSDAY_MORNING)).delivery_by).toBe('2026-12-09');
    expect((await checkDelivery(db(), { pinCode: '110001' }, THURSDAY_MORNING)).zone).toBe('metro');
    expect((await checkDelivery(db(), { pinCode: '682017' }, THURSDAY_MORNING)).zone).toBe('rest');
  });

  it('says when a zone is not delivered to, and offers COD only where it is on and not excluded', async () => {
    await db().update(shippingZones).set({ active: false }).where(eq(shippingZones.zone, 'remote'));
    await db()
      .update(shopSettings)
      .set({ codEnabled: true, codExcludedPins: ['4110'] })
      .where(eq(shopSettings.id, 1));
    try {
      const assam = await checkDelivery(db(), { pinCode: '784001' }, THURSDAY_MORNING);
      expect(assam).toMatchObject({ serviceable: false, delivery_by: null, cod_available: false });
      expect(assam.message).toBe('We do not deliver to this PIN code yet.');
      expect((await checkDelivery(db(), { pinCode: '411004' }, THURSDAY_MORNING)).cod_available).toBe(false);
      const mumbai = await checkDelivery(db(), { pinCode: '400001' }, THURSDAY_MORNING);
      expect(mumbai).toMatchObject({
        cod_available: true,
        message: 'Delivery by Tue, 1 Dec. Cash on delivery available.',
      });
    } finally {
      await db().update(shippingZones).set({ active: true }).where(eq(shippingZones.zone, 'remote'));
      await db().update(shopSettings).set({ codEnabled: false, codExcludedPins: [] }).where(eq(shopSettings.id, 1));
    }
  });

  it('refuses a PIN code India Post does not know beside the field, and an unknown product with 404', async () => {
    const unknown = expectStatus(await shop.post('delivery_check', { pin_code: '999999' }), 400);
    expect(unknown.errors?.pin_code?.[0]).toBe('We could not find this PIN code. Please check it.');
    const malformed = expectStatus(await shop.post('delivery_check', { pin_code: '12345' }), 400);
    expect(malformed.errors?.pin_code).toBeDefined();
    expect((await shop.post('delivery_check', { pin_code: '110001', product_id: 999999 })).statusCode).toBe(404);
    expect((await shop.post('delivery_check', { pin_code: '110001', product_id: 1 })).statusCode).toBe(200);
  });
});
