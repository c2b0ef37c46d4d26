import { eq, guests, inArray, orders, privacyRequests, sessions, users } from '@kapaas/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliver, type Mailbox, startMailbox } from '../../../test/mailbox';
import { startTestShop, type TestShop } from '../../../test/shop';
import { checkoutFixtures, KOCHI } from '../checkout/checkout.fixtures';
import { unsubscribeUrl } from '../mail';
import { type AdminClient, adminFixtures, expectStatus, OWNER } from './admin.fixtures';

let shop: TestShop;
let mailbox: Mailbox;
let owner: AdminClient;
let staff: AdminClient;
const admins = adminFixtures(() => shop);
const checkout = checkoutFixtures(() => shop);

beforeAll(async () => {
  mailbox = await startMailbox();
  shop = await startTestShop({
    env: { PUBLIC_URL: 'https://kapaas.example.in', MAIL_FROM: 'Kapaas <orders@kapaas.example.in>' },
  });
  owner = await admins.owner();
  staff = await admins.staff(owner);
});
afterAll(async () => {
  await shop?.close();
  await mailbox?.close();
});

/** A logged-in shopper's request, which counts at once; answers its id. */
async function requestFrom(kind: string, message: string) {
  const shopper = await shop.user();
  expectStatus(await shopper.post('privacy_request', { kind, message }), 200);
  const [row] = await shop.database.db.select().from(privacyRequests).where(eq(privacyRequests.email, shopper.email));
  if (!row) throw new Error('the request was not stored');
  return { id: row.id, shopper };
}

describe('GET /admin/api/privacy-requests', () => {
  it('lists confirmed requests soonest due first with due_at, the overdue ones marked; unconfirmed ones not at all', async () => {
    const later = await requestFrom('access', 'What do you keep about me?');
    const sooner = await requestFrom('grievance', 'My refund is late.');
    // The second was filed long ago: its 90 days are over.
    const past = new Date(Date.now() - 100 * 86_400_000);
    await shop.database.db
      .update(privacyRequests)
      .set({ createdAt: past, confirmedAt: past, dueAt: new Date(past.getTime() + 90 * 86_400_000) })
      .where(eq(privacyRequests.id, sooner.id));
    expectStatus(
      await shop.post('privacy_request', { kind: 'erasure', message: 'x', email: 'unconfirmed@example.in' }),
      200,
    );

    const list = expectStatus(await owner.get('/privacy-requests'), 200);
    const ids = list.data.map((row: { id: number }) => row.id);
    expect(ids.indexOf(sooner.id)).toBeLessThan(ids.indexOf(later.id));
    expect(list.data.map((row: { email: string }) => row.email)).not.toContain('unconfirmed@example.in');
    const first = list.data.find((row: { id: number }) => row.id === sooner.id);
    expect(first).toMatchObject({ kind: 'grievance', status: 'open', overdue: true, email: sooner.shopper.email });
    const second = list.data.find((row: { id: number }) => row.id === later.id);
    expect(second.overdue).toBe(false);
    expect(Date.parse(second.due_at) - Date.parse(second.confirmed_at)).toBe(90 * 86_400_000);
  });

  it('is for owners only: staff get 403 on the list, a request and its answer', async () => {
    const { id } = await requestFrom('correction', 'My phone number changed.');
    expect((await staff.get('/privacy-requests')).statusCode).toBe(403);
    expect((await staff.get(`/privacy-requests/${id}`)).statusCode).toBe(403);
    const answer = await staff.post(`/privacy-requests/${id}/answer`, {
      outcome: 'answered',
      answer: 'Done, thank you.',
    });
    expect(answer.statusCode).toBe(403);
    expect((await admins.client().get('/privacy-requests')).statusCode).toBe(401);
    const audit = await staff.get('/audit-log', { resource: 'privacy_requests' });
    expect(audit.statusCode).toBe(403);
  });
});

