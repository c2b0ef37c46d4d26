/**
 * The packing slip that travels inside a parcel (issue 33): the order number and date, where it goes, and the pieces
 * with their sizes and quantities. It carries no prices and no totals, so that a gift parcel can carry it. Drawn with
 * pdfkit in the invoices' style (tax/invoice-pdf.ts), set in Noto Sans from `@expo-google-fonts/noto-sans`, found in
 * node_modules at run time from this file's place, as the invoices find it.
 */
import { createRequire } from 'node:module';
import { asc, inArray, orderItems, orders, type Queryable } from '@kapaas/db';
import PDFDocument from 'pdfkit';
import type { OrderRow } from './orders.repository';

type Doc = PDFKit.PDFDocument;

/** What a slip prints: nothing about money. */
export interface PackingSlip {
  orderId: number;
  placedAt: Date;
  shipTo: {
    name: string;
    address: string;
    city: string;
    state: string;
    pinCode: string;
    phone: string;
  };
  /** Each line; `sku` is the size's SKU when it had one at checkout (ADR 063), printed under the name for the packer. */
  pieces: { name: string; size: string; quantity: number; sku?: string | null }[];
}

const require = createRequire(import.meta.url);
const FONTS = {
  regular: require.resolve('@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf'),
  bold: require.resolve('@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf'),
};

/** The names the fonts are registered under: the slip's own, so that a document shared with labels keeps its fonts. */
const FONT = { regular: 'slip-regular', bold: 'slip-bold' };

const PAGE = { margin: 36, width: 595.28, height: 841.89 };
const LEFT = PAGE.margin;
const WIDTH = PAGE.width - 2 * PAGE.margin;
/** The lowest a row may reach; below it the count of pieces and the thank-you line. */
const BOTTOM = PAGE.height - PAGE.margin - 70;
const COLOURS = { text: '#1a1a1a', muted: '#555555', rule: '#b8b8b8', fill: '#eeeeee' };
const SIZE = { body: 10, small: 8, table: 10, title: 18, name: 14 };
const PAD = 5;
const SHOP = 'Kapaas';
const THANKS = `Thank you for shopping with ${SHOP}. We hope these pieces are worn, washed and loved for a long time.`;

/** The columns of the pieces' table: the piece takes the width the others leave. */
const COLUMNS = [
  { header: '#', width: 24, align: 'right' as const },
  { header: 'Piece', width: WIDTH - 24 - 90 - 60, align: 'left' as const },
  { header: 'Size', width: 90, align: 'left' as const },
  { header: 'Qty', width: 60, align: 'right' as const },
];

/** `26 Nov 2026`: the day in India, as the invoices print dates. */
export function slipDate(at: Date): string {
  return new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'Asia/Kolkata',
  }).format(at);
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

/** The shop on the left; "Packing slip", the order number and its date on the right. */
function drawHeader(doc: Doc, slip: PackingSlip, title: string): number {
  const half = WIDTH / 2;
  const left = write(doc.font(FONT.bold).fontSize(SIZE.title).fillColor(COLOURS.text), SHOP, LEFT, PAGE.margin, half);
  let right = write(doc.fontSize(SIZE.name), title, LEFT + half, PAGE.margin + 2, half, { align: 'right' });
  doc.font(FONT.regular).fontSize(SIZE.body);
  right = write(doc, `Order #${slip.orderId}`, LEFT + half, right + 2, half, { align: 'right' });
  doc.fillColor(COLOURS.muted);
  right = write(doc, `Placed ${slipDate(slip.placedAt)}`, LEFT + half, right, half, { align: 'right' });
  doc.fillColor(COLOURS.text);
  const bottom = Math.max(left, right) + 8;
  rule(doc, bottom, COLOURS.text);
  return bottom + 12;
}

/** A small heading over a block. */
function caption(doc: Doc, text: string, y: number): number {
  doc.font(FONT.bold).fontSize(SIZE.small).fillColor(COLOURS.muted);
  const below = write(doc, text.toUpperCase(), LEFT, y, WIDTH, { characterSpacing: 0.4 });
  doc.font(FONT.regular).fontSize(SIZE.body).fillColor(COLOURS.text);
  return below + 2;
}

