/**
 * Builds the rows of a generated order history (`seed:orders`) from a seeded random stream: pure, so the same seed,
 * shop and `now` always give the same history. Each order lives through the moves the shop's order process makes
 * (docs/order-states.md) up to `now`, and leaves the rows those moves write: its history lines, its payment, its tax
 * and invoice, its parcel, its credit notes, its returns and refunds, its coupon use and its review. The database side
 * is in `orders.ts`.
 */
import type { AddressSnapshot, CouponSnapshot, SupplierSnapshot } from '../schema';
import { creditedPart, documentNumber, fiscalYearOf, type SupplyKind, type Taxed, taxOrderLines } from './orders-gst';
import {
  BANKS,
  between,
  CARD_NETWORKS,
  COURIERS,
  DAY_MS,
  FIRST_NAMES,
  HOUR_MS,
  HOURS,
  istDay,
  istMidnight,
  LAST_NAMES,
  ONLINE_METHODS,
  ordersByDay,
  type Place,
  pick,
  type Random,
  REASONS,
  REVIEW_BODIES,
  STREETS,
  TRANSIT_DAYS,
  UPI_HANDLES,
  WALLETS,
  weighted,
} from './orders-shape';

/** A product the shoppers can buy, as the checkout reads it. */
export interface ProductToSell {
  id: number;
  name: string;
  unitPaise: number;
  listPaise: number;
  image: string;
  hsn: string;
  sizes: { sizeId: number; label: string }[];
}

export interface CouponToUse {
  id: number;
  code: string;
  name: string;
  type: 'Amount' | 'Percentage';
  amountPaise: number;
  percentage: number;
  minOrderPaise: number;
  maxDiscountPaise: number | null;
}

/** What the history is generated over: the shop's catalogue, places, terms and tax identity, read from its database. */
export interface ShopForOrders {
  products: ProductToSell[];
  places: Place[];
  coupons: CouponToUse[];
  zones: Map<string, { chargePaise: number; freeAbovePaise: number | null }>;
  codFeePaise: number;
  prepaid: { percent: number; maxPaise: number | null };
  supplier: SupplierSnapshot | null;
  /** The shop's invoice and credit note counters now, by `series|fiscal year`. */
  counters: Map<string, number>;
}

/** The first id each table's new rows take (its sequence's next value). */
export interface FirstIds {
  users: number;
  guests: number;
  orders: number;
  orderItems: number;
  payments: number;
  invoices: number;
  creditNotes: number;
  returns: number;
}

export interface GenerateOptions {
  orders: number;
  days: number;
  seed: number;
  now: Date;
  /** The password hash every generated account gets: of a random password nobody knows. */
  passwordHash: string;
  /** The e-mail domain of the generated accounts, by which a second run finds the first. */
  emailDomain: string;
}

type Row = Record<string, unknown>;

/** Every table's rows, in the column names of the database (snake_case), ready to insert in this order. */
export interface History {
  users: Row[];
  guests: Row[];
  orders: Row[];
  order_items: Row[];
  order_events: Row[];
  order_taxes: Row[];
  order_tax_lines: Row[];
  payments: Row[];
  refunds: Row[];
  coupon_redemptions: Row[];
  tax_invoices: Row[];
  credit_notes: Row[];
  credit_note_lines: Row[];
  shipments: Row[];
  return_requests: Row[];
  return_lines: Row[];
  return_events: Row[];
  reviews: Row[];
  funnel_counts: Row[];
  /** Each coupon's counted uses, to add to its used_count. */
  couponUses: Map<number, number>;
  /** The counters after the new invoices and credit notes, by `series|fiscal year`. */
  counters: Map<string, number>;
}

interface Customer {
  userId: number | null;
  guestId: number | null;
  address: AddressSnapshot;
  place: Place;
  firstOrderAt: number;
}

/** A goods line as the order and its invoice hold it. */
interface Line {
  id: number;
  product: ProductToSell;
  size: { sizeId: number; label: string };
  quantity: number;
  linePaise: number;
  taxed: Taxed;
}

const iso = (at: number) => new Date(at).toISOString();

export function generateOrderHistory(shop: ShopForOrders, ids: FirstIds, options: GenerateOptions): History {
  return new HistoryWriter(shop, ids, options).run();
}

class HistoryWriter {
  private readonly random: Random;
  private readonly now: number;
  private readonly out: History;
  private readonly next: FirstIds;
  private readonly customers: Customer[] = [];
  private readonly popular: ProductToSell[];
  private readonly runsSmall = new Set<number>();
  private readonly reviewed = new Set<string>();
  private readonly funnel = new Map<
    string,
    { views: number; add_to_carts: number; checkouts: number; orders: number }
  >();
  private readonly invoiceOf = new Map<number, { id: number; issuedAt: number }>();
  private readonly pending: { series: 'invoice' | 'credit_note'; row: Row; at: number }[] = [];
  private paymentSerial = 0;

