import type { AdminOrder, AdminOrderSummary, AdminShipment } from '@kapaas/contract';
import { useId, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { ConfirmButton } from '#admin/components/ConfirmButton.tsx';
import { ORDER_STATUS, type OrderStatus } from '#admin/components/OrderStatusBadge.tsx';
import { errorMessage } from '#admin/lib/api.ts';
import { formatRupees } from '#admin/lib/format.ts';
import { useChangeOrderStatus, useRecordCodCollected, useReturnReceived, useShipWithCourier } from '../api/useOrders';

/**
 * The moves an owner makes by hand, in the order they happen, with their buttons' words. Cancelling and a parcel
 * returned to origin ask first; refunds have their own form.
 */
export const FORWARD_ACTIONS: Partial<Record<OrderStatus, string>> = {
  cod_confirmed: 'Confirm order',
  packed: 'Mark packed',
  shipped: 'Mark shipped',
  delivered: 'Mark delivered',
};

/** What an order allows now, from the statuses the server says it may move to. */
export function orderMoves(order: AdminOrder): { forward: OrderStatus[]; canCancel: boolean; canReturn: boolean } {
  return {
    forward: order.next_statuses.filter((status) => FORWARD_ACTIONS[status] !== undefined),
    canCancel: order.next_statuses.includes('cancelled'),
    canReturn: order.next_statuses.includes('returned_to_origin'),
  };
}

/**
 * What is left to record once a parcel has left, besides moves: the cash of a delivered cash-on-delivery order, and a
 * returned parcel back in the shop.
 */
export function followUps(order: AdminOrder): { collectCash: boolean; receiveReturn: boolean } {
  return {
    collectCash: order.payment_method === 'cod' && order.status === 'delivered' && order.paid_at === null,
    receiveReturn: order.status === 'returned_to_origin' && order.return_received_at === null,
  };
}

/**
 * The confirmation's question and warning before cancelling an order; `refundHint` says where refunds are made. A
 * cash-on-delivery order was not paid, so there is nothing to give back, except an advance paid online (issue 34),
 * which cancelling refunds.
 */
export function cancelOrderQuestion(
  order: Pick<AdminOrderSummary, 'id' | 'payment_method' | 'cod_advance' | 'cod_to_collect'>,
  refundHint: string,
) {
  const advancePaid = order.payment_method === 'cod' && order.cod_advance > 0 && order.cod_to_collect > 0;
  return {
    title: `Cancel order #${order.id}?`,
    body: (
      <>
        <p>Its items go back into stock and the customer sees the order as cancelled.</p>
        {advancePaid ? (
          <p className="mb-0">
            The advance of {formatRupees(order.cod_advance)} paid online is refunded to the customer by cancelling.
          </p>
        ) : order.payment_method === 'cod' ? (
          <p className="mb-0">It is a cash-on-delivery order: nothing was paid, so there is nothing to refund.</p>
        ) : (
          <p className="mb-0">
            The money is <strong>not</strong> returned by cancelling: {refundHint} (a full refund also cancels the
            order).
          </p>
        )}
      </>
    ),
    confirmLabel: 'Yes, cancel the order',
  };
}

/** The confirmation before marking a parcel returned to origin. */
function returnedQuestion(order: AdminOrder) {
  return {
    title: `Mark order #${order.id} returned to origin?`,
    body: (
      <>
        <p>Do this when the courier reports the parcel refused or undeliverable and on its way back to you.</p>
        <p className="mb-0">
          {order.payment_method === 'cod'
            ? 'Its tax invoice is cancelled by a credit note, and the customer can pay only online for 90 days. '
            : 'The money is not returned by this: use “Refund” below for that. '}
          Its items go back into stock when you mark the parcel received.
        </p>
      </>
    ),
    confirmLabel: 'Yes, it is coming back',
  };
}

/** The confirmation before recording a cash-on-delivery order's cash. */
function collectQuestion(order: AdminOrder) {
  return {
    title: `Record ${formatRupees(order.cod_to_collect)} collected for order #${order.id}?`,
    body: (
      <p className="mb-0">
        Do this once the courier has handed over the cash for this order. The order then counts as paid, and the
        customer sees “Paid in cash on delivery.”
      </p>
    ),
    confirmLabel: 'Yes, the cash is here',
    variant: 'success',
  };
}

/** The message shown once the courier has booked an order's parcel. */
export function shippedMessage(orderId: number, shipment: AdminShipment): string {
  return `Order #${orderId} is shipped with ${shipment.courier_name ?? 'the courier'}: AWB ${shipment.awb}.`;
}

/** The message shown once an order has moved. */
export function movedMessage(order: AdminOrder): string {
  if (order.status === 'cod_confirmed') return `Order #${order.id} is confirmed and ready to pack.`;
  return `Order #${order.id} is now ${ORDER_STATUS[order.status].label.toLowerCase()}.`;
}

/**
 * The status buttons an order allows now: paid → packed → shipped → delivered, and paid → cancelled; for cash on
 * delivery, confirming, cancelling before it ships, a parcel returned to origin, and recording the cash or the returned
 * parcel. A packed order ships with the courier ("Ship with courier") or by hand ("Mark shipped", for a shop without a
 * courier contract, with the tracking number in the message).
 */
export function OrderActions({ order }: { order: AdminOrder }) {
  const change = useChangeOrderStatus(order.id);
  const ship = useShipWithCourier(order.id);
  const busy = change.isPending || ship.isPending;
  // The last action tried speaks: each one clears the other's error when it starts.
  const failure = change.error ?? ship.error;
  const [done, setDone] = useState<string | null>(null);
  const [message, setMessage] = useState('');
  const messageId = useId();
  const { forward, canCancel, canReturn } = orderMoves(order);
  const { collectCash, receiveReturn } = followUps(order);
  const canMove = forward.length > 0 || canCancel || canReturn;

  const move = async (status: OrderStatus) => {
    setDone(null);
    ship.reset();
    const customerNote = message.trim();
    const answer = await change.mutateAsync(customerNote ? { status, customer_note: customerNote } : { status });
    setMessage('');
    setDone(movedMessage(answer.data) + (customerNote ? ' The customer sees your message on their order page.' : ''));
  };

  const shipWithCourier = async () => {
    setDone(null);
    change.reset();
    setDone(shippedMessage(order.id, (await ship.mutateAsync()).data));
  };

  return (
    <div>
      {!canMove && !collectCash && !receiveReturn && (
        <p className="text-body-secondary mb-0">No status changes are possible for this order now.</p>
      )}
      {canMove && (
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
            disabled={busy}
            onClick={() => {
              move(status).catch(() => {
                // Shown below from the mutation's error.
              });
            }}
          >
            {FORWARD_ACTIONS[status]}
          </Button>
        ))}
        {forward.includes('shipped') && (
          <Button
            variant="outline-primary"
            disabled={busy}
            onClick={() => {
              shipWithCourier().catch(() => {
                // Shown below from the mutation's error.
              });
            }}
          >
            Ship with courier
          </Button>
        )}
        {canReturn && (
          <ConfirmButton {...returnedQuestion(order)} disabled={busy} onConfirm={() => move('returned_to_origin')}>
            Returned to origin
          </ConfirmButton>
        )}
        {canCancel && (
          <ConfirmButton
            {...cancelOrderQuestion(order, 'use “Refund” below for that')}
            disabled={busy}
            onConfirm={() => move('cancelled')}
          >
            Cancel order
          </ConfirmButton>
        )}
      </div>
      {busy && (
        <p role="status" className="small mt-2 mb-0">
          {ship.isPending ? 'Booking the courier…' : 'Saving…'}
        </p>
      )}
      {failure && (
        <Alert variant="danger" className="mt-3 mb-0" role="alert">
          {errorMessage(failure)}
        </Alert>
      )}
      {done && !failure && (
        <Alert variant="success" className="mt-3 mb-0" role="status">
          {done}
        </Alert>
      )}
      {collectCash && <CollectCash order={order} onDone={setDone} />}
      {receiveReturn && <ReceiveReturn order={order} onDone={setDone} />}
    </div>
  );
}

