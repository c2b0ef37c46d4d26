import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SANDBOX_EMAIL,
  SANDBOX_PASSWORD,
  SANDBOX_PICKUP_LOCATION,
} from '../apps/api/src/dev/shiprocket-sandbox/sandbox.constants';
import { createShiprocketClient } from '../apps/api/src/modules/shiprocket/shiprocket.client';
import { openShopper, type Shopper } from './support/browser';
import { expectNoSeriousA11yViolations, snap } from './support/evidence';

/*
 * The Shiprocket sandbox's page, as a person trying the shop uses it: a shipment booked over real HTTP with the shop's
 * own client is listed, and moving it on from the page moves it at the "courier" (and sends the shop its webhook).
 */

describe("the Shiprocket sandbox's page in a browser", () => {
  for (const viewport of [
    { width: 375, height: 800 },
    { width: 1366, height: 900 },
  ]) {
    describe(`at ${viewport.width} px`, () => {
      let person: Shopper;
      beforeAll(async () => {
        person = await openShopper(viewport);
      });
      afterAll(async () => {
        await person?.close();
      });

      it('lists a booked shipment and moves it on with the form, with no CSP violation', async () => {
        const client = createShiprocketClient({
          email: SANDBOX_EMAIL,
          password: SANDBOX_PASSWORD,
          apiBase: `${person.baseUrl}/sandbox/shiprocket/v1/external`,
        });
        const created = await client.createShipment({
          orderRef: `E2E-${randomUUID().slice(0, 12)}`,
          orderDate: new Date(),
          pickupLocation: SANDBOX_PICKUP_LOCATION,
          deliverTo: {
            name: 'Asha Rao',
            phone: '9876543210',
            email: 'asha@example.in',
            line1: '12 MG Road',
            city: 'Pune',
            state: 'Maharashtra',
            pin: '411001',
          },
          items: [{ name: 'Indigo kurta', sku: 'KUR-IND-M', units: 1, unitPricePaise: 1_299_00 }],
          paymentMethod: 'cod',
          totalPaise: 1_299_00,
          parcel: { weightGrams: 400, lengthCm: 30, breadthCm: 25, heightCm: 4 },
        });
        const { awb } = await client.assignAwb(created.shipmentId);

        const { page } = person;
        await page.goto('/sandbox/shiprocket/');
        const form = page.locator(`form[data-advance="${awb}"]`);
        await expect.poll(() => form.count()).toBe(1);
        await expectNoSeriousA11yViolations(page);
        await snap(page, 'shiprocket-sandbox', `list-${viewport.width}`);

        await form.getByLabel('Status').selectOption('picked_up');
        await Promise.all([page.waitForEvent('load'), form.getByRole('button', { name: 'Send update' }).click()]);
        await expect.poll(() => page.locator(`#awb-${awb} .status`).textContent()).toContain('PICKED UP');
        expect((await client.track(awb)).status).toBe('picked_up');

        // A move the courier would refuse is shown beside the form, and the page stays.
        await page.locator(`form[data-advance="${awb}"]`).getByLabel('Status').selectOption('rto_delivered');
        await page.locator(`form[data-advance="${awb}"]`).getByRole('button', { name: 'Send update' }).click();
        await expect
          .poll(() => page.locator(`form[data-advance="${awb}"] .error`).textContent())
          .toBe('RTO delivered needs RTO initiated first');
        await snap(page, 'shiprocket-sandbox', `refused-${viewport.width}`);
        // The refused move is the one failed request: its 409, and the browser's console line about it.
        expect(person.problems.filter((problem) => !/\/test\/advance|status of 409/.test(problem))).toEqual([]);
        expect(person.problems.some((problem) => problem.includes('CSP'))).toBe(false);
      });
    });
  }
});
