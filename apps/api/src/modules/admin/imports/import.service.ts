import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import {
  type AdminImportFields,
  type AdminImportReport,
  IMPORT_REPORT_ROWS,
  type ImportCellError,
  type ImportOutcome,
  type ImportRowReport,
  type ImportTotals,
} from '@kapaas/contract';
import type { Database, Queryable } from '@kapaas/db';
import { stringify } from 'csv-stringify/sync';
import { AppError } from '../../../lib/errors';
import { renderImage, writeRenditions } from '../../../lib/images';
import type { Catalogue } from '../../catalogue';
import { recordAudit } from '../audit';
import { cellsOf, fileRefused, readCsv } from './csv-file';
import type { DraftBook, ProductDraft } from './drafts';
import { dropImport, dryRunAnswered, recordImport, startImport } from './imports.repository';
import { isKapaasHeader, kapaasDrafts } from './kapaas-format';
import { type PictureAddressPolicy, type PictureSource, pictureOf, readZip } from './pictures';
import { type PlannedProduct, planImport, settle, YIELD_EVERY } from './plan';
import { ImportProgress } from './progress';
import { shopifyDrafts } from './shopify-format';
import { writePlans } from './write';

/** Where the import writes pictures and which addresses it may fetch them from. */
export interface ImportPlaces {
  /** The shop's media folder (pictures go to its `uploads`, as the console's uploads do). */
  mediaDir: string;
  /** The shop's own address: its /media/ URLs in a file are kept, not fetched. */
  publicUrl: string;
  picturePolicy: PictureAddressPolicy;
}

/** One import as sent: the CSV's bytes, the pictures ZIP's if any, and the form's options. */
/** Who imports: an admin of the console, or the operator's command (id null). */
export interface ImportAuthor {
  id: number | null;
  email: string;
}

/** What an import needs of the shop: its database, and the catalogue to tell once the products are written. */
export interface ImportDeps {
  db: Database;
  catalogue: Pick<Catalogue, 'changed'>;
  /**
   * Whether the progress may be written beside the commit's open transaction: PostgreSQL's pool has other
   * connections, PGlite's one connection is the transaction's (absent: not).
   */
  writesBesideTransaction?: boolean;
}

export interface ImportRequest {
  csv: Buffer;
  /** The CSV's SHA-256 when the caller hashed it as it arrived (the console's upload); else hashed here. */
  csvSha256?: string;
  zip: Buffer | undefined;
  zipSha256?: string | undefined;
  fields: AdminImportFields;
}

const sha256 = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('hex');

/** The options and the ZIP as one hash: a commit must be sent with what its dry run was sent with. */
function optionsHashOf(request: ImportRequest): string {
  const { dry_run: _dryRun, size_map, ...rest } = request.fields;
  const sizeMap = Object.entries(size_map).sort(([a], [b]) => a.localeCompare(b));
  const zip = request.zip ? (request.zipSha256 ?? sha256(request.zip)) : null;
  return sha256(JSON.stringify({ ...rest, sizeMap, zip }));
}

export const COMMIT_WITHOUT_DRY_RUN =
  'Run a dry run of this file with these options first: the shop writes only a file whose report it has shown.';

/** The file's format: as asked, or Shopify's when the header has Handle and Variant Price, Kapaas's when it is its own. */
function draftsOf(
  header: string[],
  format: AdminImportFields['format'],
): (file: Parameters<typeof kapaasDrafts>[0]) => Promise<DraftBook> {
  if (format === 'shopify') return shopifyDrafts;
  if (format === 'kapaas') return kapaasDrafts;
  if (header.includes('Handle') && header.includes('Variant Price')) return shopifyDrafts;
  if (isKapaasHeader(header) || header.includes('handle')) return kapaasDrafts;
  throw fileRefused(
    "The header is neither Shopify's product CSV (it needs Handle and Variant Price) nor Kapaas's (handle,name,…,stock).",
  );
}