  constructor(
    private readonly shop: ShopForOrders,
    ids: FirstIds,
    private readonly options: GenerateOptions,
  ) {
    this.random = mulberry(options.seed);
    this.now = options.now.getTime();
    this.next = { ...ids };
    this.out = {
      users: [],
      guests: [],
      orders: [],
      order_items: [],
      order_events: [],
      order_taxes: [],
      order_tax_lines: [],
      payments: [],
      refunds: [],
      coupon_redemptions: [],
      tax_invoices: [],
      credit_notes: [],
      credit_note_lines: [],
      shipments: [],
      return_requests: [],
      return_lines: [],
      return_events: [],
      reviews: [],
      funnel_counts: [],
      couponUses: new Map(),
      counters: new Map(shop.counters),
    };
    // Popularity: a shuffled catalogue where the first products sell far more than the last (a long tail).
    this.popular = [...shop.products];
    for (let i = this.popular.length - 1; i > 0; i -= 1) {
      const j = Math.floor(this.random() * (i + 1));
      [this.popular[i], this.popular[j]] = [this.popular[j] as ProductToSell, this.popular[i] as ProductToSell];
    }
    for (const product of this.popular) if (this.random() < 0.08) this.runsSmall.add(product.id);
  }

  run(): History {
    for (const { day, orders } of ordersByDay(this.options.orders, this.options.days, this.options.now)) {
      const start = istMidnight(day);
      const times = Array.from({ length: orders }, () => {
        const hour = weighted(
          this.random,
          HOURS.map((weight, h) => [h, weight] as const),
        );
        return Math.min(start + hour * HOUR_MS + Math.floor(this.random() * HOUR_MS), this.now - 60_000);
      }).sort((a, b) => a - b);
      for (const at of times) this.order(at);
      this.browsing(day, orders);
    }
    this.numberDocuments();
    for (const [key, counts] of this.funnel) {
      const [productId, day] = key.split('|');
      this.out.funnel_counts.push({ product_id: Number(productId), day, ...counts });
    }
    return this.out;
  }

  /** A returning customer about three times in ten, else a new one: an account or a guest. */
  private customer(at: number): Customer {
    if (this.customers.length > 20 && this.random() < 0.3) {
      const earlier = this.customers[Math.floor(this.customers.length * (1 - this.random() ** 2))] as Customer;
      if (earlier.userId !== null) return earlier;
      // A guest comes back with another guest identity (another browser), known again by the phone number.
      const guestId = this.next.guests++;
      this.out.guests.push({ id: guestId, created_at: iso(at), last_seen_at: iso(at) });
      return { ...earlier, guestId };
    }
    const n = this.customers.length + 1;
    const place = weighted(
      this.random,
      this.shop.places.map((p) => [p, p.weight] as const),
    );
    const first = pick(this.random, FIRST_NAMES);
    const last = pick(this.random, LAST_NAMES);
    const phone = `6${String(100_000_000 + n * 7 + (n % 7)).slice(-9)}`;
    const email = `${first}.${last}.${n}@${this.options.emailDomain}`.toLowerCase();
    const address: AddressSnapshot = {
      first_name: first,
      last_name: last,
      address: `${between(this.random, 1, 240)} ${pick(this.random, STREETS)}`,
      state: place.name,
      city: pick(this.random, place.cities),
      pin_code: String(between(this.random, 110_001, 855_999)),
      email_id: email,
      phone_number: phone,
    };
    const account = this.random() < 0.45;
    const customer: Customer = {
      userId: account ? this.next.users++ : null,
      guestId: account ? null : this.next.guests++,
      address,
      place,
      firstOrderAt: at,
    };
    const joined = iso(at - between(this.random, 0, 30) * DAY_MS);
    if (account) {
      this.out.users.push({
        id: customer.userId,
        name: `${first} ${last}`,
        email,
        phone,
        password_hash: this.options.passwordHash,
        created_at: joined,
        updated_at: joined,
      });
    } else {
      this.out.guests.push({ id: customer.guestId, created_at: iso(at), last_seen_at: iso(at) });
    }
    this.customers.push(customer);
    return customer;
  }

  /** One to three lines, the popular products far more often; one or two pieces each. */
  private lines(): Omit<Line, 'taxed'>[] {
    const count = weighted(this.random, [
      [1, 60],
      [2, 28],
      [3, 12],
    ] as const);
    const chosen = new Map<string, Omit<Line, 'taxed'>>();
    for (let i = 0; i < count; i += 1) {
      const product = this.popular[Math.floor(this.popular.length * this.random() ** 2.5)] as ProductToSell;
      const size = pick(this.random, product.sizes);
      const key = `${product.id}|${size.sizeId}`;
      if (chosen.has(key)) continue;
      const quantity = this.random() < 0.85 ? 1 : 2;
      chosen.set(key, { id: this.next.orderItems++, product, size, quantity, linePaise: product.unitPaise * quantity });
    }
    return [...chosen.values()];
  }

