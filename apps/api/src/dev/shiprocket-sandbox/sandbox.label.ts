import PDFDocument from 'pdfkit';
import { formatShiprocketTime } from '../../modules/shiprocket/courier';
import { SANDBOX_PICKUP_CITY, SANDBOX_PICKUP_LOCATION } from './sandbox.constants';
import type { ShipmentRow } from './sandbox.repository';
import { orderIdOf, shipmentIdOf } from './sandbox.service';

/*
 * The sandbox's shipping label: a 4 × 6 inch page per shipment, as couriers print them, with the AWB (in large type;
 * no barcode, the sandbox's parcels are never scanned), the courier, where it goes, and what to collect. Helvetica is
 * enough: amounts are written "Rs." so that no glyph outside it is needed.
 */

const PAGE = { width: 288, height: 432, margin: 16 };

function rupees(paise: number): string {
  return `Rs. ${(paise / 100).toFixed(2)}`;
}

function drawLabel(doc: PDFKit.PDFDocument, row: ShipmentRow): void {
  const width = PAGE.width - 2 * PAGE.margin;
  const to = row.isReturn ? row.returnTo : row.customer;
  const from = row.isReturn ? row.customer : null;
  doc
    .font('Helvetica-Bold')
    .fontSize(13)
    .text(row.courierName ?? 'Courier', { width });
  doc
    .font('Helvetica')
    .fontSize(8)
    .text(`SANDBOX LABEL - not a real shipment${row.isReturn ? ' - RETURN' : ''}`);
  doc.moveDown(0.6);
  doc.font('Helvetica').fontSize(9).text('AWB');
  doc
    .font('Helvetica-Bold')
    .fontSize(20)
    .text(row.awb ?? '', { width, characterSpacing: 1.5 });
  doc.moveDown(0.4);
  const cod = row.paymentMethod === 'COD';
  doc
    .font('Helvetica-Bold')
    .fontSize(12)
    .text(cod ? `COD - COLLECT ${rupees(row.codPaise)}` : 'PREPAID - DO NOT COLLECT');
  doc.moveDown(0.6);
  doc.font('Helvetica-Bold').fontSize(9).text('Deliver to');
  doc.font('Helvetica').fontSize(9);
  if (to) {
    doc.text(to.name, { width });
    doc.text([to.address, to.address2].filter(Boolean).join(', '), { width });
    doc.text(`${to.city}, ${to.state} ${to.pincode}`, { width });
    doc.text(`Phone: ${to.phone}`, { width });
  }
  doc.moveDown(0.6);
  doc.font('Helvetica-Bold').fontSize(9).text('From');
  doc.font('Helvetica').fontSize(9);
  if (from) doc.text(`${from.name}, ${from.city} ${from.pincode}`, { width });
  else doc.text(`${SANDBOX_PICKUP_LOCATION}, ${SANDBOX_PICKUP_CITY}`, { width });
  doc.moveDown(0.6);
  const [length, breadth, height] = row.dimensionsCm;
  doc.text(`Order ${row.channelOrderId} - Shiprocket order ${orderIdOf(row)} - shipment ${shipmentIdOf(row)}`, {
    width,
  });
  doc.text(`Weight ${(row.weightGrams / 1000).toFixed(2)} kg - ${length} x ${breadth} x ${height} cm`, { width });
  doc.text(`Printed ${formatShiprocketTime(new Date())} IST`, { width });
}

/** One PDF with a label page per shipment (each has an AWB). */
export function labelPdf(rows: ShipmentRow[]): Promise<Buffer> {
  const doc = new PDFDocument({ size: [PAGE.width, PAGE.height], margin: PAGE.margin, autoFirstPage: false });
  const done = new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.info.Title = `Shipping labels ${rows.map((row) => row.awb).join(', ')}`;
  for (const row of rows) {
    doc.addPage();
    drawLabel(doc, row);
  }
  doc.end();
  return done;
}
