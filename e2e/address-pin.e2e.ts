import type { Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openShopper, type Shopper } from './support/browser';
import { expectNoSeriousA11yViolations, snap } from './support/evidence';
import { addAsGuest, expectNoOverflow } from './support/shop';

const JOURNEY = 'address-pin';
const PHONE = { width: 375, height: 812 };
/** The server's refusal of an Assam PIN code in a Kerala address. */
const WRONG_STATE = 'This PIN code is in Assam, not Kerala. Please check the PIN code or the state.';

/** What a screen reader reads after a field's name: the texts its aria-describedby names, in order. */
function descriptionOf(field: Locator): Promise<string> {
  return field.evaluate((element) =>
    (element.getAttribute('aria-describedby') ?? '')
      .split(/\s+/)
      .filter(Boolean)
      .map((id) => document.getElementById(id)?.textContent?.trim() ?? '')
      .join(' '),
  );
}

describe('a shopper on a phone types a PIN code of another state than the one chosen', () => {
  let shopper: Shopper;
  beforeAll(async () => {
    shopper = await openShopper(PHONE);
  });
  afterAll(async () => {
    await shopper?.close();
  });

  it('types the PIN code first: the state becomes Assam and the city a text with its towns suggested', async () => {
    const { page } = shopper;
    await addAsGuest(page, 1);
    await page.goto('/Billing-Address-Form');
    const form = page.locator('form.address-form');
    await form.getByLabel('First name').fill('Anjali');
    await form.getByLabel('Last name').fill('Bora');
    await form.getByLabel('Address', { exact: true }).fill('House 12, Mission Chariali');
    const state = form.getByLabel('State');
    await expect.poll(() => state.locator('option').count()).toBeGreaterThan(1);
    await form.getByLabel('Pin code').fill('784001');

    await expect.poll(async () => state.locator('option:checked').textContent()).toBe('Assam');
    const city = form.getByLabel('City');
    await expect.poll(() => city.evaluate((element) => element.tagName)).toBe('INPUT');
    const suggestions = () =>
      city.evaluate((element) =>
        [...((element as HTMLInputElement).list?.options ?? [])].map((option) => option.value),
      );
    await expect.poll(suggestions).toEqual(expect.arrayContaining(['Sonitpur', 'Tezpur', 'Tezpur Bazar', 'Guwahati']));
    await form.getByText('Sonitpur, Assam').waitFor();
    await expectNoOverflow(page);
    await snap(page, JOURNEY, '1-pin-looked-up');
  });

  it('chooses Kerala instead, saves, and sees why beside the PIN code field', async () => {
    const { page } = shopper;
    const form = page.locator('form.address-form');
    await form.getByLabel('State').selectOption({ label: 'Kerala' });
    await form.getByLabel('City').fill('Tezpur Bazar');
    await form.getByLabel('Phone number').fill('9876543210');
    await form.getByLabel('E-mail').fill('anjali@example.in');
    await form.getByRole('button', { name: 'Save Address' }).click();

    const pin = form.getByLabel('Pin code');
    await expect.poll(() => pin.getAttribute('aria-invalid')).toBe('true');
    expect(await descriptionOf(pin)).toBe(`Pin code must be 6 digits ${WRONG_STATE}`);
    await form.getByText(WRONG_STATE).waitFor();
    // Nothing was saved: the form is still there, with what was typed.
    expect(page.url()).toMatch(/\/Billing-Address-Form$/);
    expect(await form.getByLabel('City').inputValue()).toBe('Tezpur Bazar');
    await expectNoOverflow(page);
    await snap(page, JOURNEY, '2-pin-refused');
    await expectNoSeriousA11yViolations(page);
  });

  it('puts the state back to Assam, saves, and finds the typed town in the address book', async () => {
    const { page } = shopper;
    const form = page.locator('form.address-form');
    await form.getByLabel('State').selectOption({ label: 'Assam' });
    await form.getByRole('button', { name: 'Save Address' }).click();
    await page.getByText('Address added successfully.').waitFor();
    await page.waitForURL(/\/Billing-Address$/, { timeout: 10_000 });
    await page.getByText('Tezpur Bazar, Assam – 784001').waitFor();
    await expectNoOverflow(page);
    await snap(page, JOURNEY, '3-saved');
    // The one refusal was the save in Kerala (the browser logs its 400 too); nothing else went wrong.
    const refusal = (problem: string) => /^400 .*\/api\/add_address$/.test(problem) || /status of 400/.test(problem);
    expect(shopper.problems.filter((problem) => !refusal(problem))).toEqual([]);
    expect(shopper.problems.filter((problem) => problem.startsWith('400 '))).toHaveLength(1);
  });
});