  private couponFor(itemsPaise: number): { coupon: CouponToUse; discountPaise: number } | null {
    if (this.random() >= 0.16) return null;
    const usable = this.shop.coupons.filter((c) => c.minOrderPaise <= itemsPaise);
    if (usable.length === 0) return null;
    const coupon = pick(this.random, usable);
    const raw =
      coupon.type === 'Amount' ? coupon.amountPaise : Math.floor((itemsPaise * coupon.percentage) / 100 / 100) * 100;
    const discountPaise = Math.min(itemsPaise, coupon.maxDiscountPaise ?? raw, raw);
    return discountPaise > 0 ? { coupon, discountPaise } : null;
  }

  /** What the checkout charges: the coupon, the prepaid discount (online), the zone's shipping and the COD fee. */
  private price(itemsPaise: number, cod: boolean, place: Place) {
    const coupon = this.couponFor(itemsPaise);
    const discountPaise = coupon?.discountPaise ?? 0;
    const afterCoupon = itemsPaise - discountPaise;
    const { percent, maxPaise } = this.shop.prepaid;
    const prepaidPaise = cod ? 0 : Math.min(Math.floor((afterCoupon * percent) / 100), maxPaise ?? afterCoupon);
    const zone = this.shop.zones.get(place.zone) ?? { chargePaise: 7_900, freeAbovePaise: 99_900 };
    const shippingPaise = zone.freeAbovePaise !== null && afterCoupon >= zone.freeAbovePaise ? 0 : zone.chargePaise;
    const codFeePaise = cod ? this.shop.codFeePaise : 0;
    const totalPaise = afterCoupon - prepaidPaise + shippingPaise + codFeePaise;
    return { coupon, discountPaise, prepaidPaise, shippingPaise, codFeePaise, totalPaise };
  }

  private order(placedAt: number): void {
    const orderId = this.next.orders++;
    const customer = this.customer(placedAt);
    const drafts = this.lines();
    const itemsPaise = drafts.reduce((sum, line) => sum + line.linePaise, 0);
    const cod = this.random() < 0.55;
    const price = this.price(itemsPaise, cod, customer.place);
    const kind = this.supplyKind(customer.place);
    const taxed = taxOrderLines(drafts, price.discountPaise + price.prepaidPaise, price, kind);
    const lines: Line[] = drafts.map((line, index) => ({ ...line, taxed: taxed.goods[index] as Taxed }));
    this.recordTax(orderId, lines, taxed, kind, customer.place, placedAt);
    const { coupon, totalPaise } = price;
    const facts = { orderId, customer, lines, cod, placedAt, totalPaise, kind, coupon };
    const outcome = new OrderStory(this, facts).live();
    const window = TRANSIT_DAYS[customer.place.zone];
    this.out.orders.push({
      id: orderId,
      user_id: customer.userId,
      guest_id: customer.guestId,
      status: outcome.status,
      address_snapshot: customer.address,
      coupon_id: coupon?.coupon.id ?? null,
      coupon_snapshot: coupon ? couponSnapshot(coupon.coupon) : null,
      items_total_paise: itemsPaise,
      discount_paise: price.discountPaise,
      shipping_paise: price.shippingPaise,
      prepaid_discount_paise: price.prepaidPaise,
      payment_method: cod ? 'cod' : 'online',
      cod_fee_paise: price.codFeePaise,
      shipping_zone: customer.place.zone,
      delivery_from: istDay(placedAt + (window[0] + 1) * DAY_MS),
      delivery_by: istDay(placedAt + (window[1] + 2) * DAY_MS),
      return_received_at: outcome.returnReceivedAt === null ? null : iso(outcome.returnReceivedAt),
      total_paise: totalPaise,
      razorpay_order_id: cod ? null : `order_seed${String(orderId).padStart(10, '0')}`,
      expires_at: cod ? null : iso(placedAt + 30 * 60_000),
      paid_at: outcome.paidAt === null ? null : iso(outcome.paidAt),
      created_at: iso(placedAt),
      updated_at: iso(outcome.updatedAt),
    });
    for (const line of lines) this.out.order_items.push(itemRow(orderId, line));
  }

  private supplyKind(place: Place): SupplyKind {
    const supplier = this.shop.supplier;
    if (!supplier || supplier.state_code !== place.gstCode) return 'inter-state';
    return place.utWithoutLegislature ? 'intra-ut' : 'intra-state';
  }

