import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtStorefront, startTestShop, type TestShop } from '../../../test/shop';
import { adminFixtures, expectStatus } from '../admin/admin.fixtures';

// The privacy notice as the server renders it (the real build): /privacy and the spec's /privacy-policy show the
// version in force in the first HTML, with the grievance officer, and a version the owner publishes at once.

let shop: TestShop;
const admin = adminFixtures(() => shop);
beforeAll(async () => {
  shop = await startTestShop({ storefrontDist: builtStorefront() });
});
afterAll(async () => {
  await shop?.close();
});

const get = (url: string) => shop.app.inject({ method: 'GET', url });

describe('the privacy notice, rendered on the server', () => {
  it('serves the default notice at /privacy and /privacy-policy, itemised, with /privacy its canonical address', async () => {
    for (const url of ['/privacy', '/privacy-policy']) {
      const page = await get(url);
      expect(page.statusCode, url).toBe(200);
      expect(page.body).toContain('Privacy Notice</h1>');
      expect(page.body).toContain('Version 3, published');
      expect(page.body).toContain('<h2>What we count, without knowing who you are</h2>');
      expect(page.body).toContain('<h2>Your children&#x27;s sizes</h2>');
      expect(page.body).toContain('<h2>What we collect, and why</h2>');
      expect(page.body).toContain('<h2>How to complain</h2>');
      expect(page.body).toContain('no third-party trackers and no advertising pixels');
      expect(page.body).toMatch(/<link rel="canonical" href="[^"]*\/privacy"/);
    }
    expect((await get('/')).body).toMatch(/<a[^>]*href="\/privacy"[^>]*>Privacy Notice<\/a>/);
  });

  it('serves the version the owner publishes, and the grievance officer of the settings', async () => {
    const owner = await admin.owner();
    expectStatus(
      await owner.patch('/settings', {
        grievance_officer_name: 'Anita Borah',
        grievance_officer_email: 'grievance@kapaas.in',
      }),
      200,
    );
    expectStatus(await owner.post('/privacy-notice', { body: '## Who we are\n\nKapaas, a **small** shop.' }), 200);
    const page = await get('/privacy');
    expect(page.body).toContain('Version 4, published');
    expect(page.body).toContain('<h2>Who we are</h2>');
    expect(page.body).toContain('<strong>small</strong>');
    expect(page.body).toContain('Anita Borah');
    expect(page.body).toContain('href="mailto:grievance@kapaas.in"');
  });
});
