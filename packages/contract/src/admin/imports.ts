import { z } from 'zod';
import { adminItem } from './common';

/*
 * The catalogue import (issue 39, ADR 064, docs/catalogue-csv.md): POST /admin/api/imports takes a product CSV in
 * Shopify's format or Kapaas's, answers a dry run's report, and commits only a file whose dry run it answered.
 */

export const IMPORT_FORMATS = ['auto', 'shopify', 'kapaas'] as const;
export const ImportFormat = z.enum(IMPORT_FORMATS);

/** A yes/no field of a multipart form: `true`/`false` (also `1`/`0`, `on`, as an HTML checkbox sends). */
const FormFlag = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'on', 'off', ''], "Send 'true' or 'false'.")
    .optional()
    .transform((value) => (value === undefined || value === '' ? fallback : ['true', '1', 'on'].includes(value)));

/** A size of the file named as Kapaas names it: `{"0-3 Months": "0-3M"}`. */
export const SizeMap = z.record(z.string().trim().min(1).max(100), z.string().trim().min(1).max(100));
export type SizeMap = z.infer<typeof SizeMap>;

/** The text fields of the import's multipart form, beside its `file` (CSV) and optional `images` (ZIP). */
export const AdminImportFields = z.strictObject({
  /** Nothing is written unless this is false, and then only for a file and options whose dry run was answered. */
  dry_run: FormFlag(true),
  format: ImportFormat.default('auto'),
  create_missing_categories: FormFlag(false),
  /** JSON: the file's size names → Kapaas's. */
  size_map: z
    .string()
    .max(20_000)
    .optional()
    .transform((text, ctx) => {
      if (text === undefined || text.trim() === '') return {};
      try {
        return SizeMap.parse(JSON.parse(text));
      } catch {
        ctx.addIssue({
          code: 'custom',
          message: 'The size map is a JSON object of size names: {"0-3 Months": "0-3M"}.',
        });
        return z.NEVER;
      }
    }),
  /** Commit none of the rows when any is refused. */
  all_or_nothing: FormFlag(false),
  /** Fetch the pictures named by URL (http and https to public addresses only). */
  fetch_image_urls: FormFlag(false),
});
export type AdminImportFields = z.output<typeof AdminImportFields>;

export const IMPORT_OUTCOMES = ['created', 'updated', 'unchanged', 'error'] as const;
export const ImportOutcome = z.enum(IMPORT_OUTCOMES);
export type ImportOutcome = z.infer<typeof ImportOutcome>;

/** A refusal beside a column of a row, in words: "Variant Price: 'abc' is not an amount". */
export const ImportCellError = z.object({ column: z.string(), message: z.string() });
export type ImportCellError = z.infer<typeof ImportCellError>;

/**
 * One line of the file (`row` 2 is the first after the header, as a spreadsheet numbers it). A row of a product that
 * is written may still carry errors: a picture that could not be taken is reported on its `Image Src`.
 */
export const ImportRowReport = z.object({
  row: z.number().int(),
  handle: z.string(),
  outcome: ImportOutcome,
  errors: z.array(ImportCellError),
});
export type ImportRowReport = z.infer<typeof ImportRowReport>;

const Totals = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  errors: z.number().int(),
});
export type ImportTotals = z.infer<typeof Totals>;

/** The rows listed in an import's answer beside those with an error (ADR 064, "Second pass"). */
export const IMPORT_REPORT_ROWS = 1_000;

export const AdminImportReport = z.object({
  /** Rows of the file, by outcome: the first thing the report says. */
  totals: Totals,
  /** Products, by outcome. */
  products: Totals,
  /** The import's id: `GET /admin/api/imports/:id/rejected.csv` downloads its refused rows. */
  id: z.number().int(),
  dry_run: z.boolean(),
  /** Whether the rows were written (false for a dry run, and for an all-or-nothing commit with a refused row). */
  committed: z.boolean(),
  format: z.enum(['shopify', 'kapaas']),
  /** The link to the refused rows as CSV, or null when none was refused. */
  rejected_csv: z.string().nullable(),
  /**
   * The rows with something to say: every row with an error (refused, or a picture not taken), then the others in
   * the file's order while the list holds at most IMPORT_REPORT_ROWS rows. A file of up to that many rows is listed
   * whole; the rest of a bigger one is counted in `totals` only (ADR 064, "Second pass").
   */
  rows: z.array(ImportRowReport),
  /** The file's rows that `rows` leaves out: 0 when every row is listed. */
  rows_omitted: z.number().int().nonnegative(),
});
export type AdminImportReport = z.infer<typeof AdminImportReport>;
export const AdminImportAnswer = adminItem(AdminImportReport);
export type AdminImportAnswer = z.infer<typeof AdminImportAnswer>;

/*
 * An import's progress (ADR 064, "Progress"): a file of 50,000 rows takes tens of seconds, so the console polls
 * GET /admin/api/imports/progress with the file's SHA-256 (which it computes before sending) and the dry-run flag.
 */
export const IMPORT_PHASES = ['reading', 'checking', 'pictures', 'writing', 'done'] as const;
export const ImportPhase = z.enum(IMPORT_PHASES);
export type ImportPhase = z.infer<typeof ImportPhase>;

export const AdminImportProgressQuery = z.strictObject({
  sha256: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[0-9a-f]{64}$/, "The file's SHA-256 is 64 hexadecimal digits."),
  dry_run: z.enum(['true', 'false'], "Send 'true' or 'false'.").transform((value) => value === 'true'),
});
export type AdminImportProgressQuery = z.output<typeof AdminImportProgressQuery>;

/** Where the latest import of a file stands: rows done of the phase's rows (null while the file is still read). */
export const AdminImportProgress = z.object({
  phase: ImportPhase,
  rows_done: z.number().int().nonnegative(),
  rows_total: z.number().int().nonnegative().nullable(),
});
export type AdminImportProgress = z.infer<typeof AdminImportProgress>;
export const AdminImportProgressAnswer = adminItem(AdminImportProgress);
export type AdminImportProgressAnswer = z.infer<typeof AdminImportProgressAnswer>;
