import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  type CreditNote,
  GST_STATES,
  gstinCheckCharacter,
  type InvoiceLine,
  type InvoiceTotals,
  type OrderInvoice,
} from '@kapaas/contract';
import { extractText, getDocumentProxy, getMeta } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { type SupplyKind, type TaxedAmount, taxOrder } from './gst';
import { formatInvoiceDate, renderCreditNotePdf, renderInvoicePdf, taxColumnsShown } from './invoice-pdf';
import { amountInWords, formatIndianRupees } from './words';

/** Set INVOICE_PDF_DIR to keep the rendered PDFs, to look at them. */
const keepIn = process.env.INVOICE_PDF_DIR;

const rupees = (paise: number) => paise / 100;
const state = (code: string) => {
  const found = GST_STATES.find((candidate) => candidate.code === code);
  if (!found) throw new Error(`No GST state ${code}`);
  return { state_name: found.name, state_code: found.code };
};
const gstin = (first14: string) => `${first14}${gstinCheckCharacter(first14)}`;

interface Item {
  description: string;
  hsn: string;
  unitRupees: number;
  quantity: number;
}

function line(item: Pick<Item, 'description' | 'hsn' | 'quantity'>, unit: string, taxed: TaxedAmount): InvoiceLine {
  return {
    kind: unit === 'OTH' ? 'shipping' : 'goods',
    description: item.description,
    hsn: item.hsn,
    quantity: item.quantity,
    unit,
    rate: taxed.ratePercent,
    taxable_value: rupees(taxed.taxablePaise),
    cgst: rupees(taxed.cgstPaise),
    sgst: rupees(taxed.sgstPaise),
    utgst: rupees(taxed.utgstPaise),
    igst: rupees(taxed.igstPaise),
    total: rupees(taxed.paidPaise),
  };
}

function totalsOf(lines: InvoiceLine[]): InvoiceTotals {
  const sum = (key: 'taxable_value' | 'cgst' | 'sgst' | 'utgst' | 'igst' | 'total') =>
    rupees(lines.reduce((total, each) => total + Math.round(each[key] * 100), 0));
  return {
    taxable_value: sum('taxable_value'),
    cgst: sum('cgst'),
    sgst: sum('sgst'),
    utgst: sum('utgst'),
    igst: sum('igst'),
    grand_total: sum('total'),
  };
}

const SUPPLIER = {
  legal_name: 'Kapaas Textiles Private Limited',
  gstin: gstin('27AAFCK1234M1Z'),
  address: 'Unit 14, Shah Industrial Estate, Off Veera Desai Road, Andheri West, Mumbai 400053',
  ...state('27'),
  signatory: 'Meera Joshi',
};

/** An order priced by the tax module, as the invoice of a paid order carries it. */
function invoiceOf(items: Item[], shippingRupees: number, delivery: string, kind: SupplyKind): OrderInvoice {
  const taxed = taxOrder(
    items.map((item) => ({ linePaise: Math.round(item.unitRupees * 100) * item.quantity, quantity: item.quantity })),
    0,
    Math.round(shippingRupees * 100),
    kind,
  );
  const lines = [
    ...items.map((item, index) => line(item, 'PCS', taxed.lines[index] as TaxedAmount)),
    line({ description: 'Shipping', hsn: '9965', quantity: 1 }, 'OTH', taxed.shipping),
  ];
  const totals = totalsOf(lines);
  return {
    order_id: 4127,
    invoice_number: 'KP/26-27/000123',
    invoice_date: '2026-11-26',
    supplier: SUPPLIER,
    buyer: {
      name: 'Ananya Deshpande',
      address: 'Flat 302, Sai Krupa Apartments, 12 Karve Road, Kothrud',
      city: 'Pune',
      pin_code: '411038',
      ...state(delivery),
    },
    place_of_supply: state(delivery),
    reverse_charge: false,
    lines,
    totals,
    coupon_discount: 0,
    prepaid_discount: 0,
    amount_in_words: amountInWords(totals.grand_total),
    credit_notes: [],
  };
}

