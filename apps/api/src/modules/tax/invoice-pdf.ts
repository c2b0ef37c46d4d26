/**
 * The tax invoice and the credit note of an order as A4 PDFs (ADR 032; CGST Rules 2017, rules 46 and 53), drawn with
 * pdfkit. The text is set in Noto Sans, embedded from the `@expo-google-fonts/noto-sans` package: pdfkit's built-in
 * Helvetica has no ₹ (U+20B9). The font is found in node_modules at run time, from the source file's place, so the
 * built API (which keeps packages as imports from node_modules) finds it as the sources do.
 */
import { createRequire } from 'node:module';
import type { CreditNote, InvoiceLine, InvoiceSupplier, InvoiceTotals, OrderInvoice } from '@kapaas/contract';
import PDFDocument from 'pdfkit';
import { amountInWords, formatIndianRupees } from './words';

type Doc = PDFKit.PDFDocument;

const require = createRequire(import.meta.url);
const FONTS = {
  regular: require.resolve('@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf'),
  bold: require.resolve('@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf'),
};

const PAGE = { margin: 36, width: 595.28, height: 841.89 };
const LEFT = PAGE.margin;
const WIDTH = PAGE.width - 2 * PAGE.margin;
/** The lowest a table row may reach; below it the footer (the page number). */
const BOTTOM = PAGE.height - PAGE.margin - 18;
const COLOURS = { text: '#1a1a1a', muted: '#555555', rule: '#b8b8b8', fill: '#eeeeee' };
/** A line's quantity and unit; a credit note line that gives back part of a line's value, not whole pieces, has none. */
const quantityText = (line: InvoiceLine) => (line.quantity > 0 ? `${line.quantity} ${line.unit}` : '–');
const SIZE = { body: 8.5, small: 7.5, table: 8, title: 16, name: 12 };
const PAD = 3;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** `2026-11-26` → `26 Nov 2026`, as the invoice prints its dates. */
export function formatInvoiceDate(isoDate: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  const month = match ? MONTHS[Number(match[2]) - 1] : undefined;
  if (!match || month === undefined) throw new RangeError(`Not a date (YYYY-MM-DD): ${isoDate}`);
  return `${Number(match[3])} ${month} ${match[1]}`;
}

/** Which tax columns a document shows: CGST + SGST, CGST + UTGST, or IGST. */
export type TaxColumnsShown = 'cgst-sgst' | 'cgst-utgst' | 'igst';

/**
 * Decided from the amounts: any IGST means between states, else any UTGST means within a Union Territory. A document
 * without tax (nothing to tell from) follows the place of supply: another state than the supplier's is IGST.
 */
export function taxColumnsShown(
  lines: InvoiceLine[],
  totals: InvoiceTotals,
  supplierStateCode: string,
  placeOfSupplyCode: string,
): TaxColumnsShown {
  const amounts = [...lines, totals];
  if (amounts.some((amount) => amount.igst !== 0)) return 'igst';
  if (amounts.some((amount) => amount.utgst !== 0)) return 'cgst-utgst';
  if (amounts.some((amount) => amount.cgst !== 0 || amount.sgst !== 0)) return 'cgst-sgst';
  return supplierStateCode === placeOfSupplyCode ? 'cgst-sgst' : 'igst';
}

/** A figure in a table cell: the Indian grouping without the ₹, which the column header carries. */
const figure = (rupees: number) => formatIndianRupees(rupees).replace('₹', '');
/** A rate as printed: `2.5 %`, `9 %`. */
const percent = (rate: number) => `${Number(rate.toFixed(3))} %`;

interface Column {
  header: string;
  /** The tax a rate-and-amount pair belongs to, printed above both. */
  group?: string;
  width: number;
  align: 'left' | 'right' | 'center';
  /** Whether the cell wraps onto further lines (the description); the others keep to one line. */
  wraps?: boolean;
  cell: (line: InvoiceLine, number: number | undefined) => string;
}

