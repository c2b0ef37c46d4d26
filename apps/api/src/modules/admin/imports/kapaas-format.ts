import { setImmediate as nextTurn } from 'node:timers/promises';
import { KAPAAS_CSV_COLUMNS, KapaasCsvRow } from '@kapaas/contract';
import type { z } from 'zod';
import type { CsvFile } from './csv-file';
import { fileRefused } from './csv-file';
import {
  type DraftBook,
  type FormatColumns,
  LINES_PER_TURN,
  newDraft,
  type ProductDraft,
  ProductFieldGuard,
  refuseCell,
  said,
  unguarded,
} from './drafts';

export const KAPAAS_COLUMNS: FormatColumns = {
  handle: 'handle',
  category: 'category',
  subcategory: 'subcategory',
  pattern: 'pattern',
  gender: 'gender',
  size: 'size',
  sku: 'sku',
  stock: 'stock',
  image: 'images',
  price: 'price',
};

/** The columns every row of one product repeats identically: all those before `size`. */
const PRODUCT_COLUMNS = KAPAAS_CSV_COLUMNS.slice(0, KAPAAS_CSV_COLUMNS.indexOf('size'));

/** Whether a header is Kapaas's own, in order. */
export const isKapaasHeader = (header: string[]) =>
  header.length === KAPAAS_CSV_COLUMNS.length && KAPAAS_CSV_COLUMNS.every((column, at) => header[at] === column);

/**
 * Kapaas's own CSV (the export's) as drafts: one row per size, the product's fields repeated on each. Read in turns of
 * LINES_PER_TURN lines, so that the shop keeps answering meanwhile.
 */
export async function kapaasDrafts(file: CsvFile): Promise<DraftBook> {
  if (!isKapaasHeader(file.header)) {
    const missing = KAPAAS_CSV_COLUMNS.filter((column) => !file.header.includes(column));
    throw fileRefused(
      missing.length > 0
        ? `The file lacks Kapaas's column${missing.length > 1 ? 's' : ''} ${missing.join(', ')}.`
        : `Kapaas's header is exactly: ${KAPAAS_CSV_COLUMNS.join(',')}`,
    );
  }
  const book: DraftBook = {
    format: 'kapaas',
    columns: KAPAAS_COLUMNS,
    header: file.header,
    source: file.source,
    products: [],
    productOfRow: new Map(),
  };
  const drafts = new Map<string, ProductDraft>();
  const guard = new ProductFieldGuard();
  for (const [at, { row, cells }] of file.lines.entries()) {
    if (at % LINES_PER_TURN === LINES_PER_TURN - 1) await nextTurn();
    const record = Object.fromEntries(KAPAAS_CSV_COLUMNS.map((column, at) => [column, unguarded(cells[at] ?? '')]));
    const handle = (record.handle ?? '').trim();
    let draft = drafts.get(handle);
    if (!draft) {
      draft = newDraft(handle);
      drafts.set(handle, draft);
      book.products.push(draft);
    }
    draft.rows.push(row);
    book.productOfRow.set(row, draft);
    if (handle !== '') guard.check(handle, row, Object.fromEntries(PRODUCT_COLUMNS.map((c) => [c, record[c] ?? ''])));
    readKapaasRow(draft, row, record);
  }
  return book;
}

/**
 * An issue's message; for a cell that may be blank or a value (a union), the value's own rule, since "blank" is
 * never what the owner meant to write.
 */
function wordsOf(issue: z.core.$ZodIssue): string {
  if (issue.code !== 'invalid_union') return issue.message;
  const branches = issue.errors.filter((branch) => branch.length > 0);
  return branches[branches.length - 1]?.[0]?.message ?? issue.message;
}

function readKapaasRow(draft: ProductDraft, row: number, record: Record<string, string>): void {
  const parsed = KapaasCsvRow.safeParse(record);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const column = String(issue.path[0] ?? 'handle');
      const value = record[column] ?? '';
      const shown = value.length > 40 ? `${value.slice(0, 40)}…` : value;
      refuseCell(draft, row, column, said(column, `'${shown}': ${wordsOf(issue)}`));
    }
    return;
  }
  const data = parsed.data;
  if (!draft.fields) {
    draft.fields = {
      name: data.name,
      category: data.category,
      subcategory: data.subcategory,
      description: data.description,
      productDetails: data.product_details,
      washCare: data.wash_care,
      pricePaise: Math.round(data.price * 100),
      discountPricePaise: data.discount_price === null ? null : Math.round(data.discount_price * 100),
      pattern: data.pattern,
      gender: data.gender,
      status: data.status,
      hsnCode: data.hsn_code,
      weightGrams: data.weight_grams,
      seoTitle: data.seo_title,
      seoDescription: data.seo_description,
      vendor: data.vendor,
      tags: data.tags,
    };
    draft.images = data.images.map((src, position) => ({ row, src, position }));
  }
  if (data.size !== null) draft.sizes.push({ row, name: data.size, sku: data.sku, stock: data.stock });
}