describe('answering a request', () => {
  it('starts it, answers it once, mails the answer to the requester, and keeps the trail of who did what when', async () => {
    const { id, shopper } = await requestFrom('access', 'Please send me my data.');
    const started = expectStatus(await owner.post(`/privacy-requests/${id}/start`), 200);
    expect(started.data.status).toBe('in_progress');

    const short = await owner.post(`/privacy-requests/${id}/answer`, { outcome: 'answered', answer: 'ok' });
    expect(short.statusCode).toBe(400);
    expect(short.json().errors.answer).toEqual(['Write the answer the person will receive (at least 10 characters).']);

    const text = 'We attach a summary of your profile, addresses and orders.';
    const answered = expectStatus(
      await owner.post(`/privacy-requests/${id}/answer`, { outcome: 'answered', answer: text }),
      200,
    );
    expect(answered.data).toMatchObject({ status: 'answered', answer: text, answered_at: expect.any(String) });
    expect(answered.data.trail.map((step: { who: string; action: string }) => [step.who, step.action])).toEqual([
      [`${shopper.email} (account ${shopper.userId})`, 'asked (access)'],
      [OWNER.email, 'start'],
      [OWNER.email, 'answered'],
    ]);

    await deliver(shop.app, mailbox);
    const [mail] = mailbox.to(shopper.email).filter((m) => m.mail.subject === 'Our answer to your privacy request');
    expect(mail?.mail.text).toContain(text);

    const again = await owner.post(`/privacy-requests/${id}/answer`, {
      outcome: 'rejected',
      answer: 'Changed my mind.',
    });
    expect(again.statusCode).toBe(409);
    expect((await owner.post(`/privacy-requests/${id}/start`)).statusCode).toBe(409);
  });

  it("shows a guest's confirmation in the trail, and answers 404 for an unconfirmed or unknown request", async () => {
    const ask = (email: string) => shop.post('privacy_request', { kind: 'erasure', message: 'Erase me', email });
    expectStatus(await ask('g1@example.in'), 200);
    expectStatus(await ask('g2@example.in'), 200);
    await deliver(shop.app, mailbox);
    const link = /privacy-request\/confirm\?token=([\w-]+)/.exec(mailbox.to('g1@example.in').at(-1)?.mail.text ?? '');
    expectStatus(await shop.post('privacy_request_confirm', { token: link?.[1] }), 200);
    const rowOf = async (email: string) =>
      (await shop.database.db.select().from(privacyRequests).where(eq(privacyRequests.email, email)))[0];

    const confirmed = expectStatus(await owner.get(`/privacy-requests/${(await rowOf('g1@example.in'))?.id}`), 200);
    expect(confirmed.data.user_id).toBeNull();
    expect(confirmed.data.trail.map((step: { who: string; action: string }) => [step.who, step.action])).toEqual([
      ['g1@example.in (guest)', 'asked (erasure)'],
      ['g1@example.in (guest)', 'confirmed by e-mail'],
    ]);
    expect((await owner.get(`/privacy-requests/${(await rowOf('g2@example.in'))?.id}`)).statusCode).toBe(404);
    expect((await owner.get('/privacy-requests/999999')).statusCode).toBe(404);
  });
});

describe('a request of a person who erased their account', () => {
  it('names them as erased, not as a guest at erased@invalid who confirmed by e-mail', async () => {
    const { id, shopper } = await requestFrom('erasure', 'Please delete everything.');
    expectStatus(await shopper.post('delete_my_account', { password: shopper.password }), 200);
    const page = expectStatus(await owner.get(`/privacy-requests/${id}`), 200);
    expect(page.data.trail.map((step: { who: string; action: string }) => [step.who, step.action])).toEqual([
      ['the person (account erased)', 'asked (erasure)'],
    ]);
  });
});

