import { type AdminOrderSummary, MAX_PRINT_ORDERS, PRINTABLE_ORDER_STATUSES } from '@kapaas/contract';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { DownloadButton } from '#admin/components/DownloadButton.tsx';
import { localDay } from '#admin/lib/format.ts';

/** Orders whose parcel is to pack or on its way: the ones the batch print takes (the server says the same). */
export function isPrintable(order: Pick<AdminOrderSummary, 'status'>): boolean {
  return (PRINTABLE_ORDER_STATUSES as readonly string[]).includes(order.status);
}

/** The orders chosen for printing, in the order chosen; kept while the owner turns pages and tabs. */
export function usePrintSelection() {
  const [chosen, setChosen] = useState<number[]>([]);
  return {
    chosen,
    isChosen: (id: number) => chosen.includes(id),
    toggle: (id: number) => setChosen((now) => (now.includes(id) ? now.filter((other) => other !== id) : [...now, id])),
    add: (ids: number[]) => setChosen((now) => [...now, ...ids.filter((id) => !now.includes(id))]),
    clear: () => setChosen([]),
  };
}
export type PrintSelection = ReturnType<typeof usePrintSelection>;

/** The first cell of an order's row: its box to choose it for printing, or nothing when it is not to print. */
export function ChooseCell({ order, selection }: { order: AdminOrderSummary; selection: PrintSelection }) {
  return (
    <td className="print-choice">
      {isPrintable(order) && (
        <input
          type="checkbox"
          className="form-check-input"
          aria-label={`Choose order #${order.id} to print`}
          checked={selection.isChosen(order.id)}
          onChange={() => selection.toggle(order.id)}
        />
      )}
    </td>
  );
}

/**
 * Above the list: how many orders are chosen, "Print labels and slips" (one PDF: each order's courier label, when it
 * has one, then its packing slip with no prices), and choosing every printable order of the page or none.
 */
export function PrintBar({ selection, shown }: { selection: PrintSelection; shown: AdminOrderSummary[] }) {
  const printable = shown.filter(isPrintable).map((order) => order.id);
  const count = selection.chosen.length;
  const tooMany = count > MAX_PRINT_ORDERS;
  if (count === 0 && printable.length === 0) return null;
  return (
    <section className="print-bar" aria-label="Print labels and packing slips">
      <span className="print-bar__count">
        {count === 0
          ? 'Choose orders to print their labels and slips.'
          : `${count} order${count === 1 ? '' : 's'} chosen`}
      </span>
      {printable.some((id) => !selection.isChosen(id)) && (
        <Button variant="link" size="sm" onClick={() => selection.add(printable)}>
          Choose this page's orders
        </Button>
      )}
      {count > 0 && (
        <>
          {tooMany ? (
            <span role="alert" className="text-danger small">
              At most {MAX_PRINT_ORDERS} orders are printed at once: choose fewer.
            </span>
          ) : (
            <DownloadButton
              label="Print labels and slips"
              path="orders/print.pdf"
              body={{ order_ids: selection.chosen }}
              filename={() => `kapaas-labels-and-slips-${localDay()}.pdf`}
            />
          )}
          <Button variant="link" size="sm" onClick={selection.clear}>
            Clear the choice
          </Button>
        </>
      )}
    </section>
  );
}