  private recordTax(
    orderId: number,
    lines: Line[],
    taxed: ReturnType<typeof taxOrderLines>,
    kind: SupplyKind,
    place: Place,
    at: number,
  ): void {
    const supplier = this.shop.supplier;
    if (!supplier) return;
    this.out.order_taxes.push({
      order_id: orderId,
      supply_kind: kind,
      place_code: place.gstCode,
      place_name: place.name,
      supplier,
      created_at: iso(at),
    });
    const hsnOf = (line: Line) => line.product.hsn.slice(0, supplier.hsn_digits);
    const principal = lines[taxed.principalIndex] as Line;
    const taxLines = lines.map((line, index) => ({
      position: index + 1,
      kind: 'goods',
      description: `${line.product.name} (${line.size.label})`,
      hsn: hsnOf(line),
      quantity: line.quantity,
      unit: 'PCS',
      taxed: line.taxed,
    }));
    const delivery = (description: string, amount: Taxed | null) => {
      if (amount)
        taxLines.push({
          position: taxLines.length + 1,
          kind: 'shipping',
          description,
          hsn: hsnOf(principal),
          quantity: 1,
          unit: 'OTH',
          taxed: amount,
        });
    };
    delivery('Shipping', taxed.shipping);
    delivery('Cash-on-delivery fee', taxed.codFee);
    for (const { taxed: amount, ...line } of taxLines) {
      this.out.order_tax_lines.push({ order_id: orderId, ...line, ...taxColumns(amount) });
    }
  }

  /** Views, add-to-carts and checkouts of products nobody bought that day: the funnel's wide top. */
  private browsing(day: string, orders: number): void {
    for (let i = 0; i < Math.max(5, orders * 2); i += 1) {
      const product = this.popular[Math.floor(this.popular.length * this.random() ** 1.5)] as ProductToSell;
      const views = between(this.random, 1, 25);
      const carts = this.random() < 0.3 ? between(this.random, 1, Math.max(1, Math.floor(views / 8))) : 0;
      this.count(product.id, day, { views, add_to_carts: carts, checkouts: carts > 0 && this.random() < 0.3 ? 1 : 0 });
    }
  }

  count(
    productId: number,
    day: string,
    add: Partial<{ views: number; add_to_carts: number; checkouts: number; orders: number }>,
  ) {
    const key = `${productId}|${day}`;
    const counts = this.funnel.get(key) ?? { views: 0, add_to_carts: 0, checkouts: 0, orders: 0 };
    counts.views += add.views ?? 0;
    counts.add_to_carts += add.add_to_carts ?? 0;
    counts.checkouts += add.checkouts ?? 0;
    counts.orders += add.orders ?? 0;
    this.funnel.set(key, counts);
  }

  // --- what an order's story writes -----------------------------------------------------------------------------

  get rand(): Random {
    return this.random;
  }
  get nowMs(): number {
    return this.now;
  }
  get rows(): History {
    return this.out;
  }
  isRunsSmall(productId: number): boolean {
    return this.runsSmall.has(productId);
  }
  nextId(table: keyof FirstIds): number {
    return this.next[table]++;
  }
  nextPaymentRef(prefix: string): string {
    this.paymentSerial += 1;
    return `${prefix}_seed${String(this.options.seed).padStart(4, '0')}${String(this.paymentSerial).padStart(8, '0')}`;
  }
  firstReview(productId: number, customer: Customer): boolean {
    const key = `${productId}|${customer.userId ?? `g${customer.guestId}`}`;
    if (this.reviewed.has(key)) return false;
    this.reviewed.add(key);
    return true;
  }

  /** The order's tax invoice, numbered later in the order documents were issued (numbers run with time). */
  invoice(orderId: number, at: number): void {
    if (!this.shop.supplier || this.invoiceOf.has(orderId)) return;
    const id = this.nextId('invoices');
    this.invoiceOf.set(orderId, { id, issuedAt: at });
    this.pending.push({ series: 'invoice', at, row: { id, order_id: orderId, issued_at: iso(at) } });
  }

  /** A credit note of `lines` (each with its invoice line's position) against the order's invoice. */
  credit(
    orderId: number,
    at: number,
    reason: string,
    lines: { position: number; quantity: number; taxed: Taxed; source: Row }[],
  ) {
    const invoice = this.invoiceOf.get(orderId);
    const amount = lines.reduce((sum, line) => sum + line.taxed.paidPaise, 0);
    if (!invoice || amount <= 0) return;
    const id = this.nextId('creditNotes');
    this.pending.push({
      series: 'credit_note',
      at,
      row: { id, invoice_id: invoice.id, reason, amount_paise: amount, issued_at: iso(at) },
    });
    for (const line of lines) {
      if (line.taxed.paidPaise === 0) continue;
      const { source } = line;
      this.out.credit_note_lines.push({
        credit_note_id: id,
        position: line.position,
        kind: source.kind,
        description: source.description,
        hsn: source.hsn,
        quantity: line.quantity,
        unit: source.unit,
        ...taxColumns(line.taxed),
      });
    }
  }

