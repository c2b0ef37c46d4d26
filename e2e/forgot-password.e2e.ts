import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openShopper, type Shopper } from './support/browser';
import { expectNoSeriousA11yViolations, snap } from './support/evidence';
import { type Mailbox, type Received, type ShopProcess, startMailbox, startShopProcess } from './support/mail-shop';
import { expectNoOverflow } from './support/shop';

const JOURNEY = 'forgot-password';
const PHONE = { width: 375, height: 812 };
const SUBJECT = 'Reset your Kapaas password';

const stamp = Date.now().toString().slice(-8);
const EMAIL = `asha.${stamp}@example.in`;
const PASSWORD = 'soft-cotton-1';
const NEW_PASSWORD = 'handloom-ikat-7';

let mailbox: Mailbox;
let shop: ShopProcess;
let shopper: Shopper;

beforeAll(async () => {
  mailbox = await startMailbox();
  shop = await startShopProcess({ SMTP_URL: mailbox.url, MAIL_FROM: 'Kapaas <orders@kapaas.example.in>' });
  shopper = await openShopper(PHONE);
});
afterAll(async () => {
  await shopper?.close();
  await shop?.close();
  await mailbox?.close();
});

async function api(endpoint: string, body: unknown) {
  const response = await fetch(`${shop.baseUrl}/api/${endpoint}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** The link of a reset message, checked to point at this shop's page. */
function linkIn(received: Received, page: string): string {
  const link = new RegExp(`${shop.baseUrl}${page}\\?token=[A-Za-z0-9_-]{43}`).exec(received.mail.text ?? '')?.[0];
  if (!link) throw new Error(`no ${page} link in: ${received.mail.text}`);
  return link;
}

describe('a shopper who forgot the password', () => {
  it('asks for a link, follows it from the e-mail, chooses a new password and logs in with it', async () => {
    const registered = await api('register', {
      name: 'Asha Verma',
      email: EMAIL,
      phone: `9${stamp.padStart(9, '3').slice(-9)}`,
      password: PASSWORD,
      password_confirmation: PASSWORD,
    });
    expect(registered.status).toBe(200);
    const { page } = shopper;

    await page.goto(`${shop.baseUrl}/Login-Page`);
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.getByRole('heading', { name: 'Forgot password' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/forgot-password');
    await page.getByLabel('E-mail').fill(EMAIL);
    await page.getByRole('button', { name: 'Send the link' }).click();
    await page.getByText('If an account uses this address, we have sent a link to reset its password.').waitFor();
    await expectNoOverflow(page);
    await expectNoSeriousA11yViolations(page);
    await snap(page, JOURNEY, 'link-sent-375');

    // The shop's own worker sends it (every 2 s) to the loopback server.
    const message = await mailbox.waitFor((m) => m.to.includes(EMAIL) && m.mail.subject === SUBJECT);
    expect(message.mail.text).toContain('The link works for 30 minutes and only once.');
    const link = linkIn(message, '/reset-password');

    await page.goto(link);
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Confirm new password', { exact: true }).fill(NEW_PASSWORD);
    await snap(page, JOURNEY, 'new-password-375');
    await page.getByRole('button', { name: 'Save the new password' }).click();
    await page.getByText('Your password was changed and you were signed out everywhere.').waitFor();
    await expectNoOverflow(page);
    await expectNoSeriousA11yViolations(page);
    await snap(page, JOURNEY, 'password-changed-375');
    expect(shopper.problems).toEqual([]);

    await page.getByRole('link', { name: 'Log in' }).click();
    await page.getByLabel('E-mail or mobile number').fill(EMAIL);
    await page.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByText('Login successful.').waitFor();
    await snap(page, JOURNEY, 'logged-in-375');
    expect((await api('login', { user_name: EMAIL, password: PASSWORD })).status).toBe(401);

    // The link worked once: opened again, it says so and offers a new one.
    await page.goto(link);
    await page.getByLabel('New password', { exact: true }).fill('another-khadi-8');
    await page.getByLabel('Confirm new password', { exact: true }).fill('another-khadi-8');
    await page.getByRole('button', { name: 'Save the new password' }).click();
    await page.getByText('This link was already used. Ask for a new one.').waitFor();
    await page.getByRole('link', { name: 'Ask for a new link' }).waitFor();
    await snap(page, JOURNEY, 'link-used-375');
  });
});

describe('an admin who forgot the password', () => {
  it('asks on the console, follows the link to the console, and logs in with the new password', async () => {
    const { page } = shopper;
    const owner = 'admin@kapaas.local';
    await page.goto(`${shop.baseUrl}/admin/login`);
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.getByRole('heading', { name: 'Forgot password' }).waitFor();
    await page.getByLabel('E-mail').fill(owner);
    await page.getByRole('button', { name: 'Send the link' }).click();
    await page.getByText('If an account uses this address, we have sent a link to reset its password.').waitFor();
    await expectNoSeriousA11yViolations(page);
    await snap(page, JOURNEY, 'console-link-sent-375');

    const message = await mailbox.waitFor((m) => m.to.includes(owner) && m.mail.subject === SUBJECT);
    await page.goto(linkIn(message, '/admin/reset-password'));
    await page.getByLabel('New password', { exact: true }).fill('block-printed-mulmul-12');
    await page.getByLabel('Confirm new password', { exact: true }).fill('block-printed-mulmul-12');
    await page.getByRole('button', { name: 'Save the new password' }).click();
    await page.getByText('Your password was changed and you were signed out everywhere.').waitFor();
    await expectNoOverflow(page);
    await expectNoSeriousA11yViolations(page);
    await snap(page, JOURNEY, 'console-password-changed-375');

    await page.getByRole('link', { name: 'Log in' }).click();
    await page.getByLabel('E-mail').fill(owner);
    await page.getByLabel('Password').fill('block-printed-mulmul-12');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
  });
});
