import { expect } from 'vitest';
import { COST_MS } from './bounds';
import { HttpClient, type JsonAnswer } from './http-client';

/** A product of the demo shop and one size of it that sells at least two pieces, priced as the catalogue shows it. */
export interface Item {
  productId: number;
  sizeId: number;
  unitPaise: number;
}

/** A guest's paid order over HTTP: its ids, what it bought and the guest's browser. */
export interface PaidOrder {
  id: number;
  providerOrderId: string;
  item: Item;
  shopper: HttpClient;
}

/** The answer's body, once its status is 200 (else the test fails, showing the body). */
export function expectOk(answer: JsonAnswer) {
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
}

/** The test card that pays in the Razorpay sandbox. */
const PAYING_CARD = '4111 1111 1111 1111';

/**
 * Shoppers over real HTTP, each from a loopback address of its own, for the tests that run shop processes on
 * PostgreSQL (refund-race, shipping-race): they find products with stock, place orders as guests and pay them in the
 * Razorpay sandbox as the checkout dialog does. `sql` reads the shared database (the sandbox's webhooks, the order).
 */
export class HttpShoppers {
  readonly clients: HttpClient[] = [];
  #shoppers = 0;
  #items: Item[] = [];
  #kerala: { state: number; city: number } | undefined;

  constructor(
    readonly sql: <T>(text: string, values?: unknown[]) => Promise<T[]>,
    /** The last byte of the first shopper's address (127.0.0.x): each test file keeps its own range. */
    readonly firstAddress = 11,
  ) {}

