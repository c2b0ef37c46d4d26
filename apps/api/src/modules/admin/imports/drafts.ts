import type { ImportCellError } from '@kapaas/contract';
import { fileRefused, type LineSource } from './csv-file';

/**
 * A product as the file describes it, whichever format it came in: what the import compares with the catalogue and
 * writes. A field left undefined is one the format does not carry (Shopify's file has no wash care): an update keeps
 * the product's own, a new product takes the default.
 */
export interface ProductFields {
  name: string;
  category: string;
  subcategory: string;
  description?: string;
  productDetails?: string;
  washCare?: string;
  pricePaise: number;
  discountPricePaise: number | null;
  pattern?: string | null;
  gender?: string | null;
  status?: 'active' | 'archived';
  hsnCode?: string | null;
  weightGrams?: number | null;
  seoTitle?: string | null;
  seoDescription?: string | null;
  vendor?: string | null;
  tags?: string[];
}

/** One size of the product: a variant row of Shopify's file, a row of Kapaas's. */
export interface SizeDraft {
  row: number;
  name: string;
  sku: string | null;
  /** Null keeps the size's stock (a new size starts at 0). */
  stock: number | null;
}

/** One picture: a file name in the ZIP, or a URL. */
export interface ImageDraft {
  row: number;
  src: string;
  position: number;
}

/** The columns that errors found after reading (a category, a size, a SKU, a picture) are reported beside. */
export interface FormatColumns {
  handle: string;
  category: string;
  subcategory: string;
  pattern: string;
  gender: string;
  size: string;
  sku: string;
  stock: string;
  image: string;
  price: string;
}

/** A product of the file: its rows, its fields once read, its sizes and pictures, and what was refused on each row. */
export interface ProductDraft {
  handle: string;
  rows: number[];
  fields: ProductFields | undefined;
  sizes: SizeDraft[];
  images: ImageDraft[];
  errors: Map<number, ImportCellError[]>;
}

/** The file read into products, in the order their handles first appear. */
export interface DraftBook {
  format: 'shopify' | 'kapaas';
  columns: FormatColumns;
  header: string[];
  /** Where each row's cells can be read again, for the rejected rows' CSV (`cellsOf`). */
  source: LineSource;
  products: ProductDraft[];
  /** The product each row belongs to. */
  productOfRow: Map<number, ProductDraft>;
}

/**
 * Lines read into drafts between two turns of the event loop: a 50,000-row file read in one go held the loop for half
 * a second (Shopify's) or more (Kapaas's, each row through its schema); 200 lines take a few milliseconds.
 */
export const LINES_PER_TURN = 200;

/** A new draft for a handle seen first on `row`. */
export function newDraft(handle: string): ProductDraft {
  return { handle, rows: [], fields: undefined, sizes: [], images: [], errors: new Map() };
}

/** Notes a refusal beside `column` of `row`. */
export function refuseCell(draft: ProductDraft, row: number, column: string, message: string): void {
  const list = draft.errors.get(row) ?? [];
  list.push({ column, message });
  draft.errors.set(row, list);
}

/** The text of a refusal: the column, then what is wrong, in words ("Variant Price: 'abc' is not an amount"). */
export const said = (column: string, message: string) => `${column}: ${message}`;

/**
 * Remembers the product fields a handle's rows give and refuses the whole file when two rows of one handle disagree:
 * the same handle is one product, and which row would win cannot be guessed.
 */
export class ProductFieldGuard {
  readonly #seen = new Map<string, Map<string, { row: number; value: string }>>();

  check(handle: string, row: number, fields: Record<string, string>): void {
    const seen = this.#seen.get(handle) ?? new Map<string, { row: number; value: string }>();
    this.#seen.set(handle, seen);
    for (const [column, value] of Object.entries(fields)) {
      const first = seen.get(column);
      if (first === undefined) seen.set(column, { row, value });
      else if (first.value !== value) {
        throw fileRefused(
          `Rows ${first.row} and ${row} have the handle '${handle}' but differ in ${column} ` +
            `(${quoted(first.value)} and ${quoted(value)}): one handle is one product. Make them equal, or give one another handle.`,
        );
      }
    }
  }
}

const quoted = (value: string) => `'${value.length > 40 ? `${value.slice(0, 40)}…` : value}'`;

/** An amount in rupees as a file writes it ("1299", "1299.5", "1,299.00") in paise, or undefined. */
export function paiseOf(text: string): number | undefined {
  const plain = text
    .trim()
    .replace(/^₹\s*/, '')
    .replace(/,(?=\d{3}(\D|$))/g, '');
  if (!/^[0-9]{1,8}(\.[0-9]{1,2})?$/.test(plain)) return undefined;
  const [rupees = '0', fraction = ''] = plain.split('.');
  return Number(rupees) * 100 + Number(fraction.padEnd(2, '0'));
}

/** A handle Kapaas can use as a slug: lowercase letters, digits and single dashes. */
export const HANDLE_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * A cell as the catalogue meant it: the export writes a text beginning with `=`, `+`, `-` or `@` with one apostrophe
 * before it, so that a spreadsheet shows it rather than running it (docs/catalogue-csv.md); that apostrophe is taken
 * off again here, for the round trip. Anything else is as written.
 */
export const unguarded = (cell: string) => (/^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell);
