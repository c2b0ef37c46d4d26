import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { OrderStatus } from '@kapaas/db';
import { describe, expect, it } from 'vitest';
import { effectsOf } from '../../lib/state-machine';
import { ORDER_PROCESS, type OrderActor, ownerMovesFrom } from './order-process';

/** The names of what a move does in its transaction, shared effects included. */
function effectsOfMove(from: OrderStatus, to: OrderStatus, by: OrderActor): string[] {
  const move = ORDER_PROCESS.moves.find((m) => m.from.includes(from) && m.to === to && m.by.includes(by));
  if (!move) throw new Error(`no move ${from} -> ${to} by ${by}`);
  return effectsOf(ORDER_PROCESS, move).map((effect) => effect.name);
}

describe('the order process', () => {
  it('writes a history line and queues the shopper’s message on every move', () => {
    for (const move of ORDER_PROCESS.moves) {
      const names = effectsOf(ORDER_PROCESS, move).map((effect) => effect.name);
      expect(names.slice(0, 2), move.name).toEqual([
        'a line in the order history',
        "the shopper's message (paid, shipped, delivered, cancelled; outbox, once per status)",
      ]);
    }
    expect(ORDER_PROCESS.everyMove?.afterCommit?.map((e) => e.name)).toEqual([
      'the catalogue told which products changed availability',
      "the funnel told which products an order paid for (a COD order's on the day it was placed)",
    ]);
  });

  it('owns every effect of a move: invoice, stock, coupon, credit note and the cash-on-delivery block', () => {
    expect(effectsOfMove('pending_payment', 'paid', 'payment')).toEqual(
      expect.arrayContaining(['the held pieces sold (stock and reserved down)', 'the GST invoice issued']),
    );
    expect(effectsOfMove('expired', 'paid', 'payment')).toContain(
      'free pieces sold (a late payment), refused when they sold out',
    );
    for (const [from, by] of [
      ['pending_payment', 'payment'],
      ['pending_payment', 'sweep'],
    ] as const) {
      const to = by === 'payment' ? 'payment_failed' : 'expired';
      expect(effectsOfMove(from, to, by)).toContain('the held pieces released, and any coupon use given back');
    }
    expect(effectsOfMove('paid', 'cancelled', 'owner')).toEqual(
      expect.arrayContaining([
        'the sold pieces back on the shelf, and the coupon use given back',
        'its invoice credited in full (a credit note, unless a refund credited it already)',
      ]),
    );
    expect(effectsOfMove('cod_confirmed', 'cancelled', 'owner')).not.toContain(
      'its invoice credited in full (a credit note, unless a refund credited it already)',
    );
    expect(effectsOfMove('packed', 'shipped', 'owner')).toContain('a cash-on-delivery order’s GST invoice issued');
    expect(effectsOfMove('shipped', 'returned_to_origin', 'owner')).toEqual(
      expect.arrayContaining([
        'a cash-on-delivery parcel’s invoice credited in full, as returned goods',
        'cash on delivery blocked for this shopper and phone number for 90 days (delivery’s RTO_BLOCK_DAYS)',
      ]),
    );
  });

  it('gives the console the moves the owner may make by hand, never refunded (the refund action makes it)', () => {
    expect(ownerMovesFrom('paid')).toEqual(['packed', 'cancelled']);
    expect(ownerMovesFrom('cod_pending_confirmation')).toEqual(['cod_confirmed', 'cancelled']);
    expect(ownerMovesFrom('shipped')).toEqual(['delivered', 'returned_to_origin']);
    expect(ownerMovesFrom('cancelled')).toEqual([]);
    expect(ownerMovesFrom('pending_payment')).toEqual([]);
  });
});

const src = join(import.meta.dirname, '../..');

function* productionFiles(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* productionFiles(path);
    else if (/\.ts$/.test(name) && !/\.(test|pg\.test|fixtures)\.ts$/.test(name)) yield path;
  }
}

describe("an order's status", () => {
  it('is written by moveOrder alone (orders/move.ts), in drizzle and in raw SQL', () => {
    const writers: string[] = [];
    for (const file of productionFiles(src)) {
      const text = readFileSync(file, 'utf8');
      const drizzle = /\.update\(orders\)\s*\.set\(\{[^}]*\bstatus\b/.test(text);
      const raw = /UPDATE\s+orders\s+SET[^;`]*\bstatus\b/i.test(text);
      if (drizzle || raw) writers.push(relative(src, file));
    }
    expect(writers).toEqual(['modules/orders/move.ts']);
  });
});