/**
 * Runs an import: reads the file, plans every product against the catalogue, takes the pictures, and, unless it is a
 * dry run, writes the valid products in one transaction (none when all-or-nothing and a row was refused), then tells
 * the catalogue once. Answers the report, which is kept with the refused rows (catalogue_imports). Its row is made as
 * it starts and holds its progress meanwhile (ADR 064, "Progress"); a file refused whole leaves no row.
 */
export async function runImport(
  deps: ImportDeps,
  places: ImportPlaces,
  admin: ImportAuthor,
  request: ImportRequest,
): Promise<AdminImportReport> {
  const fileHash = request.csvSha256 ?? sha256(request.csv);
  const optionsHash = optionsHashOf(request);
  const dryRun = request.fields.dry_run;
  if (!dryRun && !(await dryRunAnswered(deps.db, fileHash, optionsHash))) {
    throw new AppError('CONFLICT', COMMIT_WITHOUT_DRY_RUN, {
      code: 'DRY_RUN_FIRST',
      errors: { file: [COMMIT_WITHOUT_DRY_RUN] },
    });
  }
  const reading = { phase: 'reading' as const, rows_done: 0, rows_total: null };
  const entry = { adminId: admin.id, sha256: fileHash, optionsHash, dryRun, progress: reading };
  const importId = await startImport(deps.db, entry);
  const progress = new ImportProgress(deps.db, importId, deps.writesBesideTransaction ?? false);
  try {
    return await importFile(deps, places, admin, request, progress);
  } catch (error) {
    // The refusal is what the owner must see: a failure to tidy up (the database gone) must not replace it.
    await dropImport(deps.db, importId).catch(() => undefined);
    throw error;
  }
}

/** The import once its row is made: read, plan, take the pictures, then write (a commit) and record the answer. */
async function importFile(
  deps: ImportDeps,
  places: ImportPlaces,
  admin: ImportAuthor,
  request: ImportRequest,
  progress: ImportProgress,
): Promise<AdminImportReport> {
  const dryRun = request.fields.dry_run;
  const { book, rowsTotal } = await readBook(request, progress);
  const options = {
    createMissingCategories: request.fields.create_missing_categories,
    sizeMap: request.fields.size_map,
  };
  const plans = await planImport(deps.db, book, options, (rows) => progress.report('checking', rows, rowsTotal));
  await progress.report('checking', rowsTotal, rowsTotal);
  const source = pictureSourceOf(book, places, request);
  const pictures = { source, column: book.columns.image, mediaDir: dryRun ? undefined : places.mediaDir };
  await takeAllPictures(plans, pictures, (rows) => progress.report('pictures', rows, rowsTotal));
  const refused = plans.some((p) => p.outcome === 'error');
  const commit = !dryRun && !(refused && request.fields.all_or_nothing);
  const report = await reportOf(book, plans, { dryRun, committed: commit });
  const rejected = await rejectedCsv(book, report.rows);
  const done = { phase: 'done' as const, rows_done: rowsTotal, rows_total: rowsTotal };
  const { omitted, ...reported } = report;
  const record = {
    summary: { ...reported, rows: report.rows.length, rows_omitted: omitted },
    rejectedCsv: rejected,
    progress: done,
  };
  const writing = plans.filter((p) => commit && (p.outcome === 'created' || p.outcome === 'updated'));
  const rowsToWrite = writing.reduce((sum, plan) => sum + plan.draft.rows.length, 0);
  if (commit) await progress.report('writing', 0, rowsToWrite);
  const written = await progress.during(() =>
    deps.db.transaction(async (tx) => {
      const onWritten = (rows: number) => progress.report('writing', rows, rowsToWrite);
      const result = commit ? await writePlans(tx, plans, onWritten) : { ids: [], structure: false };
      await recordImport(tx, progress.importId, record);
      if (commit) await auditImport(tx, admin, progress.importId, report);
      return result;
    }),
  );
  if (written.structure) await deps.catalogue.changed({ structure: true });
  if (written.ids.length > 0) await deps.catalogue.changed({ products: written.ids });
  const link = rejected === null ? null : `/admin/api/imports/${progress.importId}/rejected.csv`;
  const { rows, omitted: rowsOmitted, ...summary } = report;
  return { ...summary, id: progress.importId, rejected_csv: link, rows, rows_omitted: rowsOmitted };
}

