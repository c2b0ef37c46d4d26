import { outboxMessages } from '@kapaas/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliver, type Mailbox, startMailbox } from '../../../test/mailbox';
import { startTestShop, type TestShop } from '../../../test/shop';

let shop: TestShop;
let mailbox: Mailbox;

beforeAll(async () => {
  mailbox = await startMailbox();
  shop = await startTestShop({
    env: { PUBLIC_URL: 'https://kapaas.example.in', MAIL_FROM: 'Kapaas <orders@kapaas.example.in>' },
  });
});
afterAll(async () => {
  await shop?.close();
  await mailbox?.close();
});

describe('the welcome message', () => {
  it('reaches a new account through a real SMTP server, once', async () => {
    const user = await shop.user({ name: 'Meera Iyer' });
    await deliver(shop.app, mailbox);
    await deliver(shop.app, mailbox);
    const [welcome, ...more] = mailbox.to(user.email);
    expect(more).toHaveLength(0);
    expect(welcome?.mail.subject).toBe('Welcome to Kapaas');
    expect(welcome?.mail.from?.text).toBe('"Kapaas" <orders@kapaas.example.in>');
    expect(welcome?.mail.text).toContain('Welcome, Meera Iyer');
    expect(welcome?.mail.html).toContain('https://kapaas.example.in/mail/logo.png');
    expect(welcome?.mail.headers.has('list-unsubscribe')).toBe(false);
    const [row] = await shop.database.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, user.email));
    expect(row?.status).toBe('sent');
    expect(welcome?.mail.messageId).toBe(`<${row?.messageId}@kapaas.example.in>`);
  });
});