const ITEMS: Item[] = [
  { description: 'Organic cotton jhabla, mustard, 0–3 months', hsn: '6111', unitRupees: 649, quantity: 2 },
  {
    description:
      'Hand-block printed mulmul swaddle, set of three, indigo and madder with a long description that has to wrap',
    hsn: '6302',
    unitRupees: 1899,
    quantity: 1,
  },
  { description: 'Quilted cotton baby blanket, ajrakh print', hsn: '6301', unitRupees: 2999, quantity: 1 },
];

/** A refund of the blanket: its line reversed, with its tax. */
function creditNoteOf(invoice: OrderInvoice): CreditNote {
  const blanket = invoice.lines[2] as InvoiceLine;
  const totals = totalsOf([blanket]);
  return {
    id: 9,
    credit_note_number: 'KPCN/26-27/00009',
    date: '2026-12-03',
    invoice_number: invoice.invoice_number,
    invoice_date: invoice.invoice_date,
    reason: 'Returned: the blanket arrived with a torn seam',
    lines: [blanket],
    totals,
    amount_in_words: amountInWords(totals.grand_total),
  };
}

/** The text of every page, joined, with runs of white space made one space. */
async function textOf(pdf: Buffer, name: string): Promise<{ text: string; pages: number }> {
  if (keepIn) {
    await mkdir(keepIn, { recursive: true });
    await writeFile(join(keepIn, `${name}.pdf`), pdf);
  }
  const { totalPages, text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true });
  return { text: text.replace(/\s+/g, ' '), pages: totalPages };
}

