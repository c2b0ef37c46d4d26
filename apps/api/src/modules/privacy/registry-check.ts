import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { AS_ROW, NOT_PERSONAL, type TableEntry } from './registry';

/** Each Drizzle table among `exports` (a schema module's exports), as its database name and its columns' names. */
export function tablesOf(exports: Record<string, unknown>): Map<string, string[]> {
  const tables = new Map<string, string[]>();
  for (const value of Object.values(exports)) {
    if (!(value instanceof PgTable)) continue;
    const { name, columns } = getTableConfig(value);
    tables.set(
      name,
      columns.map((column) => column.name),
    );
  }
  return tables;
}

/** What is wrong with one table's entry against its columns: a column left out, or one named that is not there. */
function entryProblems(name: string, columns: readonly string[], entry: TableEntry): string[] {
  const problems: string[] = [];
  for (const column of columns) {
    if (!(column in entry.columns)) {
      problems.push(`${name}.${column} is not classified: say in privacy/registry.ts whether it is personal`);
    }
  }
  for (const [column, kind] of Object.entries(entry.columns)) {
    if (!columns.includes(column)) problems.push(`the registry classifies ${name}.${column}, which the schema lacks`);
    if (kind === AS_ROW && !entry.row) problems.push(`${name}.${column} is classified as its row, which is not`);
  }
  for (const key of entry.person) {
    if (!columns.includes(key.column)) problems.push(`${name}'s person key names ${key.column}, which it lacks`);
  }
  const personal = Object.values(entry.columns).some((kind) => kind !== NOT_PERSONAL);
  if (personal && entry.person.length === 0 && !entry.unkeyed) {
    problems.push(`${name} holds personal data but no person key ties a row to a person, and it does not say why`);
  }
  return problems;
}

/**
 * Where the registry and the schema differ: a table or a column the registry does not classify, one it names that
 * the schema lacks, a person key on a missing column or through a table that ties no row to anyone.
 */
export function registryProblems(
  tables: ReadonlyMap<string, readonly string[]>,
  registry: Readonly<Record<string, TableEntry>>,
): string[] {
  const problems: string[] = [];
  for (const [name, columns] of tables) {
    const entry = registry[name];
    if (!entry) problems.push(`table ${name} is not in the registry of personal data (privacy/registry.ts)`);
    else problems.push(...entryProblems(name, columns, entry));
  }
  for (const [name, entry] of Object.entries(registry)) {
    if (!tables.has(name)) problems.push(`the registry names table ${name}, which the schema lacks`);
    for (const key of entry.person) {
      if (!('through' in key)) continue;
      const parent = registry[key.through];
      if (!parent) problems.push(`${name}'s person key goes through ${key.through}, which the registry lacks`);
      else if (parent.person.length === 0)
        problems.push(`${name}'s person key goes through ${key.through}, tied to no one`);
    }
  }
  return problems;
}