/** Where the parcel goes: the name, the address as the shopper wrote it, city, PIN code, state and phone. */
function drawShipTo(doc: Doc, slip: PackingSlip, y: number): number {
  const to = slip.shipTo;
  const width = WIDTH * 0.6;
  let below = caption(doc, 'Ship to', y);
  below = write(doc.font(FONT.bold), to.name, LEFT, below, width);
  doc.font(FONT.regular);
  below = write(doc, to.address, LEFT, below, width);
  below = write(doc, `${to.city} ${to.pinCode}`, LEFT, below, width);
  below = write(doc, to.state, LEFT, below, width);
  below = write(doc, `Phone ${to.phone}`, LEFT, below, width);
  return below + 16;
}

function drawTableHeader(doc: Doc, y: number): number {
  const height = 20;
  doc.rect(LEFT, y, WIDTH, height).fill(COLOURS.fill);
  doc.font(FONT.bold).fontSize(SIZE.small).fillColor(COLOURS.text);
  let x = LEFT;
  for (const column of COLUMNS) {
    doc.text(column.header, x + PAD, y + 6, { width: column.width - 2 * PAD, align: column.align, lineBreak: false });
    x += column.width;
  }
  rule(doc, y, COLOURS.text);
  rule(doc, y + height, COLOURS.text);
  return y + height;
}

/** One piece: its name wraps, the number, size and quantity keep to one line. */
function drawRow(doc: Doc, cells: string[], y: number): number {
  doc.font(FONT.regular).fontSize(SIZE.table).fillColor(COLOURS.text);
  const nameWidth = (COLUMNS[1]?.width ?? 0) - 2 * PAD;
  const height = Math.max(doc.heightOfString(cells[1] ?? '', { width: nameWidth }), doc.currentLineHeight()) + 2 * PAD;
  let x = LEFT;
  for (const [index, column] of COLUMNS.entries()) {
    const wraps = index === 1;
    doc.text(cells[index] ?? '', x + PAD, y + PAD, {
      width: column.width - 2 * PAD,
      align: column.align,
      lineBreak: wraps,
    });
    x += column.width;
  }
  rule(doc, y + height);
  return y + height;
}

const rowHeightOf = (doc: Doc, name: string) =>
  Math.max(doc.heightOfString(name, { width: (COLUMNS[1]?.width ?? 0) - 2 * PAD }), doc.currentLineHeight()) + 2 * PAD;

/** The pieces, numbered; a slip longer than a page goes on with its header on a page of its own. */
function drawPieces(doc: Doc, slip: PackingSlip, top: number): void {
  let y = drawTableHeader(doc, top);
  for (const [index, piece] of slip.pieces.entries()) {
    doc.font(FONT.regular).fontSize(SIZE.table);
    const name = piece.sku ? `${piece.name}\nSKU ${piece.sku}` : piece.name;
    if (y + rowHeightOf(doc, name) > BOTTOM) {
      doc.fillColor(COLOURS.muted);
      write(doc, 'Continued on the next page', LEFT, y + 6, WIDTH, { align: 'right' });
      doc.fillColor(COLOURS.text).addPage();
      y = drawTableHeader(doc, drawHeader(doc, slip, 'Packing slip (continued)'));
    }
    y = drawRow(doc, [String(index + 1), name, piece.size, String(piece.quantity)], y);
  }
  const count = slip.pieces.reduce((total, piece) => total + piece.quantity, 0);
  doc.font(FONT.bold).fontSize(SIZE.body);
  write(doc, `${count} ${count === 1 ? 'piece' : 'pieces'} in all`, LEFT, y + 6, WIDTH, { align: 'right' });
}

/** Where the thank-you line starts: at the foot of the page, below the lowest row and the count of pieces. */
const THANKS_TOP = PAGE.height - PAGE.margin - 40;

/** The thank-you line at the foot of the slip's last page. */
function drawThanks(doc: Doc) {
  doc.font(FONT.regular).fontSize(SIZE.body).fillColor(COLOURS.text);
  rule(doc, THANKS_TOP - 8);
  write(doc, THANKS, LEFT, THANKS_TOP, WIDTH, { align: 'center' });
}