function taxPair(group: string, rate: (line: InvoiceLine) => number, amount: (line: InvoiceLine) => number): Column[] {
  return [
    { header: 'Rate', group, width: 30, align: 'right', cell: (line) => percent(rate(line)) },
    { header: 'Amount', group, width: 52, align: 'right', cell: (line) => figure(amount(line)) },
  ];
}

/** The table's columns for a kind of supply; the description takes the width the others leave. */
function columnsFor(shown: TaxColumnsShown): Column[] {
  const taxes =
    shown === 'igst'
      ? taxPair(
          'IGST',
          (line) => line.rate,
          (line) => line.igst,
        )
      : [
          ...taxPair(
            'CGST',
            (line) => line.rate / 2,
            (line) => line.cgst,
          ),
          ...(shown === 'cgst-utgst'
            ? taxPair(
                'UTGST',
                (line) => line.rate / 2,
                (line) => line.utgst,
              )
            : taxPair(
                'SGST',
                (line) => line.rate / 2,
                (line) => line.sgst,
              )),
        ];
  const fixed: Column[] = [
    { header: '#', width: 18, align: 'right', cell: (_line, number) => (number === undefined ? '' : String(number)) },
    { header: 'Description', width: 0, align: 'left', wraps: true, cell: (line) => line.description },
    { header: 'HSN/SAC', width: 42, align: 'left', cell: (line) => line.hsn },
    { header: 'Qty', width: 44, align: 'right', cell: (line) => quantityText(line) },
    { header: 'Taxable value (₹)', width: 62, align: 'right', cell: (line) => figure(line.taxable_value) },
    ...taxes,
    { header: 'Total (₹)', width: 62, align: 'right', cell: (line) => figure(line.total) },
  ];
  const used = fixed.reduce((sum, column) => sum + column.width, 0);
  return fixed.map((column) => (column.header === 'Description' ? { ...column, width: WIDTH - used } : column));
}

/** What sets one document apart: its title, number and date, the lines and totals it prints. */
interface Sheet {
  title: string;
  number: string;
  date: string;
  supplier: InvoiceSupplier;
  lines: InvoiceLine[];
  totals: InvoiceTotals;
  words: string;
  columns: Column[];
  /** The discounts before tax the goods lines already carry, printed under the table; empty on a credit note. */
  discounts: [string, number][];
}

function newDocument(sheet: Sheet): Doc {
  // The creation date is the document's own date, so that the same document renders to the same bytes.
  const date = new Date(`${sheet.date}T00:00:00+05:30`);
  const doc = new PDFDocument({
    size: 'A4',
    margin: PAGE.margin,
    bufferPages: true,
    info: {
      Title: `${sheet.title} ${sheet.number}`,
      Author: sheet.supplier.legal_name,
      Creator: 'Kapaas',
      Producer: 'Kapaas',
      CreationDate: date,
      ModDate: date,
    },
  });
  doc.registerFont('regular', FONTS.regular);
  doc.registerFont('bold', FONTS.bold);
  doc.font('regular').fontSize(SIZE.body).fillColor(COLOURS.text);
  return doc;
}

/** Writes `text` at (x, y) within `width`, and answers the y below it. */
function write(doc: Doc, text: string, x: number, y: number, width: number, options: PDFKit.Mixins.TextOptions = {}) {
  doc.text(text, x, y, { width, ...options });
  return doc.y;
}

function rule(doc: Doc, y: number, colour = COLOURS.rule) {
  doc
    .moveTo(LEFT, y)
    .lineTo(LEFT + WIDTH, y)
    .lineWidth(0.5)
    .strokeColor(colour)
    .stroke();
}

