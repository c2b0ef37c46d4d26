import { KAPAAS_CSV_COLUMNS } from '@kapaas/contract';
import { describe, expect, it } from 'vitest';
import { readCsv } from './csv-file';
import { kapaasDrafts } from './kapaas-format';
import { shopifyDrafts } from './shopify-format';

/*
 * A big file must not hold the shop's event loop while it is read (issue 39 §3: no stall over 50 ms during a
 * 50,000-row import, measured by `npm run bench -- --import-only`). These tests count, without any clock, the turns
 * the event loop gets while a file is read: a chain of setImmediate callbacks runs only when the reading lets it.
 */

/** Runs `work` and answers how many turns of the event loop ran before it ended. */
async function turnsDuring(work: () => Promise<unknown>): Promise<number> {
  let turns = 0;
  let running = true;
  const turn = () => {
    if (!running) return;
    turns += 1;
    setImmediate(turn);
  };
  setImmediate(turn);
  try {
    await work();
  } finally {
    running = false;
  }
  return turns;
}

const SHOPIFY_HEADER = 'Handle,Title,Body (HTML),Type,Option1 Name,Option1 Value,Variant SKU,Variant Price\n';
/** A Shopify file of `products` products of five sizes, about 200 bytes a row. */
function shopifyFile(products: number): Buffer {
  const lines = [SHOPIFY_HEADER];
  const body = `"<p>${'Soft organic cotton, stitched in small batches. '.repeat(2)}</p>"`;
  for (let n = 0; n < products; n++) {
    for (const size of ['0-3M', '3-6M', '6-12M', '12-18M', '18-24M']) {
      const product = size === '0-3M' ? `Kurta ${n},${body},Jhablas & Tops > Kurtas` : ',,';
      lines.push(`kurta-${n},${product},Size,${size},K-${n}-${size},499\n`);
    }
  }
  return Buffer.from(lines.join(''));
}

describe('a big file is read in turns of the event loop', () => {
  it('parses the CSV a chunk at a time, the loop turning between chunks', async () => {
    const csv = shopifyFile(3_000); // 15,000 rows, about 1 MB
    expect(csv.length).toBeGreaterThan(900_000);
    let rows = 0;
    const turns = await turnsDuring(async () => {
      rows = (await readCsv(csv)).lines.length;
    });
    expect(rows).toBe(15_000);
    // 16 KB at a time: about 60 turns for 1 MB (it read the whole file in one or two).
    expect(turns).toBeGreaterThanOrEqual(30);
  });

  it("reads Shopify's rows into drafts in turns", async () => {
    const file = await readCsv(shopifyFile(400)); // 2,000 rows
    let products = 0;
    const turns = await turnsDuring(async () => {
      products = (await shopifyDrafts(file)).products.length;
    });
    expect(products).toBe(400);
    expect(turns).toBeGreaterThanOrEqual(5);
  });

  it("finishes Shopify's products in turns too, after their rows are read", async () => {
    // 2,000 products of one row each: reading the rows takes 10 turns; finishing the products (checking their
    // fields) took none of its own before, and held the loop for 70–110 ms at 10,000 products.
    const lines = [SHOPIFY_HEADER];
    for (let n = 0; n < 2_000; n++)
      lines.push(`kurta-${n},Kurta ${n},<p>Soft</p>,Tops > Kurtas,Size,0-3M,K-${n},499\n`);
    const file = await readCsv(Buffer.from(lines.join('')));
    let products = 0;
    const turns = await turnsDuring(async () => {
      products = (await shopifyDrafts(file)).products.length;
    });
    expect(products).toBe(2_000);
    expect(turns).toBeGreaterThanOrEqual(18);
  });

  it("reads Kapaas's rows into drafts in turns", async () => {
    const row = (n: number) => KAPAAS_CSV_COLUMNS.map((column) => (column === 'handle' ? `kurta-${n}` : '')).join(',');
    const text = [KAPAAS_CSV_COLUMNS.join(','), ...Array.from({ length: 2_000 }, (_, n) => row(n))].join('\n');
    const file = await readCsv(Buffer.from(text));
    let products = 0;
    const turns = await turnsDuring(async () => {
      products = (await kapaasDrafts(file)).products.length;
    });
    expect(products).toBe(2_000);
    expect(turns).toBeGreaterThanOrEqual(5);
  });
});
