/**
 * Which module alone writes each table (ADR 021, amended by ADR 039). Every table of `packages/db/src/schema` is
 * here exactly once, under a module of `apps/api/src/modules` or, for the few that no module's rules touch, under
 * the infrastructure that writes it. `npm run check` (`scripts/check-boundaries.mjs`) reads this map and fails
 * when a module's production code inserts, updates or deletes a table another module owns; the others call the
 * owner's `index.ts`. Reads across modules go through the owner's `index.ts` too, or are declared as read models in
 * `table-readers.ts` (ADR 043). The table in ADR 039 is kept equal to this map by `scripts/lib/table-writes.test.mjs`.
 *
 * Table names are the database's (`order_events`), as raw SQL and the ADRs write them. Plain data with no
 * imports, so that the check script (plain Node) can load it.
 */
export const TABLE_OWNERS = {
  addresses: ['addresses'],
  admin: [
    'admin_users',
    'admin_sessions',
    'audit_log',
    // The catalogue import's dry runs and commits (ADR 064): the import writes products, which the console owns.
    'catalogue_imports',
    'shop_settings',
    'shipping_zones',
    // The catalogue's content: the console is its only writer, the catalogue read model only reads (ADR 021,
    // exception 1).
    'products',
    'product_images',
    'categories',
    'subcategories',
    'sizes',
    'patterns',
    'genders',
    'banners',
    'ads',
    'testimonials',
    'featured_sections',
    'featured_section_products',
    // The address lookups: `addresses` only reads them (ADR 021, exception 2).
    'states',
    'cities',
  ],
  cart: ['carts', 'cart_items'],
  catalogue: [],
  checkout: ['payments', 'payment_events', 'refunds', 'refund_claims', 'cod_prepayments'],
  consent: ['privacy_notices', 'consents'],
  coupons: ['coupons', 'coupon_redemptions'],
  delivery: [],
  fit: ['size_charts', 'size_chart_rows', 'size_advices', 'child_profiles'],
  health: [],
  identity: ['users', 'guests', 'sessions', 'password_reset_tokens'],
  inventory: ['product_sizes'],
  mail: ['outbox_messages', 'outbox_attempts'],
  messages: ['contact_messages', 'newsletter_subscribers', 'stock_alerts'],
  orders: ['orders', 'order_items', 'order_events'],
  photos: ['shopper_photos'],
  privacy: ['privacy_requests', 'breaches', 'breach_notices'],
  razorpay: [],
  reports: [
    'funnel_counts',
    'report_order_facts',
    'report_order_lines',
    'report_daily_sales',
    'report_daily_new_customers',
    'report_daily_products',
    'report_daily_categories',
    'report_daily_sizes',
    'report_gst_facts',
    'report_daily_gst',
  ],
  returns: ['return_requests', 'return_lines', 'return_events'],
  reviews: ['reviews', 'review_votes', 'review_stats', 'review_requests'],
  search: [],
  seo: [],
  shipping: ['shipments', 'shipment_events'],
  shiprocket: [],
  tax: ['order_taxes', 'order_tax_lines', 'document_counters', 'tax_invoices', 'credit_notes', 'credit_note_lines'],
  whatsapp: ['whatsapp_events', 'whatsapp_templates'],
  wishlist: ['wishlist_items'],
} as const satisfies Record<string, readonly string[]>;

/** Tables no module writes: infrastructure below the modules owns them (ADR 021, exception 5). */
export const INFRASTRUCTURE_TABLES = {
  rate_limit_counters: 'lib/rate-limit.ts',
  sandbox_razorpay_orders: 'dev/razorpay-sandbox (ADR 022)',
  sandbox_razorpay_payments: 'dev/razorpay-sandbox (ADR 022)',
  sandbox_razorpay_refunds: 'dev/razorpay-sandbox (ADR 022)',
  sandbox_razorpay_webhooks: 'dev/razorpay-sandbox (ADR 022)',
  sandbox_razorpay_payment_links: 'dev/razorpay-sandbox (ADR 022)',
  sandbox_shiprocket_shipments: 'dev/shiprocket-sandbox (ADR 022)',
  sandbox_shiprocket_scans: 'dev/shiprocket-sandbox (ADR 022)',
  sandbox_shiprocket_webhooks: 'dev/shiprocket-sandbox (ADR 022)',
  sandbox_whatsapp_templates: 'dev/whatsapp-sandbox (ADR 022)',
  sandbox_whatsapp_messages: 'dev/whatsapp-sandbox (ADR 022)',
  sandbox_whatsapp_webhooks: 'dev/whatsapp-sandbox (ADR 022)',
} as const satisfies Record<string, string>;

export type OwningModule = keyof typeof TABLE_OWNERS;
