// Finds which tables of other modules an API module's production code reads, and checks them against the read
// models each module declares in apps/api/src/modules/table-readers.ts (ADR 043, changing ADR 039's "reading across
// modules is free"). A read is drizzle's `.from(t)` or a join (`.innerJoin(t, …)`, `.leftJoin`, `.rightJoin`,
// `.fullJoin`, `.crossJoin`) on a table imported from `@kapaas/db` (as table-writes.mjs resolves its names), or raw
// SQL `FROM` / `JOIN` naming a table or interpolating one (`${orders}`), a comma-separated `FROM a, b` included. The
// same text scan as the writes: a table handed on under another name escapes it, which review catches.
import { readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import {
  dbBindings,
  isProduction,
  lineAt,
  schemaTables,
  sourceFiles,
  tablesOf,
  withoutComments,
} from './table-writes.mjs';

/** drizzle's reading calls; `Array.from(x)` and `Buffer.from(x)` are left out by the capital before the dot. */
const drizzleRead =
  /(?<![A-Z][\w$]*)\.(from|innerJoin|leftJoin|rightJoin|fullJoin|crossJoin)\(\s*([\w$]+(?:\.[\w$]+)?)\s*[,)]/g;

/**
 * Raw SQL's `FROM` and `JOIN` and the table list after them: `FROM orders o`, `FROM ${orders}`,
 * `FROM reviews, unnest(…)`, `FROM ${productImages}, bounds`. SQL keywords are upper case in this code and
 * names lower case, so an alias never swallows `WHERE`. `DELETE FROM` is a write (table-writes.mjs) and not counted.
 */
const sqlItem = String.raw`(?:\$\{\s*[\w$.]+\s*\}|"?[a-z_][a-z0-9_]*"?)(?:\s+(?:AS\s+)?[a-z_][a-z0-9_]*)?`;
const rawRead = new RegExp(String.raw`(?<!DELETE\s+)\b(FROM|JOIN)\s+(${sqlItem}(?:\s*,\s*${sqlItem})*)`, 'g');

/** The reads in one file's text: { table (SQL name), line, how }. */
export function readsIn(source, tables) {
  const text = withoutComments(source);
  const bindings = dbBindings(text, tables);
  const sqlNames = new Map([...tables].map(([exported, sqlName]) => [sqlName, exported]));
  const reads = [];
  for (const match of text.matchAll(drizzleRead)) {
    for (const exported of tablesOf(match[2], bindings, tables, text)) {
      reads.push({ table: tables.get(exported), line: lineAt(text, match.index), how: `.${match[1]}()` });
    }
  }
  for (const match of text.matchAll(rawRead)) {
    for (const item of match[2].split(',')) {
      const name = item.trim().split(/\s+/)[0];
      const interpolated = name.match(/^\$\{\s*([\w$.]+)\s*\}$/);
      const named = interpolated
        ? tablesOf(interpolated[1], bindings, tables, text)
        : [sqlNames.get(name.replace(/"/g, ''))];
      for (const exported of named.filter(Boolean)) {
        reads.push({ table: tables.get(exported), line: lineAt(text, match.index), how: match[1] });
      }
    }
  }
  return reads;
}

/** Every table read by production code under apps/api/src/modules: { module, file, table, line, how }. */
export function moduleReads(root) {
  const tables = schemaTables(root);
  const modules = join(root, 'apps/api/src/modules');
  const found = [];
  for (const file of sourceFiles(modules)) {
    const parts = relative(modules, file).split(sep);
    if (parts.length < 2 || !isProduction(file)) continue;
    for (const read of readsIn(readFileSync(file, 'utf8'), tables)) {
      found.push({ module: parts[0], file: relative(root, file), ...read });
    }
  }
  return found;
}

/** Who owns each table, as table-owners.ts says: `module orders`, or an infrastructure file. */
function ownersOf(owners, infrastructure) {
  const ownerOf = new Map();
  for (const [module, owned] of Object.entries(owners)) for (const table of owned) ownerOf.set(table, module);
  for (const [table, where] of Object.entries(infrastructure)) ownerOf.set(table, where.split(' ')[0]);
  return ownerOf;
}

/**
 * The problems of the map itself: a module the owners map lacks or one it has that the readers map forgets, a table
 * the schema lacks, a module's own table, a table listed twice in one read model. A table may serve two read
 * models of one module (the sold-out report and the stock lines both read order_items).
 */
function mapProblems(owners, ownerOf, readers) {
  const problems = [];
  for (const module of Object.keys(owners))
    if (!(module in readers))
      problems.push(`table-readers.ts has no entry for module ${module} (write {} if it reads only its own tables)`);
  for (const [module, models] of Object.entries(readers)) {
    if (!(module in owners)) problems.push(`table-readers.ts names module ${module}, which table-owners.ts lacks`);
    for (const [model, { tables }] of Object.entries(models)) {
      for (const [index, table] of tables.entries()) {
        const where = `table-readers.ts: ${module}'s "${model}" names ${table}`;
        if (!ownerOf.has(table)) problems.push(`${where}, which packages/db/src/schema lacks`);
        else if (ownerOf.get(table) === module) problems.push(`${where}, which module ${module} owns`);
        if (tables.indexOf(table) !== index) problems.push(`${where} twice`);
      }
    }
  }
  return problems;
}

/**
 * What breaks the read models: every read by a module of a table another module (or the infrastructure) owns
 * that none of the module's read models lists, naming the file, the table and its owner; every table a read model
 * lists that the module's code no longer reads; and a map that names unknown modules or tables, the module's own
 * tables, or a table twice.
 */
export function readProblems(root, owners, infrastructure, readers) {
  const ownerOf = ownersOf(owners, infrastructure);
  const declared = (module) => new Set(Object.values(readers[module] ?? {}).flatMap((model) => model.tables));
  const problems = mapProblems(owners, ownerOf, readers);
  const made = new Set();
  for (const read of moduleReads(root)) {
    const owner = ownerOf.get(read.table);
    if (owner === undefined || owner === read.module) continue;
    made.add(`${read.module} ${read.table}`);
    if (declared(read.module).has(read.table)) continue;
    const who = owner in owners ? `module ${owner}` : owner;
    problems.push(
      `${read.file}:${read.line} reads ${read.table} (${read.how}) from module ${read.module}; its owner is ${who}: ` +
        `read it through ${owner}'s index.ts or declare a read model in table-readers.ts`,
    );
  }
  for (const [module, models] of Object.entries(readers)) {
    for (const [model, { tables }] of Object.entries(models)) {
      for (const table of tables) {
        if (!made.has(`${module} ${table}`) && ownerOf.has(table) && ownerOf.get(table) !== module)
          problems.push(
            `table-readers.ts: ${module}'s "${model}" lists ${table}, which module ${module} no longer reads`,
          );
      }
    }
  }
  return problems;
}