/** The supplier on the left, the document's title, number and date on the right. */
function drawHeader(doc: Doc, sheet: Sheet, facts: [string, string][]): number {
  const { supplier } = sheet;
  const half = WIDTH * 0.58;
  let left = write(doc.font('bold').fontSize(SIZE.name), supplier.legal_name, LEFT, PAGE.margin, half);
  doc.font('regular').fontSize(SIZE.body);
  left = write(doc, supplier.address, LEFT, left + 2, half);
  left = write(doc, `GSTIN: ${supplier.gstin}`, LEFT, left + 2, half);
  left = write(doc, `State: ${supplier.state_name}, code ${supplier.state_code}`, LEFT, left, half);
  const rightX = LEFT + half + 10;
  const rightWidth = WIDTH - half - 10;
  let right = write(doc.font('bold').fontSize(SIZE.title), sheet.title, rightX, PAGE.margin - 2, rightWidth, {
    align: 'right',
  });
  right = drawFacts(doc, facts, rightX, right + 4, rightWidth);
  const bottom = Math.max(left, right) + 8;
  rule(doc, bottom, COLOURS.text);
  return bottom + 8;
}

/** Label–value pairs, the labels muted, right-aligned in a column. */
function drawFacts(doc: Doc, facts: [string, string][], x: number, y: number, width: number): number {
  let at = y;
  doc.fontSize(SIZE.body);
  for (const [label, value] of facts) {
    const valueWidth = doc.font('bold').widthOfString(value);
    doc.font('regular').fillColor(COLOURS.muted);
    doc.text(label, x, at, { width: width - valueWidth - 5, align: 'right', lineBreak: false });
    doc.font('bold').fillColor(COLOURS.text);
    doc.text(value, x + width - valueWidth, at, { width: valueWidth + 1, lineBreak: false });
    at += doc.currentLineHeight() + 1;
  }
  doc.font('regular');
  return at;
}

/** A small heading over a block: "Bill to / Ship to", "Place of supply". */
function caption(doc: Doc, text: string, x: number, y: number, width: number): number {
  doc.font('bold').fontSize(SIZE.small).fillColor(COLOURS.muted);
  const below = write(doc, text.toUpperCase(), x, y, width, { characterSpacing: 0.4 });
  doc.font('regular').fontSize(SIZE.body).fillColor(COLOURS.text);
  return below + 1;
}

/** The buyer and the delivery address on the left; the place of supply and the reverse charge on the right. */
function drawParties(doc: Doc, invoice: OrderInvoice, y: number): number {
  const { buyer, place_of_supply: place } = invoice;
  const half = WIDTH * 0.58;
  let left = caption(doc, 'Bill to / ship to (unregistered)', LEFT, y, half);
  left = write(doc.font('bold'), buyer.name, LEFT, left, half);
  doc.font('regular');
  left = write(doc, buyer.address, LEFT, left, half);
  left = write(doc, `${buyer.city} ${buyer.pin_code}`, LEFT, left, half);
  left = write(doc, `State: ${buyer.state_name}, code ${buyer.state_code}`, LEFT, left, half);
  const rightX = LEFT + half + 10;
  const rightWidth = WIDTH - half - 10;
  let right = caption(doc, 'Place of supply', rightX, y, rightWidth);
  right = write(doc, `${place.state_name} (state code ${place.state_code})`, rightX, right, rightWidth);
  right = write(
    doc,
    `Tax is payable on reverse charge: ${invoice.reverse_charge ? 'Yes' : 'No'}`,
    rightX,
    right + 6,
    rightWidth,
  );
  return Math.max(left, right) + 12;
}

/** The credit note's reference to its invoice, and its reason. */
function drawCreditReference(doc: Doc, note: CreditNote, y: number): number {
  const against = `Against invoice ${note.invoice_number} dated ${formatInvoiceDate(note.invoice_date)}`;
  let below = write(doc.font('bold'), against, LEFT, y, WIDTH);
  doc.font('regular');
  below = write(doc, `Reason: ${note.reason}`, LEFT, below + 1, WIDTH);
  return below + 10;
}

const HEADER_HEIGHT = 26;

