import { eq, type Queryable, shopSettings } from '@kapaas/db';

/** The shop's terms an order is placed under, with the defaults of a shop that never saved its settings. */
export interface ShopTerms {
  /** The most pieces of one product and size one order may buy. */
  cap: number;
  /** How long an order waits for its payment. */
  expiryMinutes: number;
}

/** Reads the shop settings checkout needs (the admin settings page writes them). */
export async function shopTermsOf(db: Queryable): Promise<ShopTerms> {
  const [row] = await db.select().from(shopSettings).where(eq(shopSettings.id, 1));
  return {
    cap: row?.perOrderQuantityCap ?? 10,
    expiryMinutes: row?.paymentExpiryMinutes ?? 30,
  };
}