/**
 * The file read into products. The lines' cells are dropped once the products are drafted (the book can read a row
 * again from the file's bytes): held through the import they were about 30 MB of 50,000 rows.
 */
async function readBook(request: ImportRequest, progress: ImportProgress) {
  const file = await readCsv(request.csv, (rows) => progress.report('reading', rows, null));
  const rowsTotal = file.lines.length;
  // Read: from here the rows are checked (turned into products, then planned), and their number is known.
  await progress.report('checking', 0, rowsTotal);
  const book = await draftsOf(file.header, request.fields.format)(file);
  return { book, rowsTotal };
}

async function auditImport(
  db: Queryable,
  admin: ImportAuthor,
  id: number,
  report: Omit<AdminImportReport, 'id' | 'rejected_csv' | 'rows_omitted'>,
) {
  await recordAudit(db, admin, {
    action: 'import',
    resource: 'imports',
    resourceId: id,
    before: null,
    after: { format: report.format, totals: report.totals, products: report.products },
  });
}

/**
 * Every product's pictures, in turns; `onRows` hears the rows done after each product that has pictures (each takes
 * a conversion of a tenth of a second or more; the progress writes at most every 500 ms), and never for a file that
 * names none (it would show a "pictures" phase with nothing to do).
 */
async function takeAllPictures(
  plans: PlannedProduct[],
  pictures: { source: PictureSource; column: string; mediaDir: string | undefined },
  onRows: (rows: number) => Promise<void>,
): Promise<void> {
  const named = plans.some((plan) => plan.outcome !== 'error' && plan.draft.images.length > 0);
  let rows = 0;
  for (const [at, plan] of plans.entries()) {
    await takePictures(plan, pictures.source, pictures.column, pictures.mediaDir);
    rows += plan.draft.rows.length;
    if (named && plan.draft.images.length > 0) await onRows(rows);
    if (at % YIELD_EVERY === 0) await nextTurn();
  }
}

function pictureSourceOf(book: DraftBook, places: ImportPlaces, request: ImportRequest): PictureSource {
  const names = new Set(book.products.flatMap((p) => (p.errors.size > 0 ? [] : p.images.map((i) => i.src))));
  return {
    zip: request.zip ? readZip(request.zip, names) : undefined,
    fetchUrls: request.fields.fetch_image_urls,
    policy: places.picturePolicy,
    publicUrl: places.publicUrl,
  };
}

/**
 * The product's pictures in their order, each converted as an upload is (and written when `mediaDir` is given: a
 * commit). A picture that cannot be taken is reported on its row and left out; the product is imported without it.
 */
async function takePictures(
  plan: PlannedProduct,
  source: PictureSource,
  column: string,
  mediaDir: string | undefined,
): Promise<void> {
  const images = [...plan.draft.images].sort((a, b) => a.position - b.position);
  if (plan.outcome === 'error' || images.length === 0) return;
  const urls: string[] = [];
  for (const image of images) {
    const picture = await pictureOf(image.src, source);
    let failure: string | undefined;
    if ('kept' in picture) urls.push(picture.kept);
    else if ('error' in picture) failure = picture.error;
    else {
      try {
        const rendered = await renderImage(picture.bytes);
        if (mediaDir !== undefined) await writeRenditions(join(mediaDir, 'uploads'), rendered);
        const largest = rendered.renditions[rendered.renditions.length - 1];
        if (largest) urls.push(`/media/uploads/${largest.file}`);
      } catch (error) {
        failure = `'${image.src}': ${error instanceof AppError ? error.message : 'the picture could not be converted.'}`;
      }
    }
    if (failure !== undefined) {
      const list = plan.pictureErrors.get(image.row) ?? [];
      list.push({ column, message: `${column}: ${failure}` });
      plan.pictureErrors.set(image.row, list);
    }
  }
  // None taken keeps the product's own pictures: a file whose pictures all failed must not strip a product bare.
  plan.images = urls.length > 0 ? urls : undefined;
  settle(plan);
}