  #client(address: string): HttpClient {
    const client = new HttpClient(address);
    this.clients.push(client);
    return client;
  }

  /** Finds the Kochi address's state and city and `count` products with stock, through `baseUrl`'s catalogue. */
  async prepare(baseUrl: string, count: number): Promise<void> {
    const visitor = this.#client('127.0.0.3');
    const states = expectOk(await visitor.api(baseUrl, 'state_list')).product as {
      state_id: number;
      state_name: string;
    }[];
    const state = states.find((s) => s.state_name === 'Kerala');
    if (!state) throw new Error('the demo shop has no Kerala');
    const cities = expectOk(await visitor.api(baseUrl, 'city_list', { state_id: state.state_id })).product;
    this.#kerala = { state: state.state_id, city: cities[0].city_id as number };
    this.#items.push(...(await this.#itemsWithStock(baseUrl, count)));
  }

  async #itemsWithStock(baseUrl: string, count: number): Promise<Item[]> {
    const visitor = this.#client('127.0.0.4');
    const categories = expectOk(await visitor.api(baseUrl, 'category_list')).category as { category_id: number }[];
    const found: Item[] = [];
    for (const { category_id } of categories) {
      const cards = expectOk(await visitor.api(baseUrl, 'category_product_list', { category_id })).product as {
        product_id: number;
      }[];
      for (const { product_id } of cards) {
        if (found.length === count) return found;
        const detail = expectOk(await visitor.api(baseUrl, 'product_detail', { product_id })).products;
        const size = (detail.sizes as { size_id: number; max_quantity: number }[]).find((s) => s.max_quantity >= 2);
        if (!size || found.some((i) => i.productId === product_id)) continue;
        const rupees: number = detail.discount_price > 0 ? detail.discount_price : detail.actual_price;
        found.push({ productId: product_id, sizeId: size.size_id, unitPaise: Math.round(rupees * 100) });
      }
    }
    if (found.length < count) throw new Error(`the demo shop has only ${found.length} products with stock`);
    return found;
  }

  #nextItem(): Item {
    const item = this.#items.shift();
    if (!item) throw new Error('no product left to test with');
    return item;
  }

  /** A guest of their own address (and phone number) with `quantity` pieces of the next item in the cart. */
  async #readyGuest(baseUrl: string, quantity: number) {
    const kerala = this.#kerala;
    if (!kerala) throw new Error('prepare() first');
    const item = this.#nextItem();
    this.#shoppers += 1;
    const n = this.#shoppers;
    const shopper = this.#client(`127.0.0.${this.firstAddress + n - 1}`);
    expectOk(await shopper.api(baseUrl, 'get_guest_id'));
    expectOk(await shopper.api(baseUrl, 'add_cart', { product_id: item.productId, size: item.sizeId, quantity }));
    const address = expectOk(
      await shopper.api(baseUrl, 'add_address', {
        first_name: 'Asha',
        last_name: 'Menon',
        address: `${n} Lake View Road, Kaloor`,
        state: kerala.state,
        city: kerala.city,
        pin_code: '682017',
        email_id: 'asha@example.in',
        phone_number: `9847${String(n).padStart(6, '0')}`,
      }),
    );
    const unit = item.unitPaise / 100;
    const line = {
      product_id: item.productId,
      size: item.sizeId,
      quantity,
      product_amount: unit,
      product_total: unit * quantity,
    };
    return { shopper, item, addressId: address.address_id as number, line };
  }

  /**
   * A guest of their own address places an order of `quantity` pieces in the shop at `baseUrl` and pays it in the
   * sandbox as the checkout dialog does; answers once the payment's webhooks have been delivered and the order is paid.
   */
  async paidOrder(baseUrl: string, quantity: number): Promise<PaidOrder> {
    const { shopper, item, addressId, line } = await this.#readyGuest(baseUrl, quantity);
    const placed = expectOk(
      await shopper.api(baseUrl, 'order_place', { address_id: addressId, product_details: [line] }),
    );
    await this.#pay(shopper, baseUrl, placed);
    const order = { id: placed.order_id as number, providerOrderId: placed.razorpay_order_id as string, item, shopper };
    await this.webhooksDelivered(order.providerOrderId);
    const [row] = await this.sql<{ status: string }>('SELECT status FROM orders WHERE id = $1', [order.id]);
    expect(row?.status).toBe('paid');
    return order;
  }

  /**
   * A guest of their own address places a cash-on-delivery order of `quantity` pieces in the shop at `baseUrl`, with
   * what `extra` adds to the checkout's form (the WhatsApp box, say); answers its id and the guest's browser.
   */
  async codOrder(
    baseUrl: string,
    quantity: number,
    extra: Record<string, unknown> = {},
  ): Promise<{ id: number; item: Item; shopper: HttpClient }> {
    const { shopper, item, addressId, line } = await this.#readyGuest(baseUrl, quantity);
    const placed = expectOk(
      await shopper.api(baseUrl, 'order_place', {
        ...extra,
        address_id: addressId,
        product_details: [line],
        payment_method: 'cod',
      }),
    );
    return { id: placed.order_id as number, item, shopper };
  }

  async #pay(shopper: HttpClient, baseUrl: string, placed: { order_id: number; razorpay_order_id: string }) {
    const handler = expectOk(
      await shopper.send('POST', `${baseUrl}/sandbox/razorpay/test/pay`, {
        order_id: placed.razorpay_order_id,
        card_number: PAYING_CARD,
      }),
    );
    expectOk(
      await shopper.api(baseUrl, 'order_place', {
        order_id: placed.order_id,
        payment_id: handler.razorpay_payment_id,
        razorpay_order_id: handler.razorpay_order_id,
        razorpay_signature: handler.razorpay_signature,
      }),
    );
  }

  /**
   * Polls (with a deadline, which only ends a wait that will never succeed) until every webhook the Razorpay sandbox
   * has sent about this provider order has been delivered to the shop and answered 2xx. The sandbox writes a webhook
   * in the transaction of what it is about, before answering, and delivers it after: once the call is answered, it is
   * there.
   */
  async webhooksDelivered(providerOrderId: string): Promise<void> {
    const deadline = Date.now() + 30 * COST_MS.operation;
    for (;;) {
      const [row] = await this.sql<{ sent: number; waiting: number }>(
        `SELECT count(*)::int AS sent, count(*) FILTER (WHERE delivered_at IS NULL)::int AS waiting
           FROM sandbox_razorpay_webhooks WHERE order_id = $1`,
        [providerOrderId],
      );
      if (row && row.sent > 0 && row.waiting === 0) return;
      if (Date.now() > deadline)
        throw new Error(`webhooks of ${providerOrderId} not delivered: ${JSON.stringify(row)}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  close(): void {
    for (const client of this.clients) client.close();
  }
}
