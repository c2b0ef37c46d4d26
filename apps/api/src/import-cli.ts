/**
 * `npm run import -- FILE.csv [--dry-run] [--images FILE.zip] [--create-missing-categories] [--size-map JSON]
 * [--all-or-nothing] [--fetch-image-urls] [--format auto|shopify|kapaas]`: imports a product CSV into the configured
 * database (DATABASE_URL, else the embedded one under DATA_DIR: stop the shop first), as POST /admin/api/imports does
 * (ADR 064). It always answers the dry run first; without --dry-run it then commits the same file and options. Prints
 * the totals and each refused row; exits 1 when a row was refused, 2 when the file or the arguments were.
 */
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { AdminImportFields, type AdminImportReport } from '@kapaas/contract';
import { type DatabaseHandle, DataDirLockedError, openDatabase, prepareDatabase } from '@kapaas/db';
import { loadConfig } from './config';
import { AppError } from './lib/errors';
import { runImport } from './modules/admin';
import { CATALOGUE_CHANNEL } from './modules/catalogue';

const USAGE =
  'Usage: npm run import -- FILE.csv [--dry-run] [--images FILE.zip] [--create-missing-categories] ' +
  '[--size-map \'{"0-3 Months":"0-3M"}\'] [--all-or-nothing] [--fetch-image-urls] [--format auto|shopify|kapaas]';

/** What the command line asks, as the import's form fields. */
function argumentsOf(argv: string[]) {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      'dry-run': { type: 'boolean', default: false },
      images: { type: 'string' },
      'create-missing-categories': { type: 'boolean', default: false },
      'size-map': { type: 'string' },
      'all-or-nothing': { type: 'boolean', default: false },
      'fetch-image-urls': { type: 'boolean', default: false },
      format: { type: 'string', default: 'auto' },
    },
  });
  const [file, ...rest] = positionals;
  if (file === undefined || rest.length > 0) throw new Error('Name one CSV file.');
  const fields = AdminImportFields.parse({
    create_missing_categories: String(values['create-missing-categories']),
    size_map: values['size-map'],
    all_or_nothing: String(values['all-or-nothing']),
    fetch_image_urls: String(values['fetch-image-urls']),
    format: values.format,
  });
  return { file, images: values.images, dryRun: values['dry-run'], fields };
}

/** The totals, then each row that was refused or carries an error, one line each. */
function print(report: AdminImportReport, label: string): void {
  const { totals, products } = report;
  console.log(
    `${label}: ${report.format} file, rows ${totals.created} created, ${totals.updated} updated, ` +
      `${totals.unchanged} unchanged, ${totals.errors} refused (products ${products.created} created, ` +
      `${products.updated} updated, ${products.unchanged} unchanged, ${products.errors} refused)`,
  );
  for (const row of report.rows) {
    for (const error of row.errors)
      console.log(`  row ${row.row} (${row.handle || 'no handle'}, ${row.outcome}): ${error.message}`);
  }
}

async function openConfigured(): Promise<{ handle: DatabaseHandle; dataDir: string; publicUrl: string }> {
  const config = loadConfig();
  const dataDir = resolve(config.DATA_DIR);
  const handle = await openDatabase(
    config.DATABASE_URL
      ? { kind: 'postgres', url: config.DATABASE_URL }
      : { kind: 'pglite', dataDir: join(dataDir, 'pglite') },
  );
  return { handle, dataDir, publicUrl: config.publicUrl };
}

async function main(): Promise<number> {
  const args = argumentsOf(process.argv.slice(2));
  const request = {
    csv: await readFile(args.file),
    zip: args.images === undefined ? undefined : await readFile(args.images),
  };
  const { handle, dataDir, publicUrl } = await openConfigured();
  try {
    await prepareDatabase(handle, { seedDemo: false });
    // A shop on the same PostgreSQL re-reads its whole catalogue when told; the embedded one is stopped meanwhile.
    const deps = {
      db: handle.db,
      catalogue: { changed: () => handle.notify(CATALOGUE_CHANNEL, String(process.pid)) },
      // The console of a shop on the same PostgreSQL can follow the commit's progress (ADR 064, "Progress").
      writesBesideTransaction: handle.kind === 'postgres',
    };
    const places = { mediaDir: join(dataDir, 'media'), publicUrl, picturePolicy: 'public' as const };
    const author = { id: null, email: 'command:npm run import' };
    const dry = await runImport(deps, places, author, { ...request, fields: { ...args.fields, dry_run: true } });
    print(dry, 'Dry run');
    if (args.dryRun) return dry.totals.errors > 0 ? 1 : 0;
    const done = await runImport(deps, places, author, { ...request, fields: { ...args.fields, dry_run: false } });
    print(done, done.committed ? 'Imported' : 'Not imported (all or nothing, and a row was refused)');
    return done.totals.errors > 0 ? 1 : 0;
  } finally {
    await handle.close();
  }
}

try {
  process.exitCode = await main();
} catch (error) {
  if (error instanceof AppError || error instanceof DataDirLockedError) console.error(error.message);
  else if (error instanceof Error && !(error instanceof TypeError)) console.error(`${error.message}\n${USAGE}`);
  else throw error;
  process.exitCode = 2;
}