  /** The order's stored tax lines (its invoice's lines). */
  taxLinesOf(orderId: number): Row[] {
    const lines: Row[] = [];
    for (let i = this.out.order_tax_lines.length - 1; i >= 0; i -= 1) {
      const line = this.out.order_tax_lines[i] as Row;
      if (line.order_id !== orderId) break;
      lines.unshift(line);
    }
    return lines;
  }

  /** Consecutive numbers per series and financial year, in the order the documents were issued. */
  private numberDocuments(): void {
    const prefix = this.shop.supplier?.invoice_prefix ?? 'KPS';
    this.pending.sort((a, b) => a.at - b.at);
    for (const { series, at, row } of this.pending) {
      const year = fiscalYearOf(new Date(at));
      const key = `${series}|${year.label}`;
      const sequence = (this.out.counters.get(key) ?? 0) + 1;
      this.out.counters.set(key, sequence);
      const numbered = {
        ...row,
        number: documentNumber(series, prefix, year.digits, sequence),
        fiscal_year: year.label,
        sequence,
      };
      (series === 'invoice' ? this.out.tax_invoices : this.out.credit_notes).push(numbered);
    }
  }
}

const couponSnapshot = (coupon: CouponToUse): CouponSnapshot => ({
  coupon_id: coupon.id,
  code: coupon.code,
  name: coupon.name,
  type: coupon.type,
  amount_paise: coupon.amountPaise,
  percentage: coupon.percentage,
});

const itemRow = (orderId: number, line: Line): Row => ({
  id: line.id,
  order_id: orderId,
  product_id: line.product.id,
  size_id: line.size.sizeId,
  product_name: line.product.name,
  size_label: line.size.label,
  product_image: line.product.image,
  unit_price_paise: line.product.unitPaise,
  list_price_paise: line.product.listPaise,
  quantity: line.quantity,
  line_total_paise: line.linePaise,
});

export const taxColumns = (amount: Taxed) => ({
  rate_percent: amount.ratePercent,
  paid_paise: amount.paidPaise,
  taxable_paise: amount.taxablePaise,
  cgst_paise: amount.cgstPaise,
  sgst_paise: amount.sgstPaise,
  utgst_paise: amount.utgstPaise,
  igst_paise: amount.igstPaise,
});

const taxedOfRow = (row: Row): Taxed => ({
  paidPaise: row.paid_paise as number,
  taxablePaise: row.taxable_paise as number,
  ratePercent: row.rate_percent as number,
  cgstPaise: row.cgst_paise as number,
  sgstPaise: row.sgst_paise as number,
  utgstPaise: row.utgst_paise as number,
  igstPaise: row.igst_paise as number,
});

