import { eq, products, type Queryable, shippingZones, shopSettings, states } from '@kapaas/db';
import type { Zone, ZoneTerms } from './zones';

/** A zone's terms as the owner set them, and whether it is delivered to. */
export interface ZoneRow extends ZoneTerms {
  active: boolean;
}

/** Every zone's terms. */
export async function zoneTermsOf(db: Queryable): Promise<Map<Zone, ZoneRow>> {
  const rows = await db.select().from(shippingZones);
  return new Map(
    rows.map((row) => [
      row.zone,
      {
        chargePaise: row.chargePaise,
        freeAbovePaise: row.freeAbovePaise,
        minDays: row.minDays,
        maxDays: row.maxDays,
        active: row.active,
      },
    ]),
  );
}

/** The shop's delivery terms: its state of registration, the dispatch cut-off (minutes after midnight, India) and COD. */
export interface DeliveryTerms {
  shopStateCode: string | null;
  cutoffMinutes: number;
  codEnabled: boolean;
  codExcludedPins: readonly string[];
  codMinOrderPaise: number;
  codMaxOrderPaise: number;
  codFeePaise: number;
  codConfirmAbovePaise: number | null;
  /** How many COD orders not yet shipped one phone number, one shopper and one delivery address may each hold. */
  codMaxOpenOrders: number;
  /** Hours a COD order waits for the owner's confirmation before it is cancelled. */
  codConfirmHours: number;
  /** The advance a COD order pays online at placement (0: none), and which orders pay it (issue 34). */
  codAdvancePaise: number;
  codAdvanceFor: 'none' | 'first_order' | 'all';
}

/** What delivery needs from the settings: the shop's state, the dispatch cut-off and the cash-on-delivery rules. */
export async function deliveryTermsOf(db: Queryable): Promise<DeliveryTerms> {
  const [row] = await db
    .select({ settings: shopSettings, stateCode: states.gstCode })
    .from(shopSettings)
    .leftJoin(states, eq(states.id, shopSettings.gstStateId))
    .where(eq(shopSettings.id, 1));
  return {
    shopStateCode: row?.stateCode ?? null,
    cutoffMinutes: row?.settings.dispatchCutoffMinutes ?? 840,
    codEnabled: row?.settings.codEnabled ?? false,
    codExcludedPins: row?.settings.codExcludedPins ?? [],
    codMinOrderPaise: row?.settings.codMinOrderPaise ?? 29900,
    codMaxOrderPaise: row?.settings.codMaxOrderPaise ?? 500000,
    codFeePaise: row?.settings.codFeePaise ?? 0,
    codConfirmAbovePaise: row?.settings.codConfirmAbovePaise ?? null,
    codMaxOpenOrders: row?.settings.codMaxOpenOrders ?? 2,
    codConfirmHours: row?.settings.codConfirmHours ?? 48,
    codAdvancePaise: row?.settings.codAdvancePaise ?? 0,
    codAdvanceFor: row?.settings.codAdvanceFor ?? 'none',
  };
}

/** Whether a product is on sale. */
export async function productOnSale(db: Queryable, productId: number): Promise<boolean> {
  const [row] = await db.select({ status: products.status }).from(products).where(eq(products.id, productId));
  return row?.status === 'active';
}
