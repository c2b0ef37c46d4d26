import { isUtf8 } from 'node:buffer';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { parse } from 'csv-parse';
import { parse as parseNow } from 'csv-parse/sync';
import { AppError } from '../../../lib/errors';
import { PROGRESS_EVERY_ROWS } from './progress';

/** The longest line (one record, quoted line breaks included) the import reads: a longer one refuses the file. */
export const MAX_LINE_BYTES = 1024 * 1024;
/**
 * How much of the file is handed to the parser at a time, the event loop getting a turn after each: parsing 8 KB (about
 * 45 rows of a Shopify export) takes a few milliseconds (16 KB took up to 38 ms with a collection), where the whole of
 * a 50,000-row file held it for over a second.
 */
export const CHUNK_BYTES = 8 * 1024;

/** One record of the file: its row as a spreadsheet numbers it (the header is row 1) and its cells. */
export interface CsvLine {
  row: number;
  cells: string[];
}

/** The file read: its header as written, and its lines (blank lines skipped). */
export interface CsvFile {
  header: string[];
  lines: CsvLine[];
  /** Where each line can be read again: see LineSource. */
  source: LineSource;
}

/**
 * The file's bytes and where each record ends in them (`ends[0]` the header's, `ends[row - 1]` the row's), so that a
 * line can be read again when it is refused, rather than every line's cells being kept through the import: 50,000
 * rows' cells are about 30 MB while the import runs (ADR 064, 2026-11-28), their ends 200 KB.
 */
export interface LineSource {
  bytes: Buffer;
  ends: Uint32Array;
  /** The header's number of cells: a shorter line is read with empty cells after its own. */
  width: number;
}

/** A 400 beside the form's `file` field: the whole file is refused and nothing is looked at further. */
export const fileRefused = (message: string) => new AppError('INVALID_DATA', message, { errors: { file: [message] } });

/** What csv-parse's own error codes mean to the person who made the file. */
function explainParseError(error: unknown, row: number): AppError {
  const code = (error as { code?: string }).code;
  if (code === 'CSV_MAX_RECORD_SIZE') {
    return fileRefused(
      `Row ${row} is longer than ${MAX_LINE_BYTES / 1024 / 1024} MB: the file is refused (a cell holding a whole file, or a quote left open?).`,
    );
  }
  if (code === 'CSV_QUOTE_NOT_CLOSED') return fileRefused(`Row ${row} opens a quote (") that is never closed.`);
  const detail = error instanceof Error ? error.message : String(error);
  return fileRefused(`The file is not a readable CSV near row ${row}: ${detail}`);
}

/**
 * The CSV's header and lines, streamed through csv-parse a chunk at a time. Refuses (400 on `file`) bytes that are not
 * UTF-8 (checked on the bytes, without decoding a copy), an empty file, and a line over MAX_LINE_BYTES: the parser
 * gives up on such a line as soon as it passes the limit, so it is never held whole a second time. `onRows` hears the
 * rows read so far every PROGRESS_EVERY_ROWS (the import's progress).
 */
export async function readCsv(bytes: Buffer, onRows?: (rows: number) => Promise<void>): Promise<CsvFile> {
  if (!isUtf8(bytes)) {
    throw fileRefused('The file is not UTF-8 text. Save it as "CSV UTF-8" (Shopify and spreadsheets offer it).');
  }
  const parser = parse({ ...READING, bom: true, info: true });
  const feeding = feed(parser, bytes);
  const records: string[][] = [];
  const ends: number[] = [];
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { bytes: number } }>) {
      records.push(record);
      ends.push(info.bytes);
      if (onRows && records.length % PROGRESS_EVERY_ROWS === 0) await onRows(records.length - 1);
    }
    await feeding;
  } catch (error) {
    parser.destroy();
    // The header is the file's row 1: the record that failed is the next row after those read.
    throw explainParseError(error, records.length + 1);
  }
  const [header, ...rest] = records;
  if (!header) throw fileRefused('The file is empty: it needs a header line and a line per product or size.');
  const width = header.length;
  const lines = rest.map((cells, index) => ({ row: index + 2, cells: padded(cells, width) }));
  return {
    header: header.map((name) => name.trim()),
    lines,
    source: { bytes, ends: Uint32Array.from(ends), width },
  };
}

/** How csv-parse reads the file, and a line of it again. */
const READING = { max_record_size: MAX_LINE_BYTES, relax_column_count: true, skip_empty_lines: true } as const;

/** The cells of one row as the file wrote them, read again from its bytes and padded to the header's width. */
export function cellsOf(source: LineSource, row: number): string[] {
  const start = source.ends[row - 2];
  const end = source.ends[row - 1];
  if (start === undefined || end === undefined) return [];
  const [cells = []] = parseNow(source.bytes.subarray(start, end), READING) as string[][];
  return padded(cells, source.width);
}

/** A line's cells with empty ones after its own up to the header's width (a short line, relax_column_count). */
const padded = (cells: string[], width: number) =>
  cells.length >= width ? cells : [...cells, ...Array<string>(width - cells.length).fill('')];

/**
 * Writes the bytes into the parser a chunk at a time, waiting when it asks to, and giving the event loop a turn after
 * each chunk: the parser and the reader of its records work in microtasks, which alone would never let it run.
 */
async function feed(parser: ReturnType<typeof parse>, bytes: Buffer): Promise<void> {
  for (let at = 0; at < bytes.length && !parser.destroyed; at += CHUNK_BYTES) {
    const more = parser.write(bytes.subarray(at, at + CHUNK_BYTES));
    if (!more) {
      await new Promise((resolve) => {
        parser.once('drain', resolve);
        parser.once('close', resolve);
      });
    }
    await nextTurn();
  }
  parser.end();
}
