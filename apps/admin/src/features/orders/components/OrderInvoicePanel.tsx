import type { CreditNote, InvoiceLine, InvoiceTotals } from '@kapaas/contract';
import { Fragment, type ReactNode } from 'react';
import Table from 'react-bootstrap/Table';
import { DownloadButton } from '#admin/components/DownloadButton.tsx';
import { LoadingState } from '#admin/components/feedback/LoadingState.tsx';
import { QueryErrorAlert } from '#admin/components/feedback/QueryErrorAlert.tsx';
import { formatDay, formatRupees } from '#admin/lib/format.ts';
import { useOrderInvoice } from '../api/useOrders';

/** A document's number as a file name: an invoice number may hold a slash ("KPS/25-26/12"). */
export function pdfName(number: string): string {
  return `${number.replace(/[^A-Za-z0-9-]+/g, '-')}.pdf`;
}

/** All the GST of a line or a document, whichever of CGST, SGST, UTGST and IGST it is. */
function taxOf(amounts: InvoiceLine | InvoiceTotals): number {
  return Math.round((amounts.cgst + amounts.sgst + amounts.utgst + amounts.igst) * 100) / 100;
}

const TAXES = [
  ['cgst', 'CGST'],
  ['sgst', 'SGST'],
  ['utgst', 'UTGST'],
  ['igst', 'IGST'],
] as const;

/**
 * A table that scrolls sideways on a phone, named, and focusable so that the keyboard can scroll it too (axe's
 * scrollable-region-focusable): a tax invoice's six columns do not fit 375 px.
 */
function ScrollBox({ label, children }: { label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling box must be reachable by keyboard to be scrolled (WCAG 2.1.1)
    <section className="table-responsive" aria-label={label} tabIndex={0}>
      {children}
    </section>
  );
}

function InvoiceLines({ lines, totals }: { lines: InvoiceLine[]; totals: InvoiceTotals }) {
  return (
    <>
      <ScrollBox label="Invoice lines">
        <Table size="sm" className="align-middle mb-2">
          <thead>
            <tr>
              <th scope="col">Description</th>
              <th scope="col">HSN</th>
              <th scope="col" className="text-end">
                Qty
              </th>
              <th scope="col" className="text-end">
                Taxable value
              </th>
              <th scope="col" className="text-end">
                Rate
              </th>
              <th scope="col" className="text-end">
                Tax
              </th>
            </tr>
          </thead>
          <tbody>
            {lines.map((line, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a document's lines never move.
              <tr key={index}>
                <td>{line.description}</td>
                <td>{line.hsn}</td>
                <td className="text-end">{line.quantity > 0 ? `${line.quantity} ${line.unit}` : '–'}</td>
                <td className="text-end">{formatRupees(line.taxable_value)}</td>
                <td className="text-end">{line.rate} %</td>
                <td className="text-end">{formatRupees(taxOf(line))}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      </ScrollBox>
      <dl className="totals">
        <dt>Taxable value</dt>
        <dd>{formatRupees(totals.taxable_value)}</dd>
        {TAXES.filter(([name]) => totals[name] !== 0).map(([name, label]) => (
          <Fragment key={name}>
            <dt>{label}</dt>
            <dd>{formatRupees(totals[name])}</dd>
          </Fragment>
        ))}
        <dt className="fw-semibold">Invoice total</dt>
        <dd className="fw-semibold">{formatRupees(totals.grand_total)}</dd>
      </dl>
    </>
  );
}

function CreditNotes({ orderId, notes }: { orderId: number; notes: CreditNote[] }) {
  if (notes.length === 0) return null;
  return (
    <>
      <h3 className="h6 mt-3">Credit notes</h3>
      <div className="table-responsive">
        <Table size="sm" className="align-middle mb-0">
          <thead>
            <tr>
              <th scope="col">Number</th>
              <th scope="col">Date</th>
              <th scope="col">Reason</th>
              <th scope="col" className="text-end">
                Amount
              </th>
              <th scope="col">
                <span className="visually-hidden">Download</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {notes.map((note) => (
              <tr key={note.id}>
                <td>{note.credit_note_number}</td>
                <td>{formatDay(note.date)}</td>
                <td>{note.reason}</td>
                <td className="text-end">{formatRupees(note.totals.grand_total)}</td>
                <td className="text-end">
                  <DownloadButton
                    label={`Download ${note.credit_note_number} (PDF)`}
                    path={`orders/${orderId}/credit_notes/${note.id}.pdf`}
                    filename={() => pdfName(note.credit_note_number)}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      </div>
    </>
  );
}

/**
 * The order's GST tax invoice (ADR 032), issued when it was paid: its number, date and place of supply, its lines
 * with their tax, the PDF the customer receives, and the credit notes its refunds issued.
 */
/** The discounts before tax the goods lines already carry (ADR 047), as the PDF tells them under its lines. */
function InvoiceDiscounts({ coupon, prepaid }: { coupon: number; prepaid: number }) {
  const told = [
    ['Coupon discount', coupon],
    ['Prepaid discount (paid online)', prepaid],
  ] as const;
  const shown = told.filter(([, amount]) => amount > 0);
  if (shown.length === 0) return null;
  return (
    <p className="small text-body-secondary">
      {shown.map(([label, amount]) => `${label}: ${formatRupees(amount)}`).join('; ')}, taken off the goods' values
      above, before tax.
    </p>
  );
}

export function OrderInvoicePanel({ orderId, invoiceNumber }: { orderId: number; invoiceNumber: string }) {
  const invoice = useOrderInvoice(orderId, true);
  if (invoice.isPending) return <LoadingState label={`Loading invoice ${invoiceNumber}`} />;
  if (invoice.isError) return <QueryErrorAlert error={invoice.error} onRetry={() => void invoice.refetch()} />;
  const data = invoice.data;
  const place = data.place_of_supply;
  return (
    <>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
        <p className="mb-0 me-auto">
          <strong>{data.invoice_number}</strong> · {formatDay(data.invoice_date)} · Place of supply: {place.state_name}{' '}
          ({place.state_code})
        </p>
        <DownloadButton
          label="Download invoice (PDF)"
          path={`orders/${orderId}/invoice.pdf`}
          filename={() => pdfName(data.invoice_number)}
        />
      </div>
      <InvoiceLines lines={data.lines} totals={data.totals} />
      <InvoiceDiscounts coupon={data.coupon_discount} prepaid={data.prepaid_discount} />
      <CreditNotes orderId={orderId} notes={data.credit_notes} />
    </>
  );
}
