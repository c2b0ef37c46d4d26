import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../../../test/shop';
import { CatalogueService } from './catalogue.service';

/*
 * A catalogue applies its own changes before it announces them, so it must not apply them again when its own notice
 * comes back. PostgreSQL delivers a notice to its sender too; a change of over 500 products is announced as
 * "everything changed", and the sending process then read its whole catalogue again (the stall of 255 ms after a
 * 10,000-product import on PostgreSQL). PGlite delivers them as well; the handle below says "postgres" so that the
 * catalogue behaves as it does on PostgreSQL whichever database the tests run on.
 */

let shop: TestShop;
const log = Fastify({ logger: false }).log;

beforeAll(async () => {
  shop = await startTestShop();
});

afterAll(async () => {
  await shop?.close();
});

/** A catalogue on the shop's database as a process of a PostgreSQL shop has it, with the kinds of work it did. */
async function followingCatalogue() {
  const kinds: string[] = [];
  const catalogue = new CatalogueService({ ...shop.database, kind: 'postgres' }, log, (kind) => kinds.push(kind));
  await catalogue.whenLoaded();
  const stop = await catalogue.follow();
  kinds.length = 0;
  return { catalogue, kinds, stop };
}

/** Lets notices arrive and the catalogues apply them. */
async function settle(...catalogues: CatalogueService[]) {
  await new Promise((resolve) => setTimeout(resolve, 400));
  for (const catalogue of catalogues) await catalogue.settled();
}

describe('notices of catalogue changes between processes', () => {
  it('a big change is read whole by the other process, and not again by the one that made it', async () => {
    const maker = await followingCatalogue();
    const other = await followingCatalogue();
    try {
      const ids = Array.from({ length: 501 }, (_, k) => k + 1);
      await maker.catalogue.changed({ products: ids });
      expect(maker.kinds).toContain('products');
      await settle(maker.catalogue, other.catalogue);
      // The other process heard "everything changed" (over 500 products) and read it all: the notice came round.
      expect(other.kinds).toContain('full');
      // The maker had applied the change already.
      expect(maker.kinds).not.toContain('full');
    } finally {
      await maker.stop();
      await other.stop();
    }
  });

  it('a small change is applied once by each process', async () => {
    const maker = await followingCatalogue();
    const other = await followingCatalogue();
    try {
      await maker.catalogue.changed({ products: [1, 2] });
      await settle(maker.catalogue, other.catalogue);
      expect(maker.kinds.filter((kind) => kind === 'products')).toHaveLength(1);
      expect(other.kinds.filter((kind) => kind === 'products')).toHaveLength(1);
    } finally {
      await maker.stop();
      await other.stop();
    }
  });
});