describe('the tax invoice PDF', () => {
  const intra = invoiceOf(ITEMS, 99, '27', 'intra-state');

  it('carries what rule 46 asks for a sale to an unregistered buyer, within a state: CGST + SGST', async () => {
    const { text, pages } = await textOf(await renderInvoicePdf(intra), 'intra-state');
    expect(pages).toBe(1);
    expect(text).toContain('Tax invoice');
    expect(text).toContain('Kapaas Textiles Private Limited');
    expect(text).toContain(`GSTIN: ${SUPPLIER.gstin}`);
    expect(text).toContain('Andheri West, Mumbai 400053');
    expect(text).toContain('State: Maharashtra, code 27');
    expect(text).toContain('KP/26-27/000123');
    expect(text).toContain('26 Nov 2026');
    expect(text).toContain('Ananya Deshpande');
    expect(text).toContain('Pune 411038');
    expect(text).toContain('Maharashtra (state code 27)');
    expect(text).toContain('Tax is payable on reverse charge: No');
    for (const hsn of ['6111', '6302', '6301', '9965']) expect(text).toContain(hsn);
    expect(text).toContain('2 PCS');
    expect(text).toContain('1 OTH');
    expect(text).toContain('For Kapaas Textiles Private Limited');
    expect(text).toContain('Authorised signatory: Meera Joshi');
  });

  it('prints the amounts in the Indian grouping with ₹, the half rates, and the amount in words', async () => {
    const { text } = await textOf(await renderInvoicePdf(intra), 'intra-state');
    // ₹1,298 + ₹1,899 (5 %) + ₹2,999 (18 %) + ₹99 shipping at the principal supply's 18 %.
    expect(intra.totals.grand_total).toBe(6295);
    expect(text).toContain('₹6,295.00');
    expect(text).toContain(formatIndianRupees(intra.totals.taxable_value));
    expect(text).toContain(formatIndianRupees(intra.totals.cgst));
    expect(text).toContain('Rupees Six Thousand Two Hundred Ninety-Five Only');
    expect(text).toMatch(/CGST.*SGST/);
    expect(text).not.toContain('IGST');
    expect(text).not.toContain('UTGST');
    expect(text).toContain('2.5 %');
    expect(text).toContain('9 %');
  });

  it('between states shows IGST at the whole rate, and neither CGST nor SGST', async () => {
    const inter = invoiceOf(ITEMS, 99, '29', 'inter-state');
    const { text } = await textOf(await renderInvoicePdf(inter), 'inter-state');
    expect(text).toContain('IGST');
    expect(text).not.toContain('CGST');
    expect(text).not.toContain('SGST');
    expect(text).toContain('Karnataka (state code 29)');
    expect(text).toContain('5 %');
    expect(text).toContain('18 %');
    expect(text).not.toContain('2.5 %');
    expect(text).toContain(formatIndianRupees(inter.totals.igst));
  });

  it('within a Union Territory without a legislature shows CGST + UTGST', async () => {
    const ut = {
      ...invoiceOf(ITEMS, 99, '04', 'intra-ut'),
      supplier: {
        ...SUPPLIER,
        gstin: gstin('04AAFCK1234M1Z'),
        ...state('04'),
        address: 'SCO 21, Sector 17, Chandigarh',
      },
    };
    const { text } = await textOf(await renderInvoicePdf(ut), 'intra-ut');
    expect(text).toMatch(/CGST.*UTGST/);
    expect(text).not.toContain('SGST ');
    expect(text).not.toMatch(/[^T]SGST/);
    expect(text).not.toContain('IGST');
    expect(text).toContain('Chandigarh (state code 04)');
    expect(text).toContain(formatIndianRupees(ut.totals.utgst));
  });

  it('flows 40 lines onto further pages, numbering the pages and repeating the table header', async () => {
    const many = Array.from({ length: 40 }, (_, index) => ({
      description: `Muslin bib, pattern ${index + 1}${index % 7 === 0 ? ', with a description long enough to wrap onto a second line of the cell' : ''}`,
      hsn: '6111',
      unitRupees: 199 + index,
      quantity: 1 + (index % 3),
    }));
    const { text, pages } = await textOf(await renderInvoicePdf(invoiceOf(many, 0, '27', 'intra-state')), 'forty');
    expect(pages).toBeGreaterThanOrEqual(2);
    expect(text).toContain(`Page 1 of ${pages}`);
    expect(text).toContain(`Page ${pages} of ${pages}`);
    expect(text).toContain('(continued)');
    expect(text.match(/Description/g)?.length).toBeGreaterThanOrEqual(2);
    expect(text).toContain('Muslin bib, pattern 40');
  });

  it('keeps a large figure on one line of its cell', async () => {
    const lot = { description: 'Hand-woven Banarasi silk quilts, export lot', hsn: '6301', unitRupees: 999_999.5 };
    const dear = invoiceOf([{ ...lot, quantity: 500 }], 0, '27', 'intra-state');
    const [goods] = dear.lines as [InvoiceLine];
    expect(goods.total).toBe(49_99_99_750);
    const { text } = await textOf(await renderInvoicePdf(dear), 'large-figures');
    for (const amount of [goods.taxable_value, goods.cgst, goods.sgst, goods.total]) {
      expect(text).toContain(` ${formatIndianRupees(amount).replace('₹', '')} `);
    }
    expect(text).toContain('₹49,99,99,750.00');
    expect(text).toContain('Rupees Forty-Nine Crore Ninety-Nine Lakh Ninety-Nine Thousand Seven Hundred Fifty Only');
  });

  it('never splits the totals, the amount in words and the signature over two pages', async () => {
    // From 20 to 32 lines the table ends ever lower on the first page, then moves to the second.
    for (let count = 20; count <= 32; count++) {
      const items = Array.from({ length: count }, (_, index) => ({
        description: `Cotton romper, size ${index + 1}`,
        hsn: '6111',
        unitRupees: 499,
        quantity: 1,
      }));
      const pdf = await renderInvoicePdf(invoiceOf(items, 0, '27', 'intra-state'));
      const { text: pages } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: false });
      const closing = pages.filter((page) => /Amount in words|Grand total|Authorised signatory/i.test(page));
      expect(closing, `${count} lines`).toHaveLength(1);
      for (const part of [/AMOUNT IN WORDS/, /Grand total/, /Authorised signatory: Meera Joshi/, /Rupees .* Only/]) {
        expect(closing[0], `${count} lines`).toMatch(part);
      }
    }
  });

  it('renders the same bytes for the same invoice, dated the day of the invoice, not the moment', async () => {
    const first = await renderInvoicePdf(intra);
    const { info } = await getMeta(new Uint8Array(first));
    // Midnight of 26 Nov 2026 in India is 18:30 UTC the day before.
    expect(info).toMatchObject({ CreationDate: 'D:20261125183000Z', Title: 'Tax invoice KP/26-27/000123' });
    expect(info.Author).toBe('Kapaas Textiles Private Limited');
    const second = await renderInvoicePdf(structuredClone(intra));
    expect(first.equals(second)).toBe(true);
  });
});

