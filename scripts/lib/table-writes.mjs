// Finds which tables the API's production code writes, and who may (ADR 021, amended by ADR 039).
// The writes a module makes are read from its source, not from a list kept by hand: a drizzle call
// `.insert(t)`, `.update(t)` or `.delete(t)` on a table imported from `@kapaas/db` (under any local
// name, or as `schema.t` / `db.t` through a namespace import), and raw SQL `INSERT INTO`, `UPDATE` or
// `DELETE FROM` naming a table or interpolating one (`${orders}`). It is a text scan, not a type
// check: a table passed through a variable of another name escapes it, which review catches.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

/** Every table of packages/db/src/schema: its export name (`orderEvents`) → its SQL name (`order_events`). */
export function schemaTables(root) {
  const dir = join(root, 'packages/db/src/schema');
  const tables = new Map();
  for (const name of readdirSync(dir)) {
    if (!name.endsWith('.ts') || name.endsWith('.test.ts')) continue;
    const text = readFileSync(join(dir, name), 'utf8');
    for (const match of text.matchAll(/export const (\w+) = pgTable\(\s*'([^']+)'/g)) tables.set(match[1], match[2]);
  }
  return tables;
}

/**
 * The names under which a file sees `@kapaas/db`'s tables: `locals` maps a local name to a table's export
 * name (`orders`, `orders as o`), `namespaces` holds names bound to the whole schema (`import * as db`,
 * `import { schema }`).
 */
export function dbBindings(text, tables) {
  const locals = new Map();
  const namespaces = new Set();
  for (const match of text.matchAll(/import\s+(?:type\s+)?\{([^}]*)\}\s*from\s*['"]@kapaas\/db['"]/g)) {
    for (const part of match[1].split(',')) {
      const [imported, local] = part
        .trim()
        .replace(/^type\s+/, '')
        .split(/\s+as\s+/);
      if (!imported) continue;
      if (imported === 'schema') namespaces.add(local ?? imported);
      else if (tables.has(imported)) locals.set(local ?? imported, imported);
    }
  }
  for (const match of text.matchAll(/import\s+\*\s+as\s+(\w+)\s+from\s*['"]@kapaas\/db['"]/g)) namespaces.add(match[1]);
  return { locals, namespaces };
}

/**
 * The table export names an expression such as `orders`, `o` or `schema.orders` stands for. A variable typed
 * with tables (`table: typeof patterns | typeof genders`, as the console's generic resources take) stands for
 * each of them.
 */
export function tablesOf(expression, { locals, namespaces }, tables, text) {
  const [head, name, ...rest] = expression.split('.');
  if (name !== undefined) return rest.length === 0 && namespaces.has(head) && tables.has(name) ? [name] : [];
  if (locals.has(head)) return [locals.get(head)];
  const typed = new RegExp(`\\b${head.replace(/\$/g, '\\$')}\\??\\s*:\\s*((?:typeof\\s+[\\w$.]+\\s*\\|?\\s*)+)`);
  const annotation = text.match(typed);
  if (!annotation) return [];
  return [...annotation[1].matchAll(/typeof\s+([\w$.]+)/g)].flatMap((m) =>
    tablesOf(m[1], { locals, namespaces }, tables, ''),
  );
}

/** Block comments and whole-line comments go, so that prose about `UPDATE orders` is not a write. */
export const withoutComments = (text) =>
  text.replace(/\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, '')).replace(/^[ \t]*\/\/.*$/gm, '');

/** Line number (1-based) of a character offset. */
export const lineAt = (text, index) => text.slice(0, index).split('\n').length;

/** The writes in one file's text: { table (SQL name), line, how }. */
export function writesIn(source, tables) {
  const text = withoutComments(source);
  const bindings = dbBindings(text, tables);
  const sqlNames = new Map([...tables].map(([exported, sqlName]) => [sqlName, exported]));
  const writes = [];
  for (const match of text.matchAll(/\.(insert|update|delete)\(\s*([\w$]+(?:\.[\w$]+)?)\s*\)/g)) {
    for (const exported of tablesOf(match[2], bindings, tables, text)) {
      writes.push({ table: tables.get(exported), line: lineAt(text, match.index), how: `.${match[1]}()` });
    }
  }
  const rawSql = /\b(INSERT\s+INTO|UPDATE|DELETE\s+FROM)\s+(?:\$\{\s*([\w$.]+)\s*\}|"?([a-z_][a-z0-9_]*)"?)/g;
  for (const match of text.matchAll(rawSql)) {
    const named = match[2] ? tablesOf(match[2], bindings, tables, text) : [sqlNames.get(match[3])];
    for (const exported of named.filter(Boolean)) {
      writes.push({ table: tables.get(exported), line: lineAt(text, match.index), how: match[1].replace(/\s+/g, ' ') });
    }
  }
  return writes;
}

export function* sourceFiles(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* sourceFiles(path);
    else if (/\.tsx?$/.test(name)) yield path;
  }
}

/** Tests, fixtures and test helpers set up rows of any table; only production code is held to the owners. */
export const isProduction = (file) =>
  !/\.(test|pg\.test|fixtures|test-helpers)\.tsx?$/.test(file) && !file.includes('.test.');

/** Every table written by production code under apps/api/src/modules: { module, file, table, line, how }. */
export function moduleWrites(root) {
  const tables = schemaTables(root);
  const modules = join(root, 'apps/api/src/modules');
  const found = [];
  for (const file of sourceFiles(modules)) {
    const parts = relative(modules, file).split(sep);
    if (parts.length < 2 || !isProduction(file)) continue;
    for (const write of writesIn(readFileSync(file, 'utf8'), tables)) {
      found.push({ module: parts[0], file: relative(root, file), ...write });
    }
  }
  return found;
}

/**
 * Every table written by production code of apps/api/src outside the modules (lib/, plugins/, dev/, backups/ and the
 * files at the top): { place, file, path (from apps/api/src), table, line, how }. `place` is `lib/` for a file of
 * lib/, the file's own name at the top.
 */
export function writesBelowTheModules(root) {
  const tables = schemaTables(root);
  const src = join(root, 'apps/api/src');
  const found = [];
  for (const file of sourceFiles(src)) {
    const path = relative(src, file).split(sep).join('/');
    if (path.startsWith('modules/') || !isProduction(file)) continue;
    const place = path.includes('/') ? `${path.split('/')[0]}/` : path;
    for (const write of writesIn(readFileSync(file, 'utf8'), tables)) {
      found.push({ place, file: relative(root, file), path, ...write });
    }
  }
  return found;
}

/**
 * Whether an infrastructure table's owner, as INFRASTRUCTURE_TABLES names it (`lib/rate-limit.ts`,
 * `dev/razorpay-sandbox (ADR 022)`: a path from apps/api/src, then any note), is the file at `path` or a folder of it.
 */
function ownsAsInfrastructure(owner, path) {
  const ownerPath = owner.split(' ')[0];
  return path === ownerPath || path.startsWith(`${ownerPath}/`);
}

/** The problems of the writes outside the modules: each writes only the infrastructure tables assigned to it. */
function problemsBelowTheModules(root, ownerOf, infrastructure) {
  const problems = [];
  for (const write of writesBelowTheModules(root)) {
    const infra = infrastructure[write.table];
    if (infra !== undefined && ownsAsInfrastructure(infra, write.path)) continue;
    const owner = ownerOf.get(write.table) ?? 'nobody';
    const where = `${write.file}:${write.line} writes ${write.table} (${write.how}) from ${write.place}`;
    problems.push(
      infra === undefined
        ? `${where}, below the modules; its owner is ${owner}: have app.ts or the owner hand it the owner's operations`
        : `${where}; its owner is ${owner}: call the owner`,
    );
  }
  return problems;
}

/**
 * What breaks the owners map: a table the map gives no owner or two, a table the map names that the schema
 * lacks, every write by a module that does not own the table, and every write outside the modules of a table
 * that is not infrastructure assigned to that file (ADR 041). Each problem names the file, the table and its owner.
 */
export function ownershipProblems(root, owners, infrastructure) {
  const tables = new Set(schemaTables(root).values());
  const ownerOf = new Map();
  const problems = [];
  const claim = (table, who) => {
    if (!tables.has(table)) problems.push(`table-owners.ts names ${table}, which packages/db/src/schema lacks`);
    else if (ownerOf.has(table))
      problems.push(`table-owners.ts gives ${table} two owners: ${ownerOf.get(table)} and ${who}`);
    else ownerOf.set(table, who);
  };
  for (const [module, owned] of Object.entries(owners)) for (const table of owned) claim(table, `module ${module}`);
  for (const [table, where] of Object.entries(infrastructure)) claim(table, where);
  for (const table of tables) if (!ownerOf.has(table)) problems.push(`table ${table} has no owner in table-owners.ts`);
  for (const write of moduleWrites(root)) {
    if ((owners[write.module] ?? []).includes(write.table)) continue;
    const owner = ownerOf.get(write.table) ?? 'nobody';
    problems.push(
      `${write.file}:${write.line} writes ${write.table} (${write.how}) from module ${write.module}; ` +
        `its owner is ${owner}: call the owner's index.ts`,
    );
  }
  problems.push(...problemsBelowTheModules(root, ownerOf, infrastructure));
  return problems;
}