/** "Record cash collected", for a delivered cash-on-delivery order whose cash is not yet recorded; it asks first. */
function CollectCash({ order, onDone }: { order: AdminOrder; onDone: (message: string) => void }) {
  const collect = useRecordCodCollected(order.id);
  const record = async () => {
    const answer = await collect.mutateAsync({});
    onDone(`Cash of ${formatRupees(order.cod_to_collect)} recorded: order #${answer.data.id} is paid.`);
  };
  return (
    <div className="mt-3">
      <p className="mb-2">
        Delivered. The courier is to hand over <strong>{formatRupees(order.cod_to_collect)}</strong> in cash.
      </p>
      <ConfirmButton {...collectQuestion(order)} onConfirm={record}>
        Record cash collected
      </ConfirmButton>
    </div>
  );
}

/** "Mark return received", for a parcel returned to origin that is not yet back in stock. */
function ReceiveReturn({ order, onDone }: { order: AdminOrder; onDone: (message: string) => void }) {
  const receive = useReturnReceived(order.id);
  const received = async () => {
    await receive.mutateAsync({});
    onDone(`The parcel of order #${order.id} is back: its items are in stock again.`);
  };
  return (
    <div className="mt-3">
      <p className="mb-2">When the parcel is back with you, mark it received: its items go back into stock.</p>
      <Button
        variant="outline-primary"
        disabled={receive.isPending}
        onClick={() => {
          received().catch(() => {
            // Shown below from the mutation's error.
          });
        }}
      >
        Mark return received
      </Button>
      {receive.isError && (
        <Alert variant="danger" className="mt-3 mb-0" role="alert">
          {errorMessage(receive.error)}
        </Alert>
      )}
    </div>
  );
}