/** The table's header: one row, or two where a tax's rate and amount share its name. */
function drawTableHeader(doc: Doc, columns: Column[], y: number): number {
  doc.rect(LEFT, y, WIDTH, HEADER_HEIGHT).fill(COLOURS.fill);
  doc.font('bold').fontSize(SIZE.small).fillColor(COLOURS.text);
  let x = LEFT;
  for (const [index, column] of columns.entries()) {
    const inner = column.width - 2 * PAD;
    const height = doc.heightOfString(column.header, { width: inner });
    doc.text(column.header, x + PAD, y + HEADER_HEIGHT - height - PAD, { width: inner, align: column.align });
    if (column.group && columns[index - 1]?.group !== column.group) {
      const pairWidth = column.width + (columns[index + 1]?.width ?? 0);
      doc.text(column.group, x, y + PAD, { width: pairWidth, align: 'center', lineBreak: false });
      doc
        .moveTo(x + PAD, y + HEADER_HEIGHT / 2)
        .lineTo(x + pairWidth - PAD, y + HEADER_HEIGHT / 2)
        .lineWidth(0.5)
        .strokeColor(COLOURS.rule)
        .stroke();
    }
    x += column.width;
  }
  rule(doc, y, COLOURS.text);
  rule(doc, y + HEADER_HEIGHT, COLOURS.text);
  doc.font('regular').fontSize(SIZE.table);
  return y + HEADER_HEIGHT;
}

/** The description wraps; every other cell keeps to one line, in a smaller type if a large figure needs it. */
function rowHeight(doc: Doc, columns: Column[], cells: string[]): number {
  doc.font('regular').fontSize(SIZE.table);
  const heights = columns.map((column, index) =>
    column.wraps ? doc.heightOfString(cells[index] ?? '', { width: column.width - 2 * PAD }) : doc.currentLineHeight(),
  );
  return Math.max(...heights) + 2 * PAD;
}

/** The type size at which `text` fits `width` on one line: the table's own, or smaller. */
function fittingSize(doc: Doc, text: string, width: number): number {
  doc.fontSize(SIZE.table);
  const natural = doc.widthOfString(text);
  return natural <= width ? SIZE.table : Math.max(4, Math.floor((SIZE.table * width * 10) / natural) / 10);
}

function drawRow(doc: Doc, columns: Column[], cells: string[], y: number, height: number): number {
  let x = LEFT;
  doc.font('regular').fillColor(COLOURS.text);
  for (const [index, column] of columns.entries()) {
    const text = cells[index] ?? '';
    const width = column.width - 2 * PAD;
    if (column.wraps) doc.fontSize(SIZE.table).text(text, x + PAD, y + PAD, { width });
    else {
      doc.fontSize(fittingSize(doc, text, width));
      doc.text(text, x + PAD, y + PAD, { width, align: column.align, lineBreak: false });
    }
    x += column.width;
  }
  rule(doc, y + height);
  return y + height;
}

/** A further page: the document's title and number, so that a loose page still says what it belongs to. */
function continuationPage(doc: Doc, sheet: Sheet): number {
  doc.addPage();
  doc.font('bold').fontSize(SIZE.body).fillColor(COLOURS.text);
  const below = write(doc, `${sheet.title} ${sheet.number} (continued)`, LEFT, PAGE.margin, WIDTH);
  doc.font('regular');
  rule(doc, below + 4, COLOURS.text);
  return below + 12;
}

/** The lines, goods numbered and shipping not, flowing onto further pages with the header repeated. */
function drawTable(doc: Doc, sheet: Sheet, top: number): number {
  let y = drawTableHeader(doc, sheet.columns, top);
  let goods = 0;
  for (const line of sheet.lines) {
    const number = line.kind === 'goods' ? ++goods : undefined;
    const cells = sheet.columns.map((column) => column.cell(line, number));
    const height = rowHeight(doc, sheet.columns, cells);
    if (y + height > BOTTOM) y = drawTableHeader(doc, sheet.columns, continuationPage(doc, sheet));
    y = drawRow(doc, sheet.columns, cells, y, height);
  }
  return y + 10;
}

