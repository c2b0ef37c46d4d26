import { HttpClient } from './http';

/** What the shoppers did while they were ordering. */
export interface OrderFigures {
  /** Orders placed and paid. */
  paid: number;
  /** Checkouts still under way when the shoppers stopped waiting for them. */
  unfinished: number;
  /** Orders that were due while their shopper was still busy with the previous one. */
  skipped: number;
  failures: string[];
  /** How long one whole checkout (cart, order, payment, confirmation) took: mean and worst (ms). */
  meanMs: number;
  maxMs: number;
  /** Paid orders a minute over the time the shoppers ran. */
  perMinute: number;
}

interface Item {
  product_id: number;
  size: number;
}

const ADDRESS = {
  first_name: 'Asha',
  last_name: 'Menon',
  address: '14 Lake View Road',
  state: 1,
  city: 1,
  pin_code: '520001',
  email_id: 'asha@example.in',
  phone_number: '9847012345',
};

/**
 * Guest shoppers, each with its own client address (127.0.0.20 and up) and session, buying one
 * item each order through the real calls and paying through the built-in sandbox.
 */
export class Shoppers {
  readonly #clients: { http: HttpClient; addressId: number; busy: boolean }[] = [];
  readonly #items: Item[];
  #timer: NodeJS.Timeout | undefined;
  #next = 0;
  #began = 0;
  #running = new Set<Promise<void>>();
  #figures = { paid: 0, skipped: 0, failures: [] as string[], times: [] as number[] };

  private constructor(items: Item[]) {
    this.#items = items;
  }

  /** Opens `count` guest sessions with an address each, and finds items in stock among `productIds`. */
  static async prepare(origin: string, count: number, productIds: number[]): Promise<Shoppers> {
    const looker = new HttpClient(origin, '127.0.0.6');
    const items: Item[] = [];
    for (const product_id of productIds.slice(0, 60)) {
      const detail = await looker.post<{ products: { sizes: { size_id: number; max_quantity: number }[] } }>(
        '/api/product_detail',
        { product_id },
      );
      for (const size of detail.products.sizes)
        if (size.max_quantity >= 1) items.push({ product_id, size: size.size_id });
    }
    looker.close();
    if (items.length === 0) throw new Error('no item in stock to buy');
    const shoppers = new Shoppers(items);
    for (let i = 0; i < count; i++) {
      const http = new HttpClient(origin, `127.0.0.${20 + i}`);
      await http.post('/api/get_guest_id');
      const { address_id } = await http.post<{ address_id: number }>('/api/add_address', ADDRESS);
      shoppers.#clients.push({ http, addressId: address_id, busy: false });
    }
    return shoppers;
  }

  /** Starts an order every 60,000 / perMinute ms, by the next shopper in turn. */
  start(perMinute: number): void {
    this.#began = performance.now();
    this.#figures = { paid: 0, skipped: 0, failures: [], times: [] };
    const due = () => {
      const shopper = this.#clients[this.#next++ % this.#clients.length];
      if (!shopper || shopper.busy) {
        this.#figures.skipped += 1;
        return;
      }
      const order = this.#checkout(shopper).finally(() => this.#running.delete(order));
      this.#running.add(order);
    };
    due();
    this.#timer = setInterval(due, 60_000 / perMinute);
  }

  /**
   * Stops starting orders, waits for those under way (at most `patienceMs`: a shop that takes
   * minutes per order must not hold the whole run), and answers the figures.
   */
  async stop(patienceMs = 30_000): Promise<OrderFigures> {
    clearInterval(this.#timer);
    let timer: NodeJS.Timeout | undefined;
    const patience = new Promise((resolve) => {
      timer = setTimeout(resolve, patienceMs);
    });
    await Promise.race([Promise.all(this.#running), patience]);
    clearTimeout(timer);
    const unfinished = this.#running.size;
    const { paid, skipped, failures, times } = this.#figures;
    const minutes = (performance.now() - this.#began) / 60_000;
    return {
      paid,
      unfinished,
      skipped,
      failures: [...failures],
      meanMs: times.length ? times.reduce((a, b) => a + b, 0) / times.length : 0,
      maxMs: Math.max(0, ...times),
      perMinute: paid / minutes,
    };
  }

  close(): void {
    for (const { http } of this.#clients) http.close();
  }

  async #checkout(shopper: { http: HttpClient; addressId: number; busy: boolean }): Promise<void> {
    shopper.busy = true;
    const began = performance.now();
    const item = this.#items[this.#next % this.#items.length] as Item;
    const line = { ...item, quantity: 1 };
    try {
      await shopper.http.post('/api/add_cart', line);
      const placed = await shopper.http.post<{ order_id: number; razorpay_order_id: string }>('/api/order_place', {
        address_id: shopper.addressId,
        product_details: [line],
      });
      const handler = await shopper.http.post<{ razorpay_payment_id: string; razorpay_signature: string }>(
        '/sandbox/razorpay/test/pay',
        { order_id: placed.razorpay_order_id, card_number: '4111111111111111' },
      );
      await shopper.http.post('/api/order_place', {
        order_id: placed.order_id,
        payment_id: handler.razorpay_payment_id,
        razorpay_order_id: placed.razorpay_order_id,
        razorpay_signature: handler.razorpay_signature,
      });
      this.#figures.paid += 1;
      this.#figures.times.push(performance.now() - began);
    } catch (error) {
      this.#figures.failures.push((error as Error).message);
    } finally {
      shopper.busy = false;
    }
  }
}
