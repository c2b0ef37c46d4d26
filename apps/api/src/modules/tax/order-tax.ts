import { GST_STATES, gstStateByCode } from '@kapaas/contract';
import type { Queryable, SupplierSnapshot } from '@kapaas/db';
import { AppError } from '../../lib/errors';
import { GARMENT_RATES, type SupplyKind, supplyKind, type TaxedAmount, taxAmount, taxOrder } from './gst';
import {
  currentSupplier,
  deleteOrderTax,
  gstCodeOfState,
  hsnOfProducts,
  insertOrderTax,
  type NewTaxLine,
} from './tax.repository';

/** A line of an order about to be placed, as the tax needs it. */
export interface LineToTax {
  productId: number;
  /** The product's name and size, as the invoice prints it. */
  description: string;
  quantity: number;
  /** Unit price × quantity, in paise, GST included, before the coupon. */
  linePaise: number;
}

/** A goods line as the invoice prints it: the product's name and size, and its SKU when the size had one (ADR 063). */
export function goodsDescription(line: { name: string; sizeLabel: string; sku: string | null }): string {
  const described = `${line.name} (${line.sizeLabel})`;
  return line.sku === null ? described : `${described}, SKU ${line.sku}`;
}

/** An order's tax, worked out when it is priced and stored with it by `recordOrderTax`. */
export interface OrderTaxPlan {
  supplier: SupplierSnapshot;
  kind: SupplyKind;
  place: { code: string; name: string };
  lines: NewTaxLine[];
}

/** The delivery state's GST code: the shop's states carry it, the GST table answers for a state the shop left without one. */
async function placeOfSupply(db: Queryable, stateName: string): Promise<{ code: string; name: string }> {
  const code = (await gstCodeOfState(db, stateName)) ?? GST_STATES.find((state) => state.name === stateName)?.code;
  if (!code) {
    throw new AppError('CONFLICT', `We cannot work out the GST for a delivery to ${stateName}. Please contact us.`, {
      code: 'NO_PLACE_OF_SUPPLY',
    });
  }
  return { code, name: stateName };
}

/** An HSN code printed to the shop's chosen number of digits. */
const printedHsn = (code: string, digits: number) => code.slice(0, digits);

function taxLine(
  position: number,
  what: Pick<NewTaxLine, 'kind' | 'description' | 'hsn' | 'quantity' | 'unit'>,
  taxed: TaxedAmount,
): NewTaxLine {
  return {
    position,
    ...what,
    ratePercent: taxed.ratePercent,
    paidPaise: taxed.paidPaise,
    taxablePaise: taxed.taxablePaise,
    cgstPaise: taxed.cgstPaise,
    sgstPaise: taxed.sgstPaise,
    utgstPaise: taxed.utgstPaise,
    igstPaise: taxed.igstPaise,
  };
}

/**
 * The GST of an order being priced (ADR 032), or null when the shop is not registered for GST (no GSTIN or state in
 * its settings): such a shop charges no tax and issues no invoices. Shipping is a line of its own at the rate of the
 * principal supply, under that line's HSN code: a composite supply is classified as its principal supply.
 */
export async function priceOrderTax(
  db: Queryable,
  order: { stateName: string; lines: LineToTax[]; discountPaise: number; shippingPaise: number; codFeePaise?: number },
): Promise<OrderTaxPlan | null> {
  const supplier = await currentSupplier(db);
  if (!supplier) return null;
  const place = await placeOfSupply(db, order.stateName);
  const kind = supplyKind(supplier.state_code, place.code, gstStateByCode(place.code)?.utWithoutLegislature ?? false);
  const taxed = taxOrder(order.lines, order.discountPaise, order.shippingPaise, kind, GARMENT_RATES);
  const hsn = await hsnOfProducts(
    db,
    order.lines.map((line) => line.productId),
  );
  const codes = order.lines.map((line) => printedHsn(hsn.get(line.productId) ?? '6111', supplier.hsn_digits));
  const lines = order.lines.map((line, index) =>
    taxLine(
      index + 1,
      { kind: 'goods', description: line.description, hsn: codes[index] ?? '', quantity: line.quantity, unit: 'PCS' },
      taxed.lines[index] as TaxedAmount,
    ),
  );
  // Delivering is part of the composite supply: the shipping and the cash-on-delivery fee are taxed at the principal
  // supply's rate, under its HSN code.
  const delivery = (description: string, taxedAmount: TaxedAmount) => {
    const what = {
      kind: 'shipping' as const,
      description,
      hsn: codes[taxed.principalIndex] ?? '',
      quantity: 1,
      unit: 'OTH',
    };
    lines.push(taxLine(lines.length + 1, what, taxedAmount));
  };
  if (order.shippingPaise > 0) delivery('Shipping', taxed.shipping);
  const codFeePaise = order.codFeePaise ?? 0;
  if (codFeePaise > 0) delivery('Cash-on-delivery fee', taxAmount(codFeePaise, taxed.shipping.ratePercent, kind));
  return { supplier, kind, place, lines };
}

/** Stores the tax worked out for an order with it, in the transaction that records the order. */
export async function recordOrderTax(tx: Queryable, orderId: number, plan: OrderTaxPlan): Promise<void> {
  await insertOrderTax(
    tx,
    orderId,
    { supplyKind: plan.kind, placeCode: plan.place.code, placeName: plan.place.name, supplier: plan.supplier },
    plan.lines,
  );
}

/**
 * An order's tax worked out again and stored in place of the one recorded at placement: a cash-on-delivery order paid
 * online instead (issue 34) loses its fee and gains the prepaid discount before its invoice is issued. Only for an
 * order not yet invoiced; a shop not registered for GST stores none.
 */
export async function repriceOrderTax(
  tx: Queryable,
  orderId: number,
  order: { stateName: string; lines: LineToTax[]; discountPaise: number; shippingPaise: number; codFeePaise: number },
): Promise<void> {
  await deleteOrderTax(tx, orderId);
  const plan = await priceOrderTax(tx, order);
  if (plan) await recordOrderTax(tx, orderId, plan);
}
