/**
 * The tables of OTHER modules each module reads, grouped under named read models (ADR 043, changing ADR 039's
 * "reading across modules is free"). A module reads another's rows through the owner's `index.ts`; where the join
 * across tables is the point (the catalogue loaded into memory, a message's template data, the console's lists, a
 * job's query), it reads them itself, and says so here: a read model's name, what it is for, and its tables.
 *
 * `npm run check` (`scripts/check-boundaries.mjs`, through `scripts/lib/table-reads.mjs`) fails when a module's
 * production code reads (drizzle's `.from()` or a join, raw SQL `FROM` or `JOIN`) a table another module owns
 * (`table-owners.ts`) that none of its read models lists, and when a read model lists a table the module's code no
 * longer reads. Every module of `apps/api/src/modules` has an entry, an empty one when it reads only its own tables.
 *
 * Table names are the database's (`order_items`). Plain data with no imports, so that the check script (plain
 * Node) can load it.
 */
export const READ_MODELS = {
  addresses: {
    'address lookups': {
      for: 'the states and cities the owner keeps: the address form offers them and an address is checked against them',
      tables: ['states', 'cities'],
    },
  },
  admin: {
    "the console's order and customer screens": {
      for: "orders with their shopper, lines, refunded total and invoice number; customers with their orders' count",
      tables: ['orders', 'order_items', 'payments', 'tax_invoices', 'users'],
    },
    "the dashboard's prepaid and COD shares": {
      for: 'orders placed as cash on delivery and then paid online, from their offers to pay online (issue 34)',
      tables: ['cod_prepayments'],
    },
    "the console's coupons and messages": {
      for: "the coupons, contact messages and newsletter list as their resources list them; changes go through coupons' and messages' index.ts",
      tables: ['coupons', 'contact_messages', 'newsletter_subscribers'],
    },
  },
  cart: {
    'cart lines priced from the catalogue': {
      for: "a cart's lines with the product's name, price, status and first picture, the size's label, what is free, and its category's return rule (ADR 058)",
      tables: ['products', 'sizes', 'product_images', 'product_sizes', 'categories'],
    },
    'carts to remind': {
      for: 'left carts of active accounts whose cart_reminders consent stands (the ledger) that ordered nothing since, after the wait the owner set',
      tables: ['users', 'orders', 'shop_settings'],
    },
  },
  catalogue: {
    'the catalogue read model (ADR 006, ADR 025)': {
      for: "products, their sizes, stock, pictures and rating figures, the categories and the home page's content, loaded into memory",
      tables: [
        'products',
        'product_images',
        'product_sizes',
        'sizes',
        'categories',
        'subcategories',
        'patterns',
        'genders',
        'banners',
        'ads',
        'testimonials',
        'featured_sections',
        'featured_section_products',
        'review_stats',
        'shop_settings',
      ],
    },
  },
  checkout: {
    'shop terms': {
      for: 'the per-order cap and the time allowed to pay, as the owner set them',
      tables: ['shop_settings'],
    },
  },
  consent: {
    "a person's account and address": {
      for: 'an entry of the ledger is about a person by account or by address: each finds the other in users',
      tables: ['users'],
    },
    'the grievance officer': {
      for: 'the name and address the privacy notice gives for complaints, as the owner set them',
      tables: ['shop_settings'],
    },
  },
  coupons: {
    'the prepaid discount (ADR 047)': {
      for: 'the percent off and its cap for paying online, as the owner set them',
      tables: ['shop_settings'],
    },
  },
  delivery: {
    'delivery terms (ADR 033)': {
      for: "the shipping zones' terms, the shop's state, the dispatch cut-off and the cash-on-delivery rules",
      tables: ['shipping_zones', 'shop_settings', 'states'],
    },
    'a product on sale': {
      for: 'whether the product delivery_check asks about is on sale',
      tables: ['products'],
    },
  },
  fit: {
    '"next size soon" (ADR 059)': {
      for: "a parent's delivered order lines with the product's name and category and the size's label and order, to find the last size bought for a child, and the account's address the message goes to",
      tables: ['users', 'orders', 'order_items', 'products', 'sizes'],
    },
    "the cart's fit warning (ADR 059)": {
      for: "a cart line's product's category, to find its size chart, and the size's label the warning names",
      tables: ['products', 'sizes'],
    },
  },
  health: {
    liveness: {
      for: "/healthz reads the newest order's id: the database answers a real query on a real table",
      tables: ['orders'],
    },
  },
  identity: {
    'guests who ordered': {
      for: 'retention forgets a guest unseen for the days the owner set only if it never placed an order (issue 35)',
      tables: ['orders'],
    },
  },
  inventory: {
    'stock lines of orders and products': {
      for: "an order's lines as stock lines; a size is reserved only while its product is on sale",
      tables: ['order_items', 'products'],
    },
    "a product's stock by size": {
      for: "each size's label and place in the sizes' order, beside its stock, for the console's product screens",
      tables: ['sizes'],
    },
    'the sold-out report': {
      for: "the sizes a day's orders sold out, with the product's name and the size's label",
      tables: ['order_items', 'orders', 'products', 'sizes'],
    },
  },
  mail: {
    "an order's messages": {
      for: "a message's template data, read when it is rendered: the order, its lines, the shopper, a contact message, a COD order's payment link",
      tables: ['orders', 'order_items', 'users', 'contact_messages', 'cod_prepayments'],
    },
    "a return's messages": {
      for: 'the return as it is when the message is rendered, its order, its lines and the new size',
      tables: ['return_requests', 'return_lines', 'orders', 'order_items', 'sizes'],
    },
    'cart and restock messages': {
      for: "a left cart's lines and a restocked product, with their names, prices, sizes and first pictures",
      tables: ['cart_items', 'products', 'sizes', 'product_images'],
    },
    "the team's addresses": {
      for: "the active owners' addresses the owner's messages go to; staff do not see messages sent to the team",
      tables: ['admin_users'],
    },
  },
  messages: {
    '"Notify me" sizes': {
      for: 'a size of a product as a stock alert needs it: on sale, its label, what is free (share-locked)',
      tables: ['product_sizes', 'products', 'sizes'],
    },
    "an alert's account": {
      for: "the name and mobile of the active account using a stock alert's address: its back-in-stock WhatsApp goes to that mobile",
      tables: ['users'],
    },
  },
  orders: {
    "an order's page": {
      for: "the payment that paid the order and the returns asked for it, shown on the shopper's order",
      tables: ['payments', 'return_requests'],
    },
    'the return window': {
      for: 'how many days after delivery a return may be asked for, as the owner set it',
      tables: ['shop_settings'],
    },
    "an order's parcel": {
      for: "what the order's pieces weigh (their products' weights, else the default per piece) and the default box",
      tables: ['products', 'shop_settings'],
    },
    'the shipped message': {
      for: "the courier and AWB of the order's parcel, for the shipped message's WhatsApp form (shipping imports orders, so cannot be asked)",
      tables: ['shipments'],
    },
  },
  photos: {},
  privacy: {
    "a person's data": {
      for: "every row the registry of personal data ties to a shopper, read for the copy of their data (issue 35); the erasure goes through each owner's index.ts",
      tables: [
        'users',
        'guests',
        'addresses',
        'orders',
        'order_items',
        'order_events',
        'report_order_facts',
        'order_taxes',
        'order_tax_lines',
        'tax_invoices',
        'credit_notes',
        'credit_note_lines',
        'payments',
        'payment_events',
        'refunds',
        'refund_claims',
        'cod_prepayments',
        'coupon_redemptions',
        'shipments',
        'shipment_events',
        'return_requests',
        'return_lines',
        'return_events',
        'reviews',
        'review_votes',
        'review_requests',
        'shopper_photos',
        'wishlist_items',
        'child_profiles',
        'carts',
        'cart_items',
        'consents',
        'outbox_messages',
        'outbox_attempts',
        'contact_messages',
        'newsletter_subscribers',
        'stock_alerts',
        'whatsapp_events',
        'sessions',
        'password_reset_tokens',
      ],
    },
    "a requester's account": {
      for: 'the address of the account a logged-in shopper files a rights request from: the answer goes there',
      tables: ['users'],
    },
    "a breach's affected people": {
      for: 'the addresses of everyone active in a time window: accounts, guests and sessions used, orders placed',
      tables: ['users', 'guests', 'sessions', 'orders'],
    },
    'retention periods': {
      for: 'how long guests, carts, unconfirmed sign-ups, e-mail bodies and processing logs are kept, as the owner set them',
      tables: ['shop_settings'],
    },
  },
  razorpay: {},
  reports: {
    "the funnel's products": {
      for: 'which counted products still exist as a flush writes their counts: one deleted since is left out, not refused (ADR 053)',
      tables: ['products'],
    },
    'sales, payments and coupons (ADR 054)': {
      for: "the orders sold in a period (paid online, or cash on delivery placed and confirmed): their customers and coupons, the COD ones' shipped steps and cash due, and the credit notes that took money back (their lines and payments are summed by the daily aggregates, ADR 062)",
      tables: ['orders', 'order_events', 'credit_notes'],
    },
    'products, returns and stock (ADR 054)': {
      for: "each product's and category's name, the pieces asked back by reason and size, the reviews' rating and fit, and what is left of each size (their sales come from the daily aggregates, ADR 062)",
      tables: ['products', 'categories', 'sizes', 'product_sizes', 'review_stats', 'return_requests', 'return_lines'],
    },
    'fit insight (ADR 061)': {
      for: "each product's and size's delivered pieces and those sent back too small or too big, the published reviews' fit by the size of the line reviewed, and the size advice made, bought and kept",
      tables: [
        'orders',
        'order_items',
        'products',
        'categories',
        'sizes',
        'review_stats',
        'reviews',
        'return_requests',
        'return_lines',
        'size_advices',
      ],
    },
  },
  returns: {
    "a return's order": {
      for: 'the order a return is asked for (locked), its owner, its lines and when it was delivered; the shopper it mails',
      tables: ['orders', 'order_items', 'order_events'],
    },
    "an exchange's sizes": {
      for: "which sizes the product sells, and the new size's label",
      tables: ['product_sizes', 'sizes'],
    },
    'refunds so far': {
      for: "the order's refunds at the provider, and the refund recorded under a request key",
      tables: ['refunds', 'payments'],
    },
    'pictures still named': {
      for: 'every table naming a picture under /media/uploads/, so that a legacy return photo still shown elsewhere is kept',
      tables: [
        'product_images',
        'order_items',
        'banners',
        'ads',
        'categories',
        'subcategories',
        'testimonials',
        'reviews',
      ],
    },
  },
  reviews: {
    'review requests': {
      for: 'orders delivered long enough ago with products not reviewed yet, after the wait the owner set',
      tables: ['orders', 'order_items', 'order_events', 'shop_settings'],
    },
    "the console's review list": {
      for: "each review with its product's name and its writer's address",
      tables: ['products', 'orders', 'users'],
    },
  },
  search: {},
  seo: {},
  shipping: {
    'the parcels to act on': {
      for: "the undelivered queue and the console's list of parcels: the shopper's name and phone from the order's address",
      tables: ['orders'],
    },
  },
  shiprocket: {},
  tax: {
    'GST inputs (ADR 032)': {
      for: "the shop's GST identity and state, a delivery state's code, each product's HSN code (its own, else its category's)",
      tables: ['shop_settings', 'states', 'products', 'categories'],
    },
    "an invoice's order": {
      for: 'the delivery address, owner and total an invoice prints, and how the order was paid (the GST report)',
      tables: ['orders', 'payments'],
    },
  },
  whatsapp: {
    'the kinds sent by WhatsApp': {
      for: 'the message kinds the owner turned on for WhatsApp (issue 36): a template is offered to a sender only for those',
      tables: ['shop_settings'],
    },
  },
  wishlist: {
    'a product on sale': {
      for: 'a product is saved only while on sale, its row share-locked until the insert',
      tables: ['products'],
    },
  },
} as const satisfies Record<string, Record<string, { for: string; tables: readonly string[] }>>;

export type ReadingModule = keyof typeof READ_MODELS;
