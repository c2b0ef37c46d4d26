import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../../../test/shop';
import {
  type PackingSlip,
  packingSlipsOf,
  renderPackingSlip,
  renderPackingSlips,
  renderPackingSlipsPaged,
  slipDate,
} from './packing-slip';
import { packedOrderOfThreeLines } from './parcel.fixtures';

/** Set PACKING_SLIP_PDF_DIR to keep the rendered PDFs, to look at them (pdftoppm -png -r 80). */
const keepIn = process.env.PACKING_SLIP_PDF_DIR;

/** Each page's text, with runs of white space made one space. */
async function pagesOf(pdf: Buffer, name: string): Promise<string[]> {
  if (keepIn) {
    await mkdir(keepIn, { recursive: true });
    await writeFile(join(keepIn, `${name}.pdf`), pdf);
  }
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: false });
  return text.map((page) => page.replace(/\s+/g, ' '));
}

const slip = (orderId: number, pieces: PackingSlip['pieces']): PackingSlip => ({
  orderId,
  placedAt: new Date('2026-11-26T20:15:00Z'),
  shipTo: {
    name: 'Ananya Deshpande',
    address: 'Flat 4B, Sai Krupa, 17 Law College Road',
    city: 'Pune',
    state: 'Maharashtra',
    pinCode: '411038',
    phone: '9876543210',
  },
  pieces,
});

const THREE = [
  { name: 'Haldi Mulmul Jhabla', size: '0-3M', quantity: 2 },
  { name: 'Indigo Block Print Romper', size: '6-12M', quantity: 1 },
  { name: 'Ajrakh Night Suit, full sleeves with a long name that has to wrap in its cell', size: '2-3Y', quantity: 3 },
];

/** Anything that would tell a gift's receiver what it cost. */
const MONEY = /₹|Rs\.?\s|INR|price|total|amount|subtotal|paid/i;

describe('the packing slip PDF', () => {
  it('lists the order, its date, where it goes and each piece with its size and quantity, on one page, with no prices', async () => {
    const pages = await pagesOf(await renderPackingSlip(slip(1042, THREE)), 'slip-three-lines');
    expect(pages).toHaveLength(1);
    const [text = ''] = pages;
    for (const expected of [
      'Packing slip',
      'Order #1042',
      // Placed at 01:45 on 27 Nov in India: the slip prints India's day.
      'Placed 27 Nov 2026',
      'Ananya Deshpande',
      'Flat 4B, Sai Krupa, 17 Law College Road',
      'Pune 411038',
      'Maharashtra',
      'Phone 9876543210',
      'Haldi Mulmul Jhabla',
      'Indigo Block Print Romper',
      'Ajrakh Night Suit',
      '0-3M',
      '6-12M',
      '2-3Y',
      '6 pieces in all',
      'Thank you for shopping with Kapaas.',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).toMatch(/Haldi Mulmul Jhabla 0-3M 2/);
    expect(text).toMatch(/Indigo Block Print Romper 6-12M 1/);
    expect(text).not.toMatch(MONEY);
  });

  it('prints a batch with each order from a page of its own, in the order given', async () => {
    const pages = await pagesOf(
      await renderPackingSlips([slip(7, THREE), slip(5, THREE.slice(0, 1)), slip(9, THREE.slice(1))]),
      'slips-batch',
    );
    expect(pages).toHaveLength(3);
    expect(pages.map((page) => /Order #(\d+)/.exec(page)?.[1])).toEqual(['7', '5', '9']);
    expect(pages[1]).toContain('2 pieces in all');
    expect(pages[1]).not.toContain('Romper');
    expect(pages[2]).toContain('4 pieces in all');
  });

  it('goes on to a further page for an order of very many lines, naming the order there, and the next starts afresh', async () => {
    const many = Array.from({ length: 45 }, (_, index) => ({
      name: `Organic Cotton Piece ${index + 1}`,
      size: '3-4Y',
      quantity: 1,
    }));
    const pages = await pagesOf(await renderPackingSlips([slip(11, many), slip(12, THREE)]), 'slips-long');
    expect(pages).toHaveLength(3);
    expect(pages[0]).toContain('Organic Cotton Piece 1 ');
    expect(pages[0]).not.toContain('Thank you');
    expect(pages[0]).toContain('Continued on the next page');
    expect(pages[1]).toContain('Packing slip (continued)');
    expect(pages[1]).toContain('Order #11');
    expect(pages[1]).toContain('Organic Cotton Piece 45');
    expect(pages[1]).toContain('45 pieces in all');
    expect(pages[1]).toContain('Thank you');
    expect(pages[2]).toContain('Order #12');
    // The batch print places each order's pages beside its label: it is told how many each slip took.
    expect((await renderPackingSlipsPaged([slip(12, THREE), slip(11, many), slip(13, THREE)])).pageCounts).toEqual([
      1, 2, 1,
    ]);
  });

  it('refuses an empty batch', () => {
    expect(() => renderPackingSlips([])).toThrow(RangeError);
    expect(slipDate(new Date('2026-01-05T10:00:00Z'))).toBe('5 Jan 2026');
  });
});

describe('packingSlipsOf', () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await startTestShop();
  });
  afterAll(async () => {
    await shop.close();
  });

  it('reads an order’s address and lines as placed; its slip shows the sizes and none of the prices the lines carry', async () => {
    const { order, lines } = await packedOrderOfThreeLines(shop);
    const other = await packedOrderOfThreeLines(shop);
    const slips = await packingSlipsOf(shop.database.db, [other.order.id, 999_999, order.id]);
    expect(slips.map((s) => s.orderId)).toEqual([other.order.id, order.id]);
    const mine = slips[1];
    expect(mine).toMatchObject({
      orderId: order.id,
      placedAt: order.createdAt,
      shipTo: { name: 'Asha Rao', address: '12 MG Road', city: 'Bengaluru', pinCode: '560001', phone: '9876543210' },
      pieces: lines.map((line) => ({ name: line.productName, size: line.sizeLabel, quantity: line.quantity })),
    });
    const [text = ''] = await pagesOf(await renderPackingSlip(mine as PackingSlip), 'slip-from-order');
    for (const line of lines) expect(text).toContain(line.sizeLabel);
    expect(text).toContain(`Order #${order.id}`);
    expect(text).toContain('6 pieces in all');
    // The lines were sold at ₹549 each, ₹1,098 and ₹1,647 a line, ₹3,294 in all: none of it is printed.
    for (const figure of ['549', '1,098', '1098', '1,647', '3,294', '3294']) expect(text).not.toContain(figure);
    expect(text).not.toMatch(MONEY);
    expect(await packingSlipsOf(shop.database.db, [])).toEqual([]);
  });
});
