import type { AdminWhatsAppReply } from '@kapaas/contract';
import { Link } from 'react-router';
import { PageHeader } from '#admin/components/PageHeader.tsx';
import { type ListHeading, ListResults } from '#admin/components/resource/ListResults.tsx';
import { useListParams } from '#admin/components/resource/ResourceListPage.tsx';
import { SearchBox } from '#admin/components/SearchBox.tsx';
import { formatDateTime } from '#admin/lib/format.ts';
import { paths } from '#admin/lib/paths.ts';
import { useWhatsAppInbox } from '../api/useWhatsAppInbox';

const HEADINGS: ListHeading[] = [
  { header: 'From' },
  { header: 'Reply' },
  { header: 'In answer to', className: 'd-none d-md-table-cell' },
];

/** What the shopper sent, in the owner's words: the button tapped, or the words written. */
function said(reply: AdminWhatsAppReply): string {
  if (reply.type === 'button') return `Tapped “${reply.text ?? reply.button_payload ?? 'a button'}”`;
  if (reply.text !== null) return reply.text;
  return `A ${reply.type} message: read it in WhatsApp`;
}

/** The shop's message it answered, linking to its order when it was about one. */
function Answered({ reply }: { reply: AdminWhatsAppReply }) {
  const answered = reply.answered;
  if (!answered) return <>{reply.context_id ? 'A message the shop does not know' : 'Nothing: they wrote first'}</>;
  return (
    <>
      {answered.kind_label}
      {answered.order_id !== null && (
        <>
          {' · '}
          <Link to={paths.order(answered.order_id)}>Order #{answered.order_id}</Link>
        </>
      )}
    </>
  );
}

function InboxRow({ reply }: { reply: AdminWhatsAppReply }) {
  return (
    <tr>
      <td>
        <a href={`https://wa.me/${reply.from}`} target="_blank" rel="noreferrer" className="fw-semibold">
          +{reply.from}
        </a>
        <span className="d-block small text-body-secondary">{formatDateTime(reply.at)}</span>
      </td>
      <td className="text-break">
        {said(reply)}
        {reply.type === 'button' && reply.button_payload && (
          <span className="d-block small text-body-secondary">Button: {reply.button_payload}</span>
        )}
        {/* On a phone the message it answered sits under the reply, its column hidden. */}
        <span className="d-block d-md-none small">
          In answer to: <Answered reply={reply} />
        </span>
      </td>
      <td className="d-none d-md-table-cell">
        <Answered reply={reply} />
      </td>
    </tr>
  );
}

/**
 * The owner's WhatsApp inbox (issue 36): the replies no handler of the shop took (a question in the chat, a tap the
 * shop refused, an answer to a message it does not know), newest first. Read-only: see the note on the page.
 */
export function WhatsAppInboxPage() {
  const { page, q, query, change } = useListParams();
  const list = useWhatsAppInbox(query);
  return (
    <>
      <PageHeader title="WhatsApp inbox" />
      <p className="text-body-secondary">
        Replies on WhatsApp that the shop did not act on by itself: questions, taps it refused, answers to messages it
        does not know. Confirm and Cancel taps and STOP are handled on their own and are not listed. You cannot reply
        from here: WhatsApp lets a shop write freely only within 24 hours of the shopper's message, so answer from the
        WhatsApp Business app or Meta's tools.
      </p>
      <div className="list-tools">
        <SearchBox value={q} label="Search by number or text" onSearch={(text) => change({ q: text })} />
      </div>
      <ListResults
        list={list}
        noun="replies"
        empty="No replies waiting for you."
        headings={HEADINGS}
        page={page}
        onPage={(next) => change({ page: String(next) })}
        row={(reply) => <InboxRow key={reply.id} reply={reply} />}
      />
    </>
  );
}