function emptyTotals(): ImportTotals {
  return { created: 0, updated: 0, unchanged: 0, errors: 0 };
}

function count(totals: ImportTotals, outcome: ImportOutcome): void {
  if (outcome === 'error') totals.errors += 1;
  else totals[outcome] += 1;
}

/** Products whose rows are reported between two turns of the event loop. */
const REPORT_TURN = 1_000;

/**
 * The report: totals of rows and of products, then the rows with something to say: every row with an error (refused,
 * or a picture not taken), then the others in the file's order while the list holds at most IMPORT_REPORT_ROWS. The
 * others of a big file are only counted: listing 50,000 rows made the answer 4 MB, held the event loop for 85–113 ms
 * while it was checked and written, and kept 50,000 objects alive (ADR 064, "Second pass").
 */
async function reportOf(book: DraftBook, plans: PlannedProduct[], state: { dryRun: boolean; committed: boolean }) {
  const told: ImportRowReport[] = [];
  const quiet: number[] = [];
  const totals = emptyTotals();
  const products = emptyTotals();
  for (const [at, plan] of plans.entries()) {
    // 10,000 products' 50,000 rows held the event loop for 45 ms in one go.
    if (at % REPORT_TURN === REPORT_TURN - 1) await nextTurn();
    count(products, plan.outcome);
    const firstRefused = plan.draft.rows.find((row) => plan.draft.errors.has(row));
    for (const row of plan.draft.rows) {
      count(totals, plan.outcome);
      const errors: ImportCellError[] = [...(plan.draft.errors.get(row) ?? []), ...(plan.pictureErrors.get(row) ?? [])];
      if (plan.outcome === 'error' && errors.length === 0) {
        const column = book.columns.handle;
        const why =
          firstRefused === undefined
            ? 'the product could not be read.'
            : `row ${firstRefused} of this product was refused, so none of its rows is imported.`;
        errors.push({ column, message: `${column}: ${why}` });
      }
      if (errors.length > 0) told.push({ row, handle: plan.draft.handle, outcome: plan.outcome, errors });
      else quiet.push(row);
    }
  }
  quiet.sort((a, b) => a - b);
  // Only the rows listed are looked up again: the book already knows each row's product.
  const planOf = new Map(plans.map((plan) => [plan.draft, plan] as const));
  const listed = quiet.slice(0, Math.max(0, IMPORT_REPORT_ROWS - told.length)).map((row): ImportRowReport => {
    const plan = planOf.get(book.productOfRow.get(row) as ProductDraft) as PlannedProduct;
    return { row, handle: plan.draft.handle, outcome: plan.outcome, errors: [] };
  });
  const rows = [...told, ...listed].sort((a, b) => a.row - b.row);
  const omitted = quiet.length - listed.length;
  return { totals, products, dry_run: state.dryRun, committed: state.committed, format: book.format, rows, omitted };
}

/**
 * The refused rows as the file wrote them (each read again from the file's bytes), with an `error` column saying why;
 * null when none was refused. Read in turns: a file refused whole is as many lines as it has.
 */
async function rejectedCsv(book: DraftBook, rows: ImportRowReport[]): Promise<string | null> {
  const refused = rows.filter((r) => r.outcome === 'error');
  if (refused.length === 0) return null;
  const lines: string[][] = [];
  for (const [at, r] of refused.entries()) {
    if (at % REJECTED_TURN === REJECTED_TURN - 1) await nextTurn();
    lines.push([...cellsOf(book.source, r.row), r.errors.map((e) => e.message).join('; ')]);
  }
  return stringify([[...book.header, 'error'], ...lines]);
}

/** Refused rows read again between two turns of the event loop. */
const REJECTED_TURN = 200;
