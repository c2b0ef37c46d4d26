import type { AdminReturn, AdminReturnSummary, ReturnDetail, ReturnLine, ReturnSummary } from '@kapaas/contract';
import type { Queryable } from '@kapaas/db';
import { paiseToRupees } from '../../lib/money';
import { staffPhotoUrl } from '../photos';
import { actionsOf, customerReturnHistory, type ReturnState } from './lifecycle';
import {
  eventsOf,
  linesOfReturns,
  type OrderRow,
  orderRow,
  type ReturnLineRow,
  type ReturnRow,
} from './returns.repository';

// How a return is shown: to the shopper (return_details, my_returns) and in the console.

function lineOf(row: ReturnLineRow): ReturnLine {
  const { line } = row;
  return {
    product_id: line.productId,
    product_name: row.productName,
    product_image: row.productImage,
    size_id: line.sizeId,
    size: row.sizeLabel,
    quantity: line.quantity,
    kind: line.kind,
    new_size_id: line.newSizeId,
    new_size: row.newSizeLabel,
    reason: line.reason,
    note: line.note,
    amount: paiseToRupees(line.paidPaise),
  };
}

/** What the shopper paid for the return lines (not the exchanges), in paise: what the refund gives back. */
export function refundDuePaise(lines: readonly { kind: string; paidPaise: number }[]): number {
  return lines.filter((l) => l.kind === 'return').reduce((sum, l) => sum + l.paidPaise, 0);
}

/** The facts the lifecycle decides with. */
export function stateOf(request: ReturnRow, lines: readonly { kind: string }[]): ReturnState {
  return {
    status: request.status,
    hasReturn: lines.some((l) => l.kind === 'return'),
    hasExchange: lines.some((l) => l.kind === 'exchange'),
    refunded: request.refundedAt !== null,
    exchangeShipped: request.exchangeShippedAt !== null,
  };
}

function summaryOf(request: ReturnRow, rows: ReturnLineRow[]): ReturnSummary {
  return {
    return_id: request.id,
    order_id: request.orderId,
    status: request.status,
    created_at: request.createdAt.toISOString(),
    lines: rows.map(lineOf),
    refund_amount: paiseToRupees(refundDuePaise(rows.map((r) => r.line))),
  };
}

/** The shopper's returns, each with its lines. */
export async function summariesOf(db: Queryable, requests: ReturnRow[]): Promise<ReturnSummary[]> {
  const rows = await linesOfReturns(
    db,
    requests.map((r) => r.id),
  );
  return requests.map((request) =>
    summaryOf(
      request,
      rows.filter((r) => r.line.returnId === request.id),
    ),
  );
}

function refundOf(request: ReturnRow) {
  if (request.refundedAt === null || request.refundPaise === null || request.refundMethod === null) return null;
  return {
    amount: paiseToRupees(request.refundPaise),
    method: request.refundMethod,
    reference: request.refundReference,
    at: request.refundedAt.toISOString(),
  };
}

function shipmentOf(request: ReturnRow) {
  if (request.exchangeShippedAt === null || request.exchangeTrackingNote === null) return null;
  return { tracking_note: request.exchangeTrackingNote, at: request.exchangeShippedAt.toISOString() };
}

/** One return in full, as the shopper sees it. */
export async function detailOf(db: Queryable, request: ReturnRow): Promise<ReturnDetail> {
  const [summary] = await summariesOf(db, [request]);
  if (!summary) throw new Error('a return without its summary');
  return {
    ...summary,
    photos: request.photos,
    decision_message: request.decisionMessage,
    refund: refundOf(request),
    exchange_shipment: shipmentOf(request),
    history: customerReturnHistory(await eventsOf(db, request.id)),
  };
}

/** A return as the console lists it. */
export function adminSummaryOf(request: ReturnRow, order: OrderRow, rows: ReturnLineRow[]): AdminReturnSummary {
  const lines = rows.map((r) => r.line);
  const address = order.addressSnapshot;
  return {
    id: request.id,
    order_id: order.id,
    status: request.status,
    customer: `${address.first_name} ${address.last_name}`.trim(),
    email: address.email_id,
    payment_method: order.paymentMethod,
    pieces: lines.reduce((n, l) => n + l.quantity, 0),
    has_exchange: lines.some((l) => l.kind === 'exchange'),
    has_return: lines.some((l) => l.kind === 'return'),
    refund_amount: paiseToRupees(refundDuePaise(lines)),
    created_at: request.createdAt.toISOString(),
    updated_at: request.updatedAt.toISOString(),
  };
}

/**
 * One return in full for the console, with the owner's possible next steps; its courier pickup is the shipping
 * module's, which the console's service adds (shipping imports returns, not the other way).
 */
export async function adminDetailOf(db: Queryable, request: ReturnRow): Promise<Omit<AdminReturn, 'pickup'>> {
  const order = await orderRow(db, request.orderId);
  if (!order) throw new Error(`return ${request.id} has no order`);
  const rows = await linesOfReturns(db, [request.id]);
  const refund = refundOf(request);
  return {
    ...adminSummaryOf(request, order, rows),
    lines: rows.map(lineOf),
    // The console opens a return's private photos with the staff's token, not the shopper's session.
    photos: request.photos.map(staffPhotoUrl),
    decision_message: request.decisionMessage,
    refund: refund && { ...refund, provider_refund_id: request.providerRefundId },
    exchange_shipment: shipmentOf(request),
    actions: actionsOf(
      stateOf(
        request,
        rows.map((r) => r.line),
      ),
    ),
    history: (await eventsOf(db, request.id)).map((event) => ({
      status: event.status,
      note: event.note,
      customer_note: event.customerNote,
      at: event.createdAt.toISOString(),
    })),
  };
}
