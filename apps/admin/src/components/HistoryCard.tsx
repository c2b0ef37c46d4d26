import Card from 'react-bootstrap/Card';
import { formatDateTime } from '../lib/format';

/** One step of a record's history: its status, when, the staff's note and what the customer was told. */
interface HistoryEntry<Status extends string> {
  status: Status;
  at: string;
  note: string | null;
  customer_note: string | null;
}

/** The history of an order or a return, oldest first, each status in the owner's words. */
export function HistoryCard<Status extends string>({
  entries,
  label,
}: {
  entries: readonly HistoryEntry<Status>[];
  label: (status: Status) => string;
}) {
  return (
    <Card>
      <Card.Body>
        <h2 className="h6">History</h2>
        <ol className="history list-unstyled mb-0">
          {entries.map((entry) => (
            <li key={`${entry.status}-${entry.at}`}>
              <strong>{label(entry.status)}</strong> · {formatDateTime(entry.at)}
              {entry.note && <span className="d-block small text-body-secondary">{entry.note}</span>}
              {entry.customer_note && <span className="d-block small">To the customer: “{entry.customer_note}”</span>}
            </li>
          ))}
        </ol>
      </Card.Body>
    </Card>
  );
}
