import type { AdminOrder } from '@kapaas/contract';
import { useId, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { ConfirmButton } from '#admin/components/ConfirmButton.tsx';
import { ORDER_STATUS, type OrderStatus } from '#admin/components/OrderStatusBadge.tsx';
import { errorMessage } from '#admin/lib/api.ts';
import { useChangeOrderStatus } from '../api/useOrders';

/** The moves an owner makes by hand, in the order they happen, with their buttons' words. Refunds have their own form. */
export const FORWARD_ACTIONS: Partial<Record<OrderStatus, string>> = {
  packed: 'Mark packed',
  shipped: 'Mark shipped',
  delivered: 'Mark delivered',
};

/** What an order allows now, from the statuses the server says it may move to. */
export function orderMoves(order: AdminOrder): { forward: OrderStatus[]; canCancel: boolean } {
  return {
    forward: order.next_statuses.filter((status) => FORWARD_ACTIONS[status] !== undefined),
    canCancel: order.next_statuses.includes('cancelled'),
  };
}

/** The confirmation's question and warning before cancelling an order; `refundHint` says where refunds are made. */
export function cancelOrderQuestion(orderId: number, refundHint: string) {
  return {
    title: `Cancel order #${orderId}?`,
    body: (
      <>
        <p>Its items go back into stock and the customer sees the order as cancelled.</p>
        <p className="mb-0">
          The money is <strong>not</strong> returned by cancelling: {refundHint} (a full refund also cancels the order).
        </p>
      </>
    ),
    confirmLabel: 'Yes, cancel the order',
  };
}

/** The message shown once an order has moved. */
export function movedMessage(order: AdminOrder): string {
  return `Order #${order.id} is now ${ORDER_STATUS[order.status].label.toLowerCase()}.`;
}

/** The status buttons an order allows now: paid → packed → shipped → delivered, and paid → cancelled. */
export function OrderActions({ order }: { order: AdminOrder }) {
  const change = useChangeOrderStatus(order.id);
  const [done, setDone] = useState<string | null>(null);
  const [message, setMessage] = useState('');
  const messageId = useId();
  const { forward, canCancel } = orderMoves(order);

  const move = async (status: OrderStatus) => {
    setDone(null);
    const customerNote = message.trim();
    const answer = await change.mutateAsync(customerNote ? { status, customer_note: customerNote } : { status });
    setMessage('');
    setDone(movedMessage(answer.data) + (customerNote ? ' The customer sees your message on their order page.' : ''));
  };

  return (
    <div>
      {forward.length === 0 && !canCancel && (
        <p className="text-body-secondary mb-0">No status changes are possible for this order now.</p>
      )}
      {(forward.length > 0 || canCancel) && (
        <Form.Group className="mb-3" controlId={messageId}>
          <Form.Label>Message for the customer (optional)</Form.Label>
          <Form.Control
            as="textarea"
            rows={2}
            maxLength={500}
            value={message}
            onChange={(event) => setMessage(event.target.value)}
            aria-describedby={`${messageId}-help`}
          />
          <Form.Text id={`${messageId}-help`}>
            Shown on their order page with the new status, for example the courier and the tracking number.
          </Form.Text>
        </Form.Group>
      )}
      <div className="d-flex flex-wrap gap-2">
        {forward.map((status) => (
          <Button
            key={status}
            disabled={change.isPending}
            onClick={() => {
              move(status).catch(() => {
                // Shown below from the mutation's error.
              });
            }}
          >
            {FORWARD_ACTIONS[status]}
          </Button>
        ))}
        {canCancel && (
          <ConfirmButton
            {...cancelOrderQuestion(order.id, 'use “Refund” below for that')}
            disabled={change.isPending}
            onConfirm={() => move('cancelled')}
          >
            Cancel order
          </ConfirmButton>
        )}
      </div>
      {change.isPending && (
        <p role="status" className="small mt-2 mb-0">
          Saving…
        </p>
      )}
      {change.isError && (
        <Alert variant="danger" className="mt-3 mb-0" role="alert">
          {errorMessage(change.error)}
        </Alert>
      )}
      {done && !change.isError && (
        <Alert variant="success" className="mt-3 mb-0" role="status">
          {done}
        </Alert>
      )}
    </div>
  );
}
