import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import * as schema from '@kapaas/db';
import { integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { AS_ROW, type ColumnClass, NOT_PERSONAL, personalOf, REGISTRY, type TableEntry } from './registry';
import { registryProblems, tablesOf } from './registry-check';
import { REGISTRY_END, REGISTRY_START, registryMarkdown } from './registry-doc';

const root = resolve(import.meta.dirname, '../../../../..');
const tables = tablesOf(schema);
/** What the registry finds wrong with `changed` that it does not with the schema as it is. */
const newProblems = (changed: Map<string, string[]>, registry: Readonly<Record<string, TableEntry>> = REGISTRY) => {
  const before = new Set(registryProblems(tables, REGISTRY));
  return registryProblems(changed, registry).filter((problem) => !before.has(problem));
};

describe('the registry of personal data (issue 35)', () => {
  it('classifies every column of every table of the schema, and names none the schema lacks', () => {
    expect(tables.size).toBeGreaterThan(50);
    expect(registryProblems(tables, REGISTRY)).toEqual([]);
  });

  it('fails when a column is added to a table without a classification', () => {
    // The guests table as it would be with a column someone added and forgot to classify.
    const withIp = pgTable('guests', {
      id: serial('id').primaryKey(),
      createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
      lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
      clientAddress: text('client_address'),
    });
    const grown = new Map([...tables, ...tablesOf({ withIp })]);
    expect(newProblems(grown)).toEqual([
      'guests.client_address is not classified: say in privacy/registry.ts whether it is personal',
    ]);
  });

  it('fails when a table is added without an entry', () => {
    const loyaltyCards = pgTable('loyalty_cards', { id: serial('id').primaryKey(), userId: integer('user_id') });
    const grown = new Map([...tables, ...tablesOf({ loyaltyCards })]);
    expect(newProblems(grown)).toEqual([
      'table loyalty_cards is not in the registry of personal data (privacy/registry.ts)',
    ]);
  });

  it('fails when the registry names a column or a table the schema no longer has', () => {
    const users = REGISTRY.users;
    if (!users) throw new Error('users is in the registry');
    const columns: Record<string, ColumnClass> = { ...users.columns, date_of_birth: NOT_PERSONAL };
    const stale: Record<string, TableEntry> = { ...REGISTRY, users: { ...users, columns } };
    expect(newProblems(tables, stale)).toEqual(['the registry classifies users.date_of_birth, which the schema lacks']);
    // The schema as it would be with newsletter_subscribers dropped, and the registry still naming it.
    const shrunk = new Map([...tables].filter(([name]) => name !== 'newsletter_subscribers'));
    expect(newProblems(shrunk)).toEqual(['the registry names table newsletter_subscribers, which the schema lacks']);
  });

  it('fails on a person key the table lacks, a key through a table tied to no one, and an unexplained unkeyed table', () => {
    const broken = {
      ...REGISTRY,
      wishlist_items: { ...REGISTRY.wishlist_items, person: [{ column: 'owner_id', names: 'user' as const }] },
      cart_items: { ...REGISTRY.cart_items, person: [{ column: 'cart_id', through: 'products' }] },
      stock_alerts: { ...REGISTRY.stock_alerts, person: [] },
    } as typeof REGISTRY;
    expect(newProblems(tables, broken)).toEqual(
      expect.arrayContaining([
        "wishlist_items's person key names owner_id, which it lacks",
        'stock_alerts holds personal data but no person key ties a row to a person, and it does not say why',
        "cart_items's person key goes through products, tied to no one",
      ]),
    );
  });

  it('classifies what erasure must know: names and addresses anonymised, invoices kept 72 months, sessions deleted', () => {
    expect(personalOf('users', 'email')).toMatchObject({ category: 'contact', fate: { kind: 'anonymise' } });
    expect(personalOf('orders', 'address_snapshot')).toMatchObject({
      category: 'address',
      fate: { kind: 'anonymise' },
    });
    expect(personalOf('tax_invoices', 'number')).toMatchObject({ fate: { kind: 'keep_for_law', months: 72 } });
    expect(personalOf('sessions', 'token_hash')).toEqual({ category: 'technical', fate: { kind: 'delete' } });
    expect(personalOf('products', 'name')).toBeNull();
    expect(() => personalOf('users', 'shoe_size')).toThrow('does not classify users.shoe_size');
    expect(REGISTRY.sessions?.columns.user_id).toBe(AS_ROW);
  });
});

describe("docs/privacy.md's registry", () => {
  it('is the registry as registryMarkdown renders it', () => {
    const doc = readFileSync(resolve(root, 'docs/privacy.md'), 'utf8');
    const start = doc.indexOf(REGISTRY_START);
    const end = doc.indexOf(REGISTRY_END);
    expect(start, `docs/privacy.md lacks ${REGISTRY_START}`).toBeGreaterThanOrEqual(0);
    const shown = doc
      .slice(start + REGISTRY_START.length, end)
      .trim()
      .split('\n');
    expect(shown).toEqual(registryMarkdown());
  });
});
