import { paths } from '#storefront/lib/paths.ts';

/**
 * The addresses of returns and exchanges. The form hangs under its order's address (/order-detail/501/return), so what
 * keeps crawlers off the order pages keeps them off the form too; /returns is the shopper's own list.
 */
export const returnPaths = {
  /** The form asking to return or exchange pieces of one delivered order. */
  orderReturn: (orderId: number | string) => `${paths.orderDetail(orderId)}/return`,
  /** My returns. */
  returns: '/returns',
  /** One return: its lines, where it stands, the refund and the exchange's parcel. */
  returnDetail: (returnId: number | string) => `/returns/${returnId}`,
} as const;
