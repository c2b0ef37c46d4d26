import { productPathSegment } from '@kapaas/contract';
import { and, carts, eq, outboxMessages, products, stockAlerts, whatsappTemplates } from '@kapaas/db';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { deliver, type Mailbox, startMailbox } from '../../../test/mailbox';
import { type RegisteredShopper, startTestShop, type TestShop } from '../../../test/shop';
import { SANDBOX_PREFIX } from '../../dev/whatsapp-sandbox/sandbox.constants';
import { type AdminClient, adminFixtures, expectStatus } from '../admin/admin.fixtures';
import { queueCartReminders } from '../cart';
import { checkoutFixtures } from '../checkout/checkout.fixtures';
import { sendDueWhatsApp } from '../mail';
import { marketingWhatsApp } from '../whatsapp/marketing';

/*
 * Marketing on WhatsApp (issue 36): back in stock and the cart reminder carry their WhatsApp form to the account's
 * mobile, and go on WhatsApp only while that number's whatsapp_marketing consent stands; order updates'
 * whatsapp_updates is not enough. Through the API (the profile's switches, "Notify me", the console's stock edit),
 * the real client and the sandbox.
 */

let shop: TestShop;
let mailbox: Mailbox;
let owner: AdminClient;
const admin = adminFixtures(() => shop);
const checkout = checkoutFixtures(() => shop);
const db = () => shop.database.db;
let phones = 0;
const newMobile = () => `98476${String(10_000 + ++phones).padStart(5, '0')}`;

beforeAll(async () => {
  mailbox = await startMailbox();
  shop = await startTestShop({ env: { PUBLIC_URL: 'https://kapaas.example.in' } });
  owner = await admin.owner();
});
afterAll(async () => {
  await shop?.close();
  await mailbox?.close();
});
beforeEach(async () => {
  expectStatus(await owner.patch('/settings', { whatsapp_kinds: ['back_in_stock', 'cart_reminder'] }), 200);
});

type ChatMessage = {
  direction: string;
  template: string | null;
  parameters: string[] | null;
  text: string;
  buttons: { type: string; url?: string }[] | null;
};
async function chatOf(number: string): Promise<ChatMessage[]> {
  const response = await shop.app.inject({ method: 'GET', url: `${SANDBOX_PREFIX}/test/messages?to=${number}` });
  return (response.json() as ChatMessage[]).filter((m) => m.direction === 'out');
}

async function sendWhatsApp() {
  await sendDueWhatsApp({ db: db(), log: shop.app.deps.log }, shop.app.whatsapp.client);
  await shop.app.whatsappSandbox?.deliveries.idle();
}

/** A registered shopper who turned on the profile's switches `purposes` (the real consent_update call). */
async function shopper(name: string, purposes: string[]) {
  const mobile = newMobile();
  const user = await shop.user({ name, phone: mobile });
  for (const purpose of purposes) {
    expectStatus(await user.post('consent_update', { purpose, given: true }), 200);
  }
  return { user, number: `91${mobile}` };
}

async function rowOf(key: string) {
  const [row] = await db().select().from(outboxMessages).where(eq(outboxMessages.key, key));
  if (!row) throw new Error(`no message ${key}`);
  return row;
}

type Item = Awaited<ReturnType<typeof checkout.stockedItem>>;

/** The shopper asks "Notify me" on the sold-out size; the owner restocks it in the console. The alert's message key. */
async function alertAndRestock(user: RegisteredShopper, item: Item) {
  const asked = await user.post('stock_alert', { product_id: item.productId, size_id: item.sizeId, email: user.email });
  expect(asked.statusCode, asked.body).toBe(200);
  const [alert] = await db().select().from(stockAlerts).where(eq(stockAlerts.email, user.email.toLowerCase()));
  if (!alert) throw new Error('no alert');
  expectStatus(await owner.patch(`/products/${item.productId}`, { sizes: [{ size_id: item.sizeId, stock: 3 }] }), 200);
  return `back-in-stock:${alert.id}`;
}

const backInStockMails = (user: RegisteredShopper) =>
  mailbox.to(user.email).filter((m) => m.mail.subject?.startsWith('Back in stock'));

async function productOf(item: Item) {
  const [product] = await db().select().from(products).where(eq(products.id, item.productId));
  if (!product) throw new Error('no product');
  return product;
}

