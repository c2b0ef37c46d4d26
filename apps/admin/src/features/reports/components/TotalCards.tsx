import Card from 'react-bootstrap/Card';
import { formatRupees } from '#admin/lib/format.ts';
import { formatRate } from '../lib/columns';
import { change, pointsChange } from '../lib/period';

export interface Total {
  label: string;
  value: number | null;
  /** The previous period's figure; absent when the report compares with nothing. */
  previous?: number | null;
  kind: 'rupees' | 'count' | 'rate';
  /** Up is bad news (returns, RTO): the arrow is coloured the other way. */
  lowerIsBetter?: boolean;
  note?: string;
}

const count = new Intl.NumberFormat('en-IN');

function formatTotal(value: number | null, kind: Total['kind']): string {
  if (value === null) return '—';
  if (kind === 'rupees') return formatRupees(value);
  if (kind === 'rate') return formatRate(value);
  return count.format(value);
}

/** "▲ 12%" beside a total, with the words a screen reader says, coloured by whether it is good news. */
function ChangeMark({ total }: { total: Total }) {
  if (total.previous === undefined) return null;
  // A rate with nothing to divide by on either side (no orders) has no change to speak of.
  if (total.kind === 'rate' && (total.value === null || total.previous === null)) return null;
  const rate = total.kind === 'rate';
  const { direction, percent } = rate
    ? pointsChange(total.value ?? 0, total.previous ?? 0)
    : change(total.value ?? 0, total.previous ?? 0);
  const unit = rate ? ' pts' : '%';
  const spoken = rate ? ' percentage points' : '%';
  const before = formatTotal(total.previous, total.kind);
  if (direction === 'none') return null;
  if (direction === 'new' || direction === 'same') {
    return (
      <span className="report-change text-body-secondary">
        {direction === 'new' ? 'new' : `= 0${unit}`}
        <span className="visually-hidden"> (previous period: {before})</span>
      </span>
    );
  }
  const good = (direction === 'up') !== (total.lowerIsBetter === true);
  return (
    <span className={`report-change ${good ? 'text-success' : 'text-danger'}`}>
      <span aria-hidden="true">{`${direction === 'up' ? '▲' : '▼'} ${percent}${unit}`}</span>
      <span className="visually-hidden">{`${direction} ${percent}${spoken} on the previous period (${before})`}</span>
    </span>
  );
}

/** A report's totals, each with its change on the previous period of the same length. */
export function TotalCards({ totals }: { totals: Total[] }) {
  return (
    <div className="stat-grid mb-4">
      {totals.map((total) => (
        <Card className="stat" key={total.label}>
          <Card.Body>
            <h3 className="stat__label">{total.label}</h3>
            <p className="stat__value">
              {formatTotal(total.value, total.kind)} <ChangeMark total={total} />
            </p>
            {total.note && <p className="stat__note">{total.note}</p>}
          </Card.Body>
        </Card>
      ))}
    </div>
  );
}
