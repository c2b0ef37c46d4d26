import type { AdminOutboxSummary, AdminWhatsAppReply } from '@kapaas/contract';
import Badge from 'react-bootstrap/Badge';
import Card from 'react-bootstrap/Card';
import { Link } from 'react-router';
import { formatDateTime } from '#admin/lib/format.ts';
import { paths } from '#admin/lib/paths.ts';
import { useOrderMessages } from '../api/useOrders';

type WhatsAppStatus = NonNullable<NonNullable<AdminOutboxSummary['whatsapp']>['status']>;

/** Meta's statuses of a WhatsApp message in the owner's words. */
const WHATSAPP_STATUS: Record<WhatsAppStatus, string> = {
  sent: 'Sent on WhatsApp',
  delivered: 'Delivered on WhatsApp',
  read: 'Read on WhatsApp',
  failed: 'Failed on WhatsApp',
};

/** The outbox's reason ends "…: sent by e-mail (instead)"; the page says that first, in its own words. */
const reasonOf = (reason: string) => reason.replace(/:\s*sent by e-mail( instead)?\.?$/i, '');

/** Before Meta's first status: the outbox's own words speak of the mail server, which a WhatsApp message never waits for. */
function waitingOnWhatsApp(message: AdminOutboxSummary): string {
  if (message.status === 'queued') return 'Waiting to go on WhatsApp';
  if (message.status === 'sending') return 'Being sent on WhatsApp';
  return message.status === 'sent' ? 'Sent on WhatsApp' : message.status_text;
}

/** How a message went, in one line: Meta's status, or the e-mail's, and why it went by e-mail when meant for WhatsApp. */
export function deliveryOf(message: AdminOutboxSummary): { channel: string; status: string; problem: boolean } {
  const wa = message.whatsapp;
  if (message.fallback_reason) {
    return {
      channel: 'E-mail',
      status: `Sent by e-mail instead: ${reasonOf(message.fallback_reason)} (${message.status_text})`,
      problem: message.status === 'failed',
    };
  }
  if (message.channel === 'whatsapp' && wa) {
    const status = wa.status ? WHATSAPP_STATUS[wa.status] : waitingOnWhatsApp(message);
    return {
      channel: 'WhatsApp',
      status: wa.error ? `${status}: ${wa.error}` : status,
      problem: wa.status === 'failed',
    };
  }
  return { channel: 'E-mail', status: message.status_text, problem: message.status === 'failed' };
}

/** A reply in the owner's words: the button tapped, or what they wrote. */
export function replyText(reply: AdminWhatsAppReply): string {
  if (reply.type === 'button') return `Tapped “${reply.text ?? reply.button_payload ?? 'a button'}”`;
  if (reply.text !== null) return `“${reply.text}”`;
  return `Sent a ${reply.type} (read it in WhatsApp)`;
}

function Reply({ reply }: { reply: AdminWhatsAppReply }) {
  return (
    <li className="order-messages__reply small">
      <span className="fw-semibold">+{reply.from}</span> {replyText(reply)}{' '}
      <span className="text-body-secondary">· {formatDateTime(reply.at)}</span>
      {!reply.handled && (
        <span className="d-block text-body-secondary">Not acted on by the shop: also in the WhatsApp inbox.</span>
      )}
    </li>
  );
}

function Message({ message, replies }: { message: AdminOutboxSummary; replies: AdminWhatsAppReply[] }) {
  const delivery = deliveryOf(message);
  return (
    <li className="order-messages__item">
      <div className="d-flex flex-wrap align-items-baseline gap-2">
        <Badge bg={delivery.channel === 'WhatsApp' ? 'success' : 'secondary'}>{delivery.channel}</Badge>
        <Link to={paths.outboxMessage(message.id)} className="fw-semibold">
          {message.kind_label}
        </Link>
        <span className="small text-body-secondary">{formatDateTime(message.sent_at ?? message.created_at)}</span>
      </div>
      <span className={`d-block small ${delivery.problem ? 'text-danger' : ''}`}>{delivery.status}</span>
      {replies.length > 0 && (
        <ul className="list-unstyled ms-3 mt-1 mb-0" aria-label={`Replies to ${message.kind_label}`}>
          {replies.map((reply) => (
            <Reply key={reply.id} reply={reply} />
          ))}
        </ul>
      )}
    </li>
  );
}

/** The order's messages to the shopper and the owners, oldest first, each with the shopper's WhatsApp replies to it. */
export function OrderMessages({ orderId }: { orderId: number }) {
  const messages = useOrderMessages(orderId);
  return (
    <Card className="order-grid__wide">
      <Card.Body>
        <h2 className="h6">Messages</h2>
        {messages.isPending && <p className="text-body-secondary mb-0">Loading the messages…</p>}
        {messages.isError && (
          <p className="text-body-secondary mb-0">The messages could not be loaded: {messages.error.message}</p>
        )}
        {messages.data && messages.data.messages.length === 0 && (
          <p className="text-body-secondary mb-0">No message about this order yet.</p>
        )}
        {messages.data && messages.data.messages.length > 0 && (
          <ul className="list-unstyled mb-0 order-messages">
            {messages.data.messages.map((message) => (
              <Message
                key={message.id}
                message={message}
                replies={messages.data.replies.filter(
                  (reply) => reply.context_id !== null && reply.context_id === message.whatsapp?.message_id,
                )}
              />
            ))}
          </ul>
        )}
      </Card.Body>
    </Card>
  );
}