describe('back in stock on WhatsApp', () => {
  it('goes to the account’s mobile with whatsapp_marketing: first name, product, size, and the product’s page', async () => {
    const { user, number } = await shopper('Meera Iyer', ['whatsapp_marketing']);
    const item = await checkout.stockedItem(0);
    const key = await alertAndRestock(user, item);
    const product = await productOf(item);
    const row = await rowOf(key);
    expect(row).toMatchObject({ channel: 'whatsapp', waPhone: number, marketing: true, fallbackReason: null });
    const label = row.payload.size as string;
    const segment = productPathSegment(product.id, product.name);
    expect(row.waTemplate).toEqual({
      template: 'back_in_stock',
      language: 'en',
      bodyParameters: ['Meera', product.name, label],
      buttons: [{ type: 'url', index: 0, text: segment }],
    });
    await sendWhatsApp();
    const [message, ...more] = await chatOf(number);
    expect(more).toEqual([]);
    expect(message?.template).toBe('back_in_stock');
    expect(message?.text).toContain(`${product.name} in size ${label} is back in stock`);
    expect(message?.buttons?.[0]?.url).toBe(`https://kapaas.in/product-detail/${segment}`);
    // On WhatsApp, so not by e-mail as well.
    await deliver(shop.app, mailbox);
    expect(backInStockMails(user)).toHaveLength(0);
  });

  it('with only whatsapp_updates (order updates) goes by e-mail, never on WhatsApp', async () => {
    const { user, number } = await shopper('Kabir Shah', ['whatsapp_updates']);
    const item = await checkout.stockedItem(0);
    const key = await alertAndRestock(user, item);
    expect(await rowOf(key)).toMatchObject({
      channel: 'email',
      waPhone: number,
      fallbackReason: 'No whatsapp_marketing consent for this number: sent by e-mail',
    });
    await sendWhatsApp();
    expect(await chatOf(number)).toEqual([]);
    await deliver(shop.app, mailbox);
    expect(backInStockMails(user)).toHaveLength(1);
  });

  it('an address with no account carries no WhatsApp form: no number was given', async () => {
    const item = await checkout.stockedItem(0);
    const asked = await shop.post('stock_alert', {
      product_id: item.productId,
      size_id: item.sizeId,
      email: 'guest-alert@example.in',
    });
    expect(asked.statusCode, asked.body).toBe(200);
    expectStatus(
      await owner.patch(`/products/${item.productId}`, { sizes: [{ size_id: item.sizeId, stock: 2 }] }),
      200,
    );
    const [row] = await db()
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.recipient, 'guest-alert@example.in'));
    expect(row).toMatchObject({ kind: 'back_in_stock', channel: 'email', waPhone: null, waTemplate: null });
  });
});

describe('the cart reminder on WhatsApp', () => {
  /** The shopper's cart holds `pieces` of one size, untouched for a day. */
  async function leftCart(user: RegisteredShopper, pieces: number) {
    const item = await checkout.stockedItem(5);
    await checkout.addToCart(user, item, pieces);
    await db()
      .update(carts)
      .set({ updatedAt: new Date(Date.now() - 25 * 3_600_000) })
      .where(eq(carts.userId, user.userId));
    const [cart] = await db().select().from(carts).where(eq(carts.userId, user.userId));
    if (!cart) throw new Error('no cart');
    return cart;
  }
  const reminderOf = async (cartId: number) => {
    const rows = await db().select().from(outboxMessages).where(eq(outboxMessages.kind, 'cart_reminder'));
    const row = rows.find((r) => r.payload.cart_id === cartId);
    if (!row) throw new Error(`no reminder of cart ${cartId}`);
    return row;
  };

  it('goes to the account’s mobile with whatsapp_marketing: first name and what the cart holds', async () => {
    const { user, number } = await shopper('Anjali Menon', ['cart_reminders', 'whatsapp_marketing']);
    const cart = await leftCart(user, 2);
    expect(await queueCartReminders(db())).toBeGreaterThanOrEqual(1);
    const row = await reminderOf(cart.id);
    expect(row).toMatchObject({ channel: 'whatsapp', waPhone: number, marketing: true });
    expect(row.waTemplate).toEqual({
      template: 'cart_reminder',
      language: 'en',
      bodyParameters: ['Anjali', '2 items'],
    });
    await sendWhatsApp();
    const [message, ...more] = await chatOf(number);
    expect(more).toEqual([]);
    expect(message?.template).toBe('cart_reminder');
    expect(message?.text).toBe(
      'Hello Anjali, you left 2 items in your Kapaas cart. It is still waiting for you, and checkout takes a minute.',
    );
    expect(message?.buttons?.[0]?.url).toBe('https://kapaas.in/shoping-cart');
  });

  it('with only whatsapp_updates goes by e-mail, saying why; one piece is "1 item"', async () => {
    const { user, number } = await shopper('Rohan Das', ['cart_reminders', 'whatsapp_updates']);
    const cart = await leftCart(user, 1);
    await queueCartReminders(db());
    const row = await reminderOf(cart.id);
    expect(row).toMatchObject({
      channel: 'email',
      waPhone: number,
      fallbackReason: 'No whatsapp_marketing consent for this number: sent by e-mail',
    });
    expect(row.waTemplate?.bodyParameters).toEqual(['Rohan', '1 item']);
    await sendWhatsApp();
    expect(await chatOf(number)).toEqual([]);
    await deliver(shop.app, mailbox);
    expect(mailbox.to(user.email).filter((m) => m.mail.subject === 'Your cart at Kapaas is waiting')).toHaveLength(1);
  });
});

describe('an owner’s marketing template whose URL button needs a parameter the message has not', () => {
  it('is not used: Meta would refuse the send (132000), so the e-mail goes alone', async () => {
    const where = and(eq(whatsappTemplates.kind, 'cart_reminder'), eq(whatsappTemplates.language, 'en'));
    const [before] = await db().select().from(whatsappTemplates).where(where);
    if (!before) throw new Error('no cart reminder template');
    const account = { name: 'Meera Iyer', mobile: '9847012345' };
    try {
      await db()
        .update(whatsappTemplates)
        .set({
          buttons: [
            {
              type: 'url',
              text: 'Open cart',
              url: 'https://kapaas.in/cart/{{1}}',
              example: 'https://kapaas.in/cart/abc',
            },
          ],
        })
        .where(where);
      expect(await marketingWhatsApp(db(), 'cart_reminder', account, ['Meera', '2 items'])).toBeUndefined();
      expect(await marketingWhatsApp(db(), 'cart_reminder', account, ['Meera', '2 items'], 'abc')).toMatchObject({
        buttons: [{ type: 'url', index: 0, text: 'abc' }],
      });
    } finally {
      await db().update(whatsappTemplates).set({ buttons: before.buttons }).where(where);
    }
  });
});