describe('the credit note PDF', () => {
  const invoice = invoiceOf(ITEMS, 99, '27', 'intra-state');
  const note = creditNoteOf(invoice);

  it('carries its own number, date, lines and totals, and the invoice it is against', async () => {
    const { text } = await textOf(await renderCreditNotePdf(invoice, note), 'credit-note');
    expect(text).toContain('Credit note');
    expect(text).toContain('KPCN/26-27/00009');
    expect(text).toContain('3 Dec 2026');
    expect(text).toContain('Against invoice KP/26-27/000123 dated 26 Nov 2026');
    expect(text).toContain('Reason: Returned: the blanket arrived with a torn seam');
    expect(text).toContain('6301');
    expect(text).not.toContain('6302');
    expect(text).toContain('₹2,999.00');
    expect(text).not.toContain('₹6,295.00');
    expect(text).toContain('Rupees Two Thousand Nine Hundred Ninety-Nine Only');
    expect(text).toContain(`GSTIN: ${SUPPLIER.gstin}`);
    expect(text).toContain('Tax is payable on reverse charge: No');
    expect(text).toContain('Authorised signatory: Meera Joshi');
  });

  it('prints a dash, not 0 PCS, for a line that gives back part of its value rather than whole pieces', async () => {
    const partial = { ...note, lines: note.lines.map((l) => ({ ...l, quantity: 0 })) };
    const { text } = await textOf(await renderCreditNotePdf(invoice, partial), 'credit-note-partial');
    expect(text).not.toContain('0 PCS');
    expect(text).toContain('–');
    expect((await textOf(await renderCreditNotePdf(invoice, note), 'credit-note')).text).toContain('1 PCS');
  });

  it('refuses a credit note against another invoice', async () => {
    await expect(renderCreditNotePdf(invoice, { ...note, invoice_number: 'KP/26-27/000999' })).rejects.toThrow(
      /not against invoice/,
    );
  });
});

describe('the helpers', () => {
  it('prints dates as 26 Nov 2026', () => {
    expect(formatInvoiceDate('2026-11-26')).toBe('26 Nov 2026');
    expect(formatInvoiceDate('2027-01-05')).toBe('5 Jan 2027');
    expect(() => formatInvoiceDate('26/11/2026')).toThrow(RangeError);
  });

  it('tells the tax columns from the amounts, and from the place of supply when there is no tax', () => {
    const intra = invoiceOf(ITEMS, 0, '27', 'intra-state');
    const inter = invoiceOf(ITEMS, 0, '29', 'inter-state');
    const ut = invoiceOf(ITEMS, 0, '04', 'intra-ut');
    expect(taxColumnsShown(intra.lines, intra.totals, '27', '27')).toBe('cgst-sgst');
    expect(taxColumnsShown(inter.lines, inter.totals, '27', '29')).toBe('igst');
    expect(taxColumnsShown(ut.lines, ut.totals, '04', '04')).toBe('cgst-utgst');
    const free = totalsOf([]);
    expect(taxColumnsShown([], free, '27', '27')).toBe('cgst-sgst');
    expect(taxColumnsShown([], free, '27', '29')).toBe('igst');
  });
});
