import { HttpClient } from './http';
import { BENCH_ADMIN } from './processes';

/** One admin price edit, timed from the PATCH's start. */
export interface EditFigures {
  productId: number;
  /** The PATCH's own answer time (ms). */
  patchMs: number;
  /** Until POST /api/product_detail showed the new price (ms). */
  detailMs: number;
  /** Until POST /api/category_product_list showed it (ms). */
  listingMs: number;
  /** The later of the two: when a shopper anywhere sees the new price. */
  visibleMs: number;
}

interface AdminProduct {
  data: { id: number; price: number };
}
interface Detail {
  products: { actual_price: number };
}
interface Listing {
  product: { product_id: number; price: number }[];
}

/** The admin API as the admin console uses it: a Bearer token from POST /admin/api/login. */
export class AdminClient {
  readonly #http: HttpClient;

  private constructor(origin: string) {
    this.#http = new HttpClient(origin, '127.0.0.4');
  }

  static async logIn(origin: string): Promise<AdminClient> {
    const admin = new AdminClient(origin);
    const answer = await admin.#http.post<{ token: string }>('/admin/api/login', BENCH_ADMIN);
    admin.#http.bearer = answer.token;
    return admin;
  }

  /**
   * Raises one product's price by `step` rupees through PATCH /admin/api/products/:id and polls the
   * storefront's product page and the listing `listingBody` (which must show the product) from a
   * shopper's client until both show the new price.
   */
  async editPrice(productId: number, step: number, listingBody: unknown): Promise<EditFigures> {
    const before = await this.#http.send('GET', `/admin/api/products/${productId}`);
    if (before.status !== 200) throw new Error(`GET admin product ${productId}: ${before.status} ${before.text}`);
    const price = (JSON.parse(before.text) as AdminProduct).data.price + step;
    const shopper = new HttpClient(this.#http.origin, '127.0.0.5');
    try {
      const began = performance.now();
      const patching = this.#http.send('PATCH', `/admin/api/products/${productId}`, { price });
      const detail = pollUntil(began, async () => {
        const answer = await shopper.post<Detail>('/api/product_detail', { product_id: productId });
        return answer.products.actual_price === price;
      });
      const listing = pollUntil(began, async () => {
        const answer = await shopper.post<Listing>('/api/category_product_list', listingBody);
        const card = answer.product.find((one) => one.product_id === productId);
        if (!card) throw new Error(`product ${productId} is not in the listing ${JSON.stringify(listingBody)}`);
        return card.price === price;
      });
      const patched = await patching;
      if (patched.status !== 200) throw new Error(`PATCH product ${productId}: ${patched.status} ${patched.text}`);
      const [detailMs, listingMs] = await Promise.all([detail, listing]);
      return { productId, patchMs: patched.ms, detailMs, listingMs, visibleMs: Math.max(detailMs, listingMs) };
    } finally {
      shopper.close();
    }
  }

  close(): void {
    this.#http.close();
  }
}

/** Asks `seen` again and again (one question at a time) until it answers true; answers the ms since `began`. */
async function pollUntil(began: number, seen: () => Promise<boolean>): Promise<number> {
  for (;;) {
    if (await seen()) return performance.now() - began;
    if (performance.now() - began > 60_000) throw new Error('the new price was not visible within 60 s');
  }
}
