import type { AdminContactMessage, AdminUpdateContactMessage } from '@kapaas/contract';
import { useEffect, useRef } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import { useNavigate, useParams } from 'react-router';
import { ConfirmButton } from '#admin/components/ConfirmButton.tsx';
import { LoadingState } from '#admin/components/feedback/LoadingState.tsx';
import { QueryErrorAlert } from '#admin/components/feedback/QueryErrorAlert.tsx';
import { PageHeader } from '#admin/components/PageHeader.tsx';
import { formatDateTime } from '#admin/lib/format.ts';
import { paths } from '#admin/lib/paths.ts';
import { useDeleteResource, useResourceItem, useSaveResource } from '#admin/lib/resource.ts';

/** One message, marked read when opened; it can be marked new again or deleted. */
export function MessagePage() {
  const id = Number(useParams().id);
  const navigate = useNavigate();
  const message = useResourceItem<AdminContactMessage>('contact-messages', id);
  const save = useSaveResource<AdminContactMessage, AdminUpdateContactMessage>('contact-messages', id);
  const remove = useDeleteResource('contact-messages');
  const markedRead = useRef(false);

  const unread = message.data !== undefined && message.data.read_at === null;
  useEffect(() => {
    if (unread && !markedRead.current) {
      markedRead.current = true;
      save.mutate({ read: true });
    }
  }, [unread, save]);

  if (message.isPending) return <LoadingState label="Loading the message" />;
  if (message.isError) return <QueryErrorAlert error={message.error} onRetry={() => void message.refetch()} />;
  const m = message.data;

  return (
    <>
      <PageHeader
        title={`Message from ${m.name}`}
        back={{ to: paths.messages, label: 'All messages' }}
        actions={
          <>
            <Button variant="outline-secondary" onClick={() => save.mutate({ read: false })} disabled={!m.read_at}>
              Mark as new
            </Button>
            <ConfirmButton
              title="Delete this message?"
              body="It is removed for good."
              confirmLabel="Yes, delete"
              onConfirm={async () => {
                const answer = await remove.mutateAsync(m.id);
                navigate(paths.messages, { state: { notice: answer.message } });
              }}
            >
              Delete
            </ConfirmButton>
          </>
        }
      />
      <Card>
        <Card.Body>
          <dl className="details">
            <dt>Received</dt>
            <dd>{formatDateTime(m.created_at)}</dd>
            <dt>E-mail</dt>
            <dd>
              <a href={`mailto:${m.email}`}>{m.email}</a>
            </dd>
            <dt>Mobile</dt>
            <dd>
              <a href={`tel:${m.mobile}`}>{m.mobile}</a>
            </dd>
          </dl>
          <p className="message-body">{m.message}</p>
        </Card.Body>
      </Card>
    </>
  );
}