/**
 * Draws one order's slip into `doc`, from a page of its own: `doc` may be a batch of slips, or labels and slips
 * together. The fonts are registered on `doc` here, under names of the slip's own.
 */
export function drawPackingSlip(doc: Doc, slip: PackingSlip, onNewPage: boolean): void {
  if (!onNewPage) doc.addPage({ size: 'A4', margin: PAGE.margin });
  doc.registerFont(FONT.regular, FONTS.regular);
  doc.registerFont(FONT.bold, FONTS.bold);
  drawPieces(doc, slip, drawShipTo(doc, slip, drawHeader(doc, slip, 'Packing slip')));
  drawThanks(doc);
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

/**
 * The slips of several orders in one A4 PDF, each from a page of its own, in the order given, and how many pages each
 * took (a slip of many pieces goes on to further pages): the batch print places each order's pages beside its label.
 */
export function renderPackingSlipsPaged(slips: PackingSlip[]): Promise<{ pdf: Buffer; pageCounts: number[] }> {
  if (slips.length === 0) throw new RangeError('No packing slips to print');
  // The creation date is the first order's, so that the same slips render to the same bytes.
  const date = slips[0]?.placedAt;
  const doc = new PDFDocument({
    size: 'A4',
    margin: PAGE.margin,
    bufferPages: true,
    info: { Title: 'Packing slips', Creator: SHOP, Producer: SHOP, CreationDate: date, ModDate: date },
  });
  const done = collect(doc);
  const pageCounts: number[] = [];
  let pagesBefore = 0;
  for (const [index, slip] of slips.entries()) {
    drawPackingSlip(doc, slip, index === 0);
    const pages = doc.bufferedPageRange().count;
    pageCounts.push(pages - pagesBefore);
    pagesBefore = pages;
  }
  doc.end();
  return done.then((pdf) => ({ pdf, pageCounts }));
}

/** The slips of several orders in one A4 PDF, each from a page of its own, in the order given. */
export function renderPackingSlips(slips: PackingSlip[]): Promise<Buffer> {
  return renderPackingSlipsPaged(slips).then(({ pdf }) => pdf);
}

/** One order's slip as an A4 PDF. */
export function renderPackingSlip(slip: PackingSlip): Promise<Buffer> {
  return renderPackingSlips([slip]);
}

/** An order to print: its slip, and its status (which orders may be printed is the caller's rule). */
export interface OrderToPrint {
  slip: PackingSlip;
  status: OrderRow['status'];
}

/**
 * These orders' slips with their statuses, read from the orders' own tables (the address and the lines as they were
 * at checkout), in the order of `orderIds`, each once; an id with no order is left out.
 */
export async function ordersToPrint(db: Queryable, orderIds: number[]): Promise<OrderToPrint[]> {
  if (orderIds.length === 0) return [];
  const found = await db.select().from(orders).where(inArray(orders.id, orderIds));
  const lines = await db
    .select()
    .from(orderItems)
    .where(inArray(orderItems.orderId, orderIds))
    .orderBy(asc(orderItems.id));
  const byId = new Map(found.map((order) => [order.id, order]));
  return [...new Set(orderIds)].flatMap((id) => {
    const order = byId.get(id);
    if (!order) return [];
    const to = order.addressSnapshot;
    const slip: PackingSlip = {
      orderId: order.id,
      placedAt: order.createdAt,
      shipTo: {
        name: `${to.first_name} ${to.last_name}`.trim(),
        address: to.address,
        city: to.city,
        state: to.state,
        pinCode: to.pin_code,
        phone: to.phone_number,
      },
      pieces: lines
        .filter((line) => line.orderId === id)
        .map((line) => ({ name: line.productName, size: line.sizeLabel, quantity: line.quantity, sku: line.sku })),
    };
    return [{ slip, status: order.status }];
  });
}

/** The slips of these orders, in the order of `orderIds`; an id with no order is left out. */
export async function packingSlipsOf(db: Queryable, orderIds: number[]): Promise<PackingSlip[]> {
  return (await ordersToPrint(db, orderIds)).map((order) => order.slip);
}
