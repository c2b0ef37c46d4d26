/**
 * The console's addresses that several screens link to (under the router's /admin basename). A parameterised
 * path is a function; the route table calls it with the `:param` pattern, so a route and its links cannot drift.
 * A resource screen's list address stays in its screen definition, the one place it is named.
 */
export const paths = {
  dashboard: '/',
  login: '/login',
  /** Ask for a link to reset a forgotten password (public, like the login). */
  forgotPassword: '/forgot-password',
  /** The e-mail's link lands here with `?token=` (public). */
  resetPassword: '/reset-password',
  orders: '/orders',
  order: (orderId: number | string) => `/orders/${orderId}`,
  products: '/products',
  newProduct: '/products/new',
  /** Products → Import: a CSV checked by a dry run, then imported (ADR 064). */
  productImport: '/products/import',
  product: (productId: number | string) => `/products/${productId}`,
  messages: '/messages',
  message: (messageId: number | string) => `/messages/${messageId}`,
  /** Every e-mail the shop sent or is to send (the outbox). */
  outbox: '/messages-sent',
  outboxMessage: (outboxId: number | string) => `/messages-sent/${outboxId}`,
  /** Return and exchange requests (the dashboard counts those waiting). */
  returns: '/returns',
  returnRequest: (returnId: number | string) => `/returns/${returnId}`,
  customer: (customerId: number | string) => `/customers/${customerId}`,
  settings: '/settings',
  /** The shop's WhatsApp templates (issue 36); Settings links to them. */
  whatsAppTemplates: '/whatsapp-templates',
  shippingZones: '/shipping-zones',
  /** Catalogue → Size charts: a category's chart as a table (ADR 056). */
  sizeCharts: '/size-charts',
  /** The parcels whose delivery failed, for the owner to answer (issue 33). */
  undelivered: '/undelivered',
  account: '/account',
  /** The owner's reports (issue 37), one tab per report: /reports/sales, /reports/tax… */
  reports: '/reports',
} as const;
