import { RETURN_REASON_LABELS, type ReturnLine } from '@kapaas/contract';
import { formatRupees } from '#storefront/lib/money.ts';

/** "Returned: 1 × 2-3Y" or "Exchanged: 1 × 2-3Y → 3-4Y". */
export function returnLineText(line: ReturnLine): string {
  return line.kind === 'exchange'
    ? `Exchanged: ${line.quantity} × ${line.size} → ${line.new_size ?? ''}`
    : `Returned: ${line.quantity} × ${line.size}`;
}

/** The lines of a return: the product, what goes back and how, the reason and the shopper's note. */
export function ReturnLineList({ lines, detailed = false }: { lines: ReturnLine[]; detailed?: boolean }) {
  return (
    <ul className="order-detail__lines return-lines">
      {lines.map((line) => (
        <li key={`${line.product_id}-${line.size_id}-${line.kind}`} className="order-line order-line--detail">
          <img src={line.product_image} alt="" width={80} height={80} loading="lazy" decoding="async" />
          <div className="order-line__text">
            <span className="order-line__name">{line.product_name}</span>
            <span className="order-line__meta">{returnLineText(line)}</span>
            {detailed && (
              <span className="order-line__meta">
                Reason: {RETURN_REASON_LABELS[line.reason]}
                {line.note && <> · “{line.note}”</>}
              </span>
            )}
          </div>
          {line.kind === 'return' && <span className="order-line__total">{formatRupees(line.amount)}</span>}
        </li>
      ))}
    </ul>
  );
}