function totalRows(sheet: Sheet): [string, number][] {
  const { totals } = sheet;
  const header = (group: string) => sheet.columns.some((column) => column.group === group);
  const rows: [string, number][] = [['Taxable value', totals.taxable_value]];
  if (header('CGST')) rows.push(['CGST', totals.cgst]);
  if (header('SGST')) rows.push(['SGST', totals.sgst]);
  if (header('UTGST')) rows.push(['UTGST', totals.utgst]);
  if (header('IGST')) rows.push(['IGST', totals.igst]);
  return rows;
}

const TOTALS_WIDTH = 220;

/**
 * The discounts taken before tax (the coupon's, the prepaid discount for paying online), each on a line under the
 * table: the goods' values above are already net of them, so they are told, not subtracted again.
 */
function drawDiscounts(doc: Doc, sheet: Sheet, top: number): number {
  if (sheet.discounts.length === 0) return top;
  let y = top;
  doc.font('regular').fontSize(SIZE.small).fillColor(COLOURS.muted);
  for (const [label, amount] of sheet.discounts) {
    const text = `${label}: ${formatIndianRupees(amount)}, taken off the goods' values above, before tax.`;
    y = write(doc, text, LEFT, y, WIDTH) + 2;
  }
  doc.fillColor(COLOURS.text);
  return y + 8;
}

/** The totals on the right; the amount in words on the left. */
function drawTotals(doc: Doc, sheet: Sheet, top: number): number {
  const x = LEFT + WIDTH - TOTALS_WIDTH;
  let y = top;
  doc.font('regular').fontSize(SIZE.body);
  for (const [label, amount] of totalRows(sheet)) {
    doc.fillColor(COLOURS.muted).text(label, x, y, { width: TOTALS_WIDTH / 2, lineBreak: false });
    doc.fillColor(COLOURS.text).text(formatIndianRupees(amount), x, y, { width: TOTALS_WIDTH, align: 'right' });
    y += doc.currentLineHeight() + 3;
  }
  doc
    .moveTo(x, y)
    .lineTo(x + TOTALS_WIDTH, y)
    .lineWidth(0.75)
    .strokeColor(COLOURS.text)
    .stroke();
  doc.font('bold').fontSize(SIZE.name);
  doc.text('Grand total', x, y + 4, { width: TOTALS_WIDTH / 2, lineBreak: false });
  doc.text(formatIndianRupees(sheet.totals.grand_total), x, y + 4, { width: TOTALS_WIDTH, align: 'right' });
  y = doc.y + 2;
  const wordsWidth = WIDTH - TOTALS_WIDTH - 24;
  let left = caption(doc, 'Amount in words', LEFT, top, wordsWidth);
  left = write(doc.font('bold'), sheet.words, LEFT, left, wordsWidth);
  doc.font('regular');
  return Math.max(y, left) + 14;
}

const DECLARATION =
  'We declare that this document shows the actual price of the goods described and that all particulars are true ' +
  'and correct.';

/** The declaration on the left; "For <supplier>" and the authorised signatory on the right. */
function drawSignature(doc: Doc, sheet: Sheet, top: number): number {
  rule(doc, top - 6);
  const signWidth = 220;
  const x = LEFT + WIDTH - signWidth;
  const left = write(doc.fontSize(SIZE.small).fillColor(COLOURS.muted), DECLARATION, LEFT, top, WIDTH - signWidth - 24);
  doc.fontSize(SIZE.body).fillColor(COLOURS.text);
  write(doc.font('bold'), `For ${sheet.supplier.legal_name}`, x, top, signWidth, { align: 'right' });
  doc.font('regular');
  const lineX = x + signWidth - 150;
  doc
    .moveTo(lineX, top + 38)
    .lineTo(x + signWidth, top + 38)
    .lineWidth(0.5)
    .strokeColor(COLOURS.muted)
    .stroke();
  const below = write(doc, `Authorised signatory: ${sheet.supplier.signatory}`, x, top + 42, signWidth, {
    align: 'right',
  });
  return Math.max(left, below);
}

/** Height the totals, the words and the signature need together, so that they are never split over two pages. */
const CLOSING_HEIGHT = 170;

