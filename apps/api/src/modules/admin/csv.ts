import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { shopToday } from '../../lib/shop-day';

/** A cell a spreadsheet would run as a formula (=, +, -, @, tab, CR first) gets a leading apostrophe. */
export function spreadsheetSafe(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** Sends a CSV file, whole or streamed, to be saved as `kapaas-<name>-<today in India>.csv`. */
export function sendCsv(reply: FastifyReply, name: string, csv: string | Readable) {
  const day = shopToday();
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="kapaas-${name}-${day}.csv"`)
    .send(csv);
}