/** mulberry32, as the catalogue's generator uses it. */
function mulberry(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

interface OrderFacts {
  orderId: number;
  customer: Customer;
  lines: Line[];
  cod: boolean;
  placedAt: number;
  totalPaise: number;
  kind: SupplyKind;
  coupon: { coupon: CouponToUse; discountPaise: number } | null;
}

/** Where an order ended up, for its row. */
interface Outcome {
  status: string;
  paidAt: number | null;
  updatedAt: number;
  returnReceivedAt: number | null;
}

/**
 * One order lived through the order process up to `now`: each move at its moment, with what the move writes. Stops at
 * the first move still in the future, so recent orders are still being packed, shipped or delivered.
 */
class OrderStory {
  private status = '';
  private at: number;
  private paidAt: number | null = null;
  private returnReceivedAt: number | null = null;
  private paymentId: number | null = null;
  private refundedPaise = 0;

  constructor(
    private readonly w: HistoryWriter,
    private readonly o: OrderFacts,
  ) {
    this.at = o.placedAt;
  }

  private get random() {
    return this.w.rand;
  }

  /** Moves to `to` after `hours` (random within ±50 %), unless that is in the future: then false. */
  private move(to: string, hours: number, note: string | null = null): boolean {
    const at = this.at + Math.round(hours * HOUR_MS * (0.5 + this.random()));
    if (at >= this.w.nowMs) return false;
    this.at = at;
    this.status = to;
    this.w.rows.order_events.push({ order_id: this.o.orderId, status: to, note, created_at: iso(at) });
    return true;
  }

  live(): Outcome {
    const ended = this.o.cod ? this.codStart() : this.onlineStart();
    if (!ended) this.fulfil();
    return { status: this.status, paidAt: this.paidAt, updatedAt: this.at, returnReceivedAt: this.returnReceivedAt };
  }

  /** Placed and paid online; or never paid (expired, failed); or paid and cancelled, refunded in full. Ended: true. */
  private onlineStart(): boolean {
    this.status = 'pending_payment';
    this.w.rows.order_events.push({
      order_id: this.o.orderId,
      status: 'pending_payment',
      note: 'Order placed, awaiting payment.',
      created_at: iso(this.o.placedAt),
    });
    const fate = this.random();
    if (fate < 0.04) {
      this.payment('failed', this.o.placedAt + 2 * 60_000);
      return this.move('payment_failed', 0.05, 'The payment failed.') || true;
    }
    if (fate < 0.08) return this.move('expired', 0.5, 'Not paid in time. The items were released.') || true;
    if (!this.move('paid', 0.05, 'Payment captured.')) return true;
    this.paidAt = this.at;
    this.payment('accepted', this.at);
    this.countSold();
    this.useCoupon();
    this.w.invoice(this.o.orderId, this.at);
    if (this.random() < 0.025) return this.cancelPaid();
    return false;
  }

  private cancelPaid(): boolean {
    if (!this.move('cancelled', 10, 'Cancelled by the shop.')) return true;
    this.giveCouponBack();
    this.w.credit(this.o.orderId, this.at, 'Order cancelled.', this.wholeInvoice());
    this.refund(this.o.totalPaise);
    this.move('refunded', 2, 'Refunded in full.');
    return true;
  }

  /** Cash on delivery: confirmed at once, or after a call; some never confirmed, or cancelled before packing. */
  private codStart(): boolean {
    const confirmFirst = this.random() < 0.3;
    this.status = confirmFirst ? 'cod_pending_confirmation' : 'cod_confirmed';
    this.w.rows.order_events.push({
      order_id: this.o.orderId,
      status: this.status,
      note: confirmFirst
        ? 'Order placed, cash on delivery. Above the value the shop confirms first: call the shopper, then confirm it.'
        : 'Order placed, cash on delivery.',
      created_at: iso(this.o.placedAt),
    });
    this.useCoupon();
    if (confirmFirst) {
      if (this.random() < 0.25) {
        this.move('cancelled', 30, 'Nobody confirmed it in time.');
        this.giveCouponBack();
        return true;
      }
      if (!this.move('cod_confirmed', 4, 'Confirmed by the shopper.')) return true;
    }
    this.countSold();
    if (this.random() < 0.03) {
      if (this.move('cancelled', 12, 'Cancelled at the shopper’s request.')) this.giveCouponBack();
      return true;
    }
    return false;
  }

  /** The funnel's paid order and checkout, on the day the order was placed (a COD order's) or paid. */
  private countSold(): void {
    const day = istDay(this.o.cod ? this.o.placedAt : this.at);
    for (const line of this.o.lines) {
      const carts = between(this.random, 2, 5);
      this.w.count(line.product.id, day, {
        orders: 1,
        checkouts: between(this.random, 1, 2),
        add_to_carts: carts,
        views: carts * between(this.random, 6, 14),
      });
    }
  }

  private useCoupon(): void {
    const coupon = this.o.coupon;
    if (!coupon) return;
    const { customer } = this.o;
    this.w.rows.coupon_redemptions.push({
      coupon_id: coupon.coupon.id,
      order_id: this.o.orderId,
      user_id: customer.userId,
      guest_id: customer.guestId,
      discount_paise: coupon.discountPaise,
      created_at: iso(this.at),
    });
    this.w.rows.couponUses.set(coupon.coupon.id, (this.w.rows.couponUses.get(coupon.coupon.id) ?? 0) + 1);
  }

  private giveCouponBack(): void {
    const coupon = this.o.coupon;
    if (!coupon) return;
    const rows = this.w.rows.coupon_redemptions;
    if (rows[rows.length - 1]?.order_id === this.o.orderId) rows.pop();
    this.w.rows.couponUses.set(coupon.coupon.id, (this.w.rows.couponUses.get(coupon.coupon.id) ?? 1) - 1);
  }

  private payment(status: 'accepted' | 'failed', at: number): void {
    const method = weighted(this.random, ONLINE_METHODS);
    const id = this.w.nextId('payments');
    if (status === 'accepted') this.paymentId = id;
    const { first_name: first } = this.o.customer.address;
    this.w.rows.payments.push({
      id,
      order_id: this.o.orderId,
      provider: 'razorpay',
      provider_payment_id: this.w.nextPaymentRef('pay'),
      amount_paise: this.o.totalPaise,
      status,
      method,
      vpa: method === 'upi' ? `${first.toLowerCase()}${this.o.orderId % 1000}@${pick(this.random, UPI_HANDLES)}` : null,
      bank: method === 'netbanking' ? pick(this.random, BANKS) : null,
      wallet: method === 'wallet' ? pick(this.random, WALLETS) : null,
      card_network: method === 'card' ? pick(this.random, CARD_NETWORKS) : null,
      card_last4: method === 'card' ? String(between(this.random, 1000, 9999)) : null,
      refunded_paise: 0,
      created_at: iso(at),
      updated_at: iso(at),
    });
  }

  /** Money back through the provider on the order's payment (an online order). */
  private refund(amountPaise: number): void {
    const payment = this.w.rows.payments.find((p) => p.id === this.paymentId);
    if (!payment) return;
    this.refundedPaise += amountPaise;
    payment.refunded_paise = this.refundedPaise;
    payment.status = this.refundedPaise >= this.o.totalPaise ? 'refunded' : 'partially_refunded';
    payment.updated_at = iso(this.at);
    this.w.rows.refunds.push({
      payment_id: this.paymentId,
      provider_refund_id: this.w.nextPaymentRef('rfnd'),
      amount_paise: amountPaise,
      created_at: iso(this.at),
    });
  }

  /** Every line of the invoice, credited whole. */
  private wholeInvoice() {
    return this.w.taxLinesOf(this.o.orderId).map((source) => ({
      position: source.position as number,
      quantity: source.quantity as number,
      taxed: taxedOfRow(source),
      source,
    }));
  }

  /** Packed, handed to the courier, then delivered or (cash on delivery only) returned to origin. */
  private fulfil(): void {
    if (!this.move('packed', 20)) return;
    const shippedAt = this.at + Math.round(14 * HOUR_MS * (0.5 + this.random()));
    if (shippedAt >= this.w.nowMs) return;
    this.move('shipped', 14, 'Handed to the courier.');
    if (this.o.cod) this.w.invoice(this.o.orderId, this.at);
    const [low, high] = TRANSIT_DAYS[this.o.customer.place.zone];
    const refused = this.o.cod && this.random() < this.o.customer.place.rto;
    const shipment: Row = {
      order_id: this.o.orderId,
      kind: 'forward',
      provider: 'shiprocket',
      booking: 'booked',
      provider_order_id: String(700_000_000 + this.o.orderId),
      provider_shipment_id: String(800_000_000 + this.o.orderId),
      awb: `SEED${String(this.o.orderId).padStart(11, '0')}`,
      courier_name: pick(this.random, COURIERS),
      status: 'in_transit',
      status_at: iso(this.at),
      attempts: 0,
      created_at: iso(this.at - 2 * HOUR_MS),
      updated_at: iso(this.at),
    };
    this.w.rows.shipments.push(shipment);
    if (refused) {
      this.returnToOrigin(shipment, high);
      return;
    }
    if (!this.move('delivered', between(this.random, low, high) * 24, 'Delivered.')) return;
    shipment.status = 'delivered';
    shipment.status_at = iso(this.at);
    shipment.updated_at = iso(this.at);
    if (this.o.cod) this.paidAt = this.at;
    this.afterDelivery();
  }

  private returnToOrigin(shipment: Row, transitDays: number): void {
    shipment.attempts = between(this.random, 1, 3);
    shipment.last_reason = pick(this.random, [
      'Customer refused delivery',
      'Customer not available',
      'Address incomplete',
    ]);
    if (!this.move('returned_to_origin', (transitDays + 4) * 24, 'Returned to origin by the courier.')) {
      shipment.status = 'undelivered';
      return;
    }
    shipment.status = 'rto_initiated';
    shipment.status_at = iso(this.at);
    this.w.credit(this.o.orderId, this.at, 'Parcel returned to origin.', this.wholeInvoice());
    const back = this.at + between(this.random, 3, 6) * DAY_MS;
    if (back < this.w.nowMs) {
      shipment.status = 'rto_delivered';
      shipment.status_at = iso(back);
      this.returnReceivedAt = back;
    }
    shipment.updated_at = shipment.status_at;
  }

  /** A delivered order: sometimes a review, sometimes pieces sent back. */
  private afterDelivery(): void {
    const deliveredAt = this.at;
    if (this.random() < 0.18) this.review(deliveredAt);
    if (this.random() < 0.1) new ReturnStory(this.w, this.o, deliveredAt, (paise) => this.refundReturn(paise)).live();
  }

  private refundReturn(paise: number): void {
    if (!this.o.cod) this.refund(paise);
  }

  private review(deliveredAt: number): void {
    const line = pick(this.random, this.o.lines);
    const { customer } = this.o;
    const at = deliveredAt + between(this.random, 2, 14) * DAY_MS;
    if (at >= this.w.nowMs || !this.w.firstReview(line.product.id, customer)) return;
    const small = this.w.isRunsSmall(line.product.id);
    const fit = weighted(this.random, [
      ['runs_small', small ? 55 : 10],
      ['true_to_size', small ? 40 : 80],
      ['runs_large', 10],
    ] as const);
    const rating = weighted(this.random, [
      [5, 48],
      [4, 30],
      [3, 12],
      [2, 6],
      [1, 4],
    ] as const);
    this.w.rows.reviews.push({
      product_id: line.product.id,
      user_id: customer.userId,
      guest_id: customer.guestId,
      order_id: this.o.orderId,
      order_item_id: line.id,
      size_label: line.size.label,
      author: `${customer.address.first_name} ${customer.address.last_name.slice(0, 1)}.`,
      rating,
      body: pick(this.random, REVIEW_BODIES),
      fit,
      created_at: iso(at),
      updated_at: iso(at),
    });
  }
}

/**
 * Pieces of a delivered order asked back: for money or another size, with a reason (too small far more often for a
 * product that runs small), through the returns module's statuses to refunded or the exchange shipped, or rejected.
 */
class ReturnStory {
  private at: number;
  private readonly id: number;

  constructor(
    private readonly w: HistoryWriter,
    private readonly o: OrderFacts,
    deliveredAt: number,
    private readonly refund: (paise: number) => void,
  ) {
    this.at = deliveredAt + between(w.rand, 1, 7) * DAY_MS;
    this.id = w.nextId('returns');
  }

  private step(status: string, days: number, row: Row): boolean {
    const at = this.at + Math.round(days * DAY_MS * (0.5 + this.w.rand()));
    if (at >= this.w.nowMs) return false;
    this.at = at;
    row.status = status;
    row.updated_at = iso(at);
    this.w.rows.return_events.push({ return_id: this.id, status, created_at: iso(at) });
    return true;
  }

  live(): void {
    const random = this.w.rand;
    if (this.at >= this.w.nowMs) return;
    const index = Math.floor(random() * this.o.lines.length);
    const line = this.o.lines[index] as Line;
    const small = this.w.isRunsSmall(line.product.id);
    const reason = weighted(
      random,
      REASONS.map(([value, weight]) => [value, value === 'too_small' && small ? weight * 4 : weight] as const),
    );
    const otherSizes = line.product.sizes.filter((s) => s.sizeId !== line.size.sizeId);
    const exchange = (reason === 'too_small' || reason === 'too_big') && otherSizes.length > 0 && random() < 0.5;
    const quantity = between(random, 1, line.quantity);
    // What the shopper paid for these pieces: the line's share after the discounts, pro rata (returns' paid_paise).
    const paidPaise = Math.floor((line.taxed.paidPaise * quantity) / line.quantity);
    const row: Row = {
      id: this.id,
      order_id: this.o.orderId,
      status: 'requested',
      created_at: iso(this.at),
      updated_at: iso(this.at),
    };
    this.w.rows.return_requests.push(row);
    this.w.rows.return_events.push({ return_id: this.id, status: 'requested', created_at: iso(this.at) });
    this.w.rows.return_lines.push({
      return_id: this.id,
      order_item_id: line.id,
      product_id: line.product.id,
      size_id: line.size.sizeId,
      quantity,
      kind: exchange ? 'exchange' : 'return',
      new_size_id: exchange ? (pick(random, otherSizes) as { sizeId: number }).sizeId : null,
      reason,
      unit_price_paise: line.product.unitPaise,
      paid_paise: paidPaise,
    });
    if (random() < 0.06) {
      this.step('rejected', 1, row);
      row.decision_message = 'The piece was worn and washed; we cannot take it back.';
      return;
    }
    if (!this.step('approved', 1, row) || !this.step('received', 5, row)) return;
    row.received_at = row.updated_at;
    if (exchange) this.shipExchange(row);
    else this.refundPieces(row, index, quantity, paidPaise);
  }

  private shipExchange(row: Row): void {
    if (!this.step('exchange_shipped', 2, row)) return;
    row.exchange_shipped_at = row.updated_at;
    row.exchange_tracking_note = 'Sent by Delhivery.';
    this.step('completed', 5, row);
  }

  private refundPieces(row: Row, index: number, quantity: number, paidPaise: number): void {
    if (!this.step('refunded', 2, row) || paidPaise <= 0) return;
    const cod = this.o.cod;
    row.refund_paise = paidPaise;
    row.refund_method = cod ? (this.w.rand() < 0.7 ? 'upi' : 'bank') : 'provider';
    row.refund_reference = cod ? `UTR${String(this.id).padStart(12, '0')}` : null;
    row.refunded_at = row.updated_at;
    this.refund(paidPaise);
    const source = this.w.taxLinesOf(this.o.orderId)[index] as Row;
    const taxed = taxedOfRow(source);
    this.w.credit(this.o.orderId, this.at, 'Return refunded.', [
      { position: index + 1, quantity, taxed: creditedPart(taxed, taxed.paidPaise, paidPaise, this.o.kind), source },
    ]);
    this.step('completed', 1, row);
  }
}