describe('the breach drill', () => {
  async function recorded() {
    const body = { title: 'Exported customer list lost', what_happened: 'A laptop with a customer export was stolen.' };
    const created = expectStatus(await owner.post('/breaches', body), 200);
    return created.data as { id: number; recorded_at: string; report_due_at: string };
  }

  it('records a breach with the Board report due 72 hours after it was recorded; staff may not', async () => {
    const breach = await recorded();
    expect(Date.parse(breach.report_due_at) - Date.parse(breach.recorded_at)).toBe(72 * 3_600_000);
    expect((await staff.post('/breaches', { title: 'x', what_happened: 'y' })).statusCode).toBe(403);
    expect((await staff.get(`/breaches/${breach.id}`)).statusCode).toBe(403);
    const bad = await owner.post('/breaches', { title: '', what_happened: 'short' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['title', 'what_happened']);
  });

  it('names the grievance officer of Settings as the notice template’s contact, or none while Settings names none', async () => {
    const breach = await recorded();
    expectStatus(await owner.patch('/settings', { grievance_officer_name: '', grievance_officer_email: '' }), 200);
    expect(expectStatus(await owner.get(`/breaches/${breach.id}`), 200).data.contact).toBeNull();
    const officer = { grievance_officer_name: 'Meera Iyer', grievance_officer_email: 'privacy@kapaas.example.in' };
    expectStatus(await owner.patch('/settings', officer), 200);
    expect(expectStatus(await owner.get(`/breaches/${breach.id}`), 200).data.contact).toBe(
      'Meera Iyer <privacy@kapaas.example.in>',
    );
  });

  it('finds the people active in a time window: accounts, their sessions, and guests through their orders', async () => {
    const inside = await shop.user();
    const outside = await shop.user();
    const item = await checkout.stockedItem(5);
    const { shopper: guest, addressId } = await checkout.readyGuest(item, 1, {
      ...KOCHI,
      email: 'guest-buyer@example.in',
    });
    const order = await checkout.placed(guest, addressId, item);
    const db = shop.database.db;
    const then = new Date('2020-03-01T10:00:00Z');
    await db.update(users).set({ createdAt: then }).where(eq(users.id, inside.userId));
    await db.update(sessions).set({ createdAt: then, lastSeenAt: then }).where(eq(sessions.userId, inside.userId));
    const guestId = (guest as { guestId: number }).guestId;
    await db.update(guests).set({ createdAt: then, lastSeenAt: then }).where(eq(guests.id, guestId));
    await db.update(sessions).set({ createdAt: then, lastSeenAt: then }).where(eq(sessions.guestId, guestId));
    await db
      .update(orders)
      .set({ createdAt: then })
      .where(inArray(orders.id, [order.order_id]));

    const breach = await recorded();
    const audience = { by: 'window', from: '2020-02-29T00:00:00Z', to: '2020-03-02T00:00:00Z' };
    const preview = expectStatus(await owner.post(`/breaches/${breach.id}/preview`, { audience }), 200);
    expect(preview.sample).toEqual(['guest-buyer@example.in', inside.email].sort());
    expect(preview.count).toBe(2);
    expect(preview.sample).not.toContain(outside.email);

    const backwards = await owner.post(`/breaches/${breach.id}/preview`, {
      audience: { by: 'window', from: '2020-03-02T00:00:00Z', to: '2020-02-29T00:00:00Z' },
    });
    expect(backwards.statusCode).toBe(400);
  });

  it('sends one notice per person of a pasted list, to those who withdrew marketing consent too, once, and records whom', async () => {
    const breach = await recorded();
    const withdrawn = 'no-offers@example.in';
    const link = new URL(unsubscribeUrl(shop.app.deps.mail, withdrawn));
    expectStatus(await shop.app.inject({ method: 'POST', url: `${link.pathname}${link.search}`, payload: {} }), 200);
    const pasted = [
      'name,email',
      'Asha,asha.k@example.in',
      `Ravi,${withdrawn.toUpperCase()}`,
      'asha.k@example.in',
      'no address here',
    ].join('\n');
    const audience = { by: 'list', emails: pasted };

    const preview = expectStatus(await owner.post(`/breaches/${breach.id}/preview`, { audience }), 200);
    expect(preview).toMatchObject({ count: 2, invalid: ['name,email', 'no address here'] });

    const body = `A laptop holding names and e-mail addresses was stolen on 1 March. ${'Details follow. '.repeat(4)}`;
    const sent = expectStatus(
      await owner.post(`/breaches/${breach.id}/send`, { audience, subject: 'Important: a data breach', body }),
      200,
    );
    expect(sent.data).toMatchObject({
      notified_count: 2,
      notice_subject: 'Important: a data breach',
      notified_at: expect.any(String),
    });

    await deliver(shop.app, mailbox);
    for (const email of ['asha.k@example.in', withdrawn]) {
      const got = mailbox.to(email).filter((m) => m.mail.subject === 'Important: a data breach');
      expect(got, email).toHaveLength(1);
      expect(got[0]?.mail.text).toContain('A laptop holding names');
      expect(got[0]?.raw).not.toMatch(/^List-Unsubscribe/m);
    }

    const recipients = expectStatus(await owner.get(`/breaches/${breach.id}/notices`), 200);
    expect(recipients.data.map((row: { email: string }) => row.email)).toEqual(['asha.k@example.in', withdrawn]);
    const twice = await owner.post(`/breaches/${breach.id}/send`, { audience, subject: 'Again', body });
    expect(twice.statusCode).toBe(409);
    const listed = expectStatus(await owner.get('/breaches'), 200);
    expect(listed.data.find((row: { id: number }) => row.id === breach.id)).toMatchObject({ notified_count: 2 });
    expect((await staff.get('/breaches')).statusCode).toBe(403);
    const audit = await admins.lastAudit(owner, 'breaches', breach.id);
    expect(audit).toMatchObject({ action: 'notify', admin_email: OWNER.email });

    const nobody = await recorded();
    const empty = await owner.post(`/breaches/${nobody.id}/send`, {
      audience: { by: 'list', emails: 'nothing' },
      subject: 'Hi there',
      body,
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors.audience).toBeDefined();
  });
});