/** "Page 1 of 2" and the document's number at the foot of every page. */
function drawFooters(doc: Doc, sheet: Sheet) {
  const { start, count } = doc.bufferedPageRange();
  for (let index = start; index < start + count; index++) {
    doc.switchToPage(index);
    // Below the bottom margin pdfkit would start a new page: the footer lifts the margin for a moment.
    const margin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const y = PAGE.height - PAGE.margin + 4;
    doc.font('regular').fontSize(SIZE.small).fillColor(COLOURS.muted);
    doc.text(`${sheet.title} ${sheet.number}`, LEFT, y, { width: WIDTH / 2, lineBreak: false });
    doc.text(`Page ${index - start + 1} of ${count}`, LEFT + WIDTH / 2, y, {
      width: WIDTH / 2,
      align: 'right',
      lineBreak: false,
    });
    doc.page.margins.bottom = margin;
  }
}

/** The bytes the document writes, from now until it ends. */
function collect(doc: Doc): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}

/** Draws a whole document: `drawTop` the blocks above the table, then the table, the totals and the signature. */
function render(sheet: Sheet, facts: [string, string][], drawTop: (doc: Doc, y: number) => number): Promise<Buffer> {
  const doc = newDocument(sheet);
  const done = collect(doc);
  let y = drawTop(doc, drawHeader(doc, sheet, facts));
  y = drawDiscounts(doc, sheet, drawTable(doc, sheet, y));
  if (y + CLOSING_HEIGHT > BOTTOM) y = continuationPage(doc, sheet);
  y = drawTotals(doc, sheet, y);
  drawSignature(doc, sheet, y);
  drawFooters(doc, sheet);
  doc.end();
  return done;
}

function sheetOf(
  invoice: OrderInvoice,
  document: { title: string; number: string; date: string; lines: InvoiceLine[]; totals: InvoiceTotals },
  words: string,
): Sheet {
  const shown = taxColumnsShown(
    document.lines,
    document.totals,
    invoice.supplier.state_code,
    invoice.place_of_supply.state_code,
  );
  return {
    ...document,
    supplier: invoice.supplier,
    words: words || amountInWords(document.totals.grand_total),
    columns: columnsFor(shown),
    discounts: [],
  };
}

/** The tax invoice of a paid order, as an A4 PDF. */
export async function renderInvoicePdf(invoice: OrderInvoice): Promise<Buffer> {
  const sheet = sheetOf(
    invoice,
    {
      title: 'Tax invoice',
      number: invoice.invoice_number,
      date: invoice.invoice_date,
      lines: invoice.lines,
      totals: invoice.totals,
    },
    invoice.amount_in_words,
  );
  const discounts: [string, number][] = [
    ['Coupon discount', invoice.coupon_discount],
    ['Prepaid discount (paid online)', invoice.prepaid_discount],
  ];
  sheet.discounts = discounts.filter(([, amount]) => amount > 0);
  const facts: [string, string][] = [
    ['Invoice no.', invoice.invoice_number],
    ['Date', formatInvoiceDate(invoice.invoice_date)],
    ['Order', `#${invoice.order_id}`],
  ];
  return render(sheet, facts, (doc, y) => drawParties(doc, invoice, y));
}

/** A credit note issued against `invoice`, as an A4 PDF: its own lines and totals, and the invoice it reverses. */
export async function renderCreditNotePdf(invoice: OrderInvoice, note: CreditNote): Promise<Buffer> {
  if (note.invoice_number !== invoice.invoice_number) {
    throw new Error(`Credit note ${note.credit_note_number} is not against invoice ${invoice.invoice_number}`);
  }
  const sheet = sheetOf(
    invoice,
    { title: 'Credit note', number: note.credit_note_number, date: note.date, lines: note.lines, totals: note.totals },
    note.amount_in_words,
  );
  const facts: [string, string][] = [
    ['Credit note no.', note.credit_note_number],
    ['Date', formatInvoiceDate(note.date)],
    ['Order', `#${invoice.order_id}`],
  ];
  return render(sheet, facts, (doc, y) => drawParties(doc, invoice, drawCreditReference(doc, note, y)));
}
