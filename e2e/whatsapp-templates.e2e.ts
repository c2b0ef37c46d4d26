import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openShopper, type Shopper } from './support/browser';
import { signInToConsole } from './support/cod-order';
import { lookAtWidths } from './support/evidence';

const JOURNEY = 'whatsapp-templates';

/*
 * The owner's WhatsApp templates (issue 36) against the built-in sandbox: the demo's approved English and Hindi
 * templates listed, a new one written with its preview, submitted, approved by the sandbox (as Meta's reviewers
 * would) and synced; and the per-kind switches in Settings. Looked at on a laptop and on a phone.
 */
describe('the owner keeps the WhatsApp templates and chooses which messages go by WhatsApp', () => {
  let owner: Shopper;
  const name = `order_paid_note_${Date.now().toString(36)}`;

  beforeAll(async () => {
    owner = await openShopper({ width: 1366, height: 900 });
  });
  afterAll(async () => {
    await owner?.close();
  });

  it('lists the templates, writes one with its preview, submits it and syncs its approval', async () => {
    const { page } = owner;
    await signInToConsole(page);
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'WhatsApp templates' }).click();
    const table = page.getByRole('table', { name: 'Templates' });
    await table.waitFor();
    const codHindi = table.getByRole('row').filter({ hasText: 'cod_order_confirmation' }).filter({ hasText: '(hi)' });
    await expect.poll(() => codHindi.getByText('Approved').count()).toBe(1);
    await lookAtWidths(page, JOURNEY, 'list', [1366, 375]);

    await page.getByRole('button', { name: 'New template' }).click();
    const form = page.getByRole('form', { name: 'Template' });
    await form.getByLabel('Name').fill(name);
    await form.getByLabel('Sent for').selectOption('order_paid');
    await form
      .getByLabel('Message', { exact: true })
      .fill('Hello {{1}}, we have received {{2}} for your order. Thank you!');
    await form.getByLabel('Example for {{1}}').fill('Priya');
    await form.getByLabel('Example for {{2}}').fill('₹1,299');
    const preview = page.getByRole('figure', { name: 'Preview on a phone' }).first();
    await expect.poll(() => preview.textContent()).toContain('Hello Priya, we have received ₹1,299 for your order.');
    await lookAtWidths(page, JOURNEY, 'editor', [1366, 375]);
    await form.getByRole('button', { name: 'Save draft' }).click();

    await page.getByRole('button', { name: `Submit ${name} (en)` }).click();
    const row = table.getByRole('row').filter({ hasText: name });
    await row.getByText('In review').waitFor();
    const approved = await page.request.post('/sandbox/whatsapp/test/approve', { data: { name } });
    expect(approved.status()).toBe(200);
    await page.getByRole('button', { name: 'Sync with Meta' }).click();
    await row.getByText('Approved').waitFor();
    await expect.poll(() => page.getByRole('status').first().textContent()).toContain('1 state changed');
    await lookAtWidths(page, JOURNEY, 'synced', [1366, 375]);
  });

  it('switches the kinds sent by WhatsApp in Settings, saying what they cost', async () => {
    const { page } = owner;
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Settings' }).click();
    const form = page.getByRole('form', { name: 'Messages on WhatsApp' });
    await form.waitFor();
    const paid = form.getByLabel('Order paid', { exact: true });
    const wasOn = await paid.isChecked();
    await paid.setChecked(!wasOn);
    await form.getByRole('button', { name: 'Save WhatsApp messages' }).click();
    await form.getByRole('status').waitFor();
    await page.reload();
    await page.getByRole('form', { name: 'Messages on WhatsApp' }).waitFor();
    expect(
      await page
        .getByRole('form', { name: 'Messages on WhatsApp' })
        .getByLabel('Order paid', { exact: true })
        .isChecked(),
    ).toBe(!wasOn);
    await lookAtWidths(page, JOURNEY, 'settings', [1366, 375]);
    // Left as the demo shop had it.
    await page
      .getByRole('form', { name: 'Messages on WhatsApp' })
      .getByLabel('Order paid', { exact: true })
      .setChecked(wasOn);
    await page
      .getByRole('form', { name: 'Messages on WhatsApp' })
      .getByRole('button', { name: 'Save WhatsApp messages' })
      .click();
  });
});
