import { eq, type Queryable, shopSettings } from '@kapaas/db';
import type { PrepaidTerms } from './prepaid-discount';

/** The shop's terms an order is placed under, with the defaults of a shop that never saved its settings. */
export interface ShopTerms {
  /** The most pieces of one product and size one order may buy. */
  cap: number;
  /** How long an order waits for its payment. */
  expiryMinutes: number;
  /** The prepaid discount for paying online (ADR 047). */
  prepaid: PrepaidTerms;
}

/** Reads the shop settings checkout needs (the admin settings page writes them). */
export async function shopTermsOf(db: Queryable): Promise<ShopTerms> {
  const [row] = await db.select().from(shopSettings).where(eq(shopSettings.id, 1));
  return {
    cap: row?.perOrderQuantityCap ?? 10,
    expiryMinutes: row?.paymentExpiryMinutes ?? 30,
    prepaid: { percent: row?.prepaidDiscountPercent ?? 0, maxPaise: row?.prepaidDiscountMaxPaise ?? null },
  };
}

/** Hours a COD confirmation's payment link stays payable (issue 34); 0 when the owner left it off. */
export async function codPayLinkHoursOf(db: Queryable): Promise<number> {
  const [row] = await db
    .select({ hours: shopSettings.codPayLinkHours })
    .from(shopSettings)
    .where(eq(shopSettings.id, 1));
  return row?.hours ?? 0;
}
