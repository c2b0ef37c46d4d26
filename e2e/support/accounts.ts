import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** A new shopper's account, made through the API the register form calls (the journeys that test the form use it). */
export async function registerAccount(page: Page, name: string, email: string, phone: string, password: string) {
  const answer = await page.request.post('/api/register', {
    data: { name, email, phone, password, password_confirmation: password },
  });
  expect(answer.status(), await answer.text()).toBe(200);
}

/** Logs in through the login page and waits for the home page's greeting. */
export async function logIn(page: Page, email: string, password: string, name: string) {
  await page.goto('/Login-Page');
  await page.getByLabel('E-mail or mobile number').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await page.getByRole('link', { name: `Welcome ${name}` }).waitFor();
}
