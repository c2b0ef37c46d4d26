import type { AdminOutboxSummary } from '@kapaas/contract';
import Badge from 'react-bootstrap/Badge';

/** The colour of each status: waiting grey (amber without a mail server), sent green, given up red. */
function colourOf(message: Pick<AdminOutboxSummary, 'status' | 'status_text'>): string {
  switch (message.status) {
    case 'queued':
      return message.status_text.startsWith('Waiting') ? 'warning' : 'secondary';
    case 'sending':
      return 'info';
    case 'sent':
      return 'success';
    case 'failed':
      return 'danger';
    case 'skipped':
      return 'dark';
  }
}

/** A message's status in the API's own sentence ("Waiting: no mail server is set (SMTP_URL)"), as a coloured label that wraps. */
export function OutboxStatus({ message }: { message: Pick<AdminOutboxSummary, 'status' | 'status_text'> }) {
  const bg = colourOf(message);
  return (
    <Badge
      bg={bg}
      text={bg === 'warning' || bg === 'info' ? 'dark' : undefined}
      className="outbox-status text-wrap text-start"
    >
      {message.status_text}
    </Badge>
  );
}
