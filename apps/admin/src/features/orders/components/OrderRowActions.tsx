import type { AdminOrderSummary } from '@kapaas/contract';
import { useState } from 'react';
import Dropdown from 'react-bootstrap/Dropdown';
import { Link } from 'react-router';
import { ConfirmDialog } from '#admin/components/ConfirmDialog.tsx';
import type { OrderStatus } from '#admin/components/OrderStatusBadge.tsx';
import { errorMessage } from '#admin/lib/api.ts';
import { formatRupees } from '#admin/lib/format.ts';
import { paths } from '#admin/lib/paths.ts';
import { useChangeOrderStatus, useOrder, useShipWithCourier } from '../api/useOrders';
import { cancelOrderQuestion, FORWARD_ACTIONS, movedMessage, orderMoves, shippedMessage } from './OrderActions';
import { refundableOf } from './RefundForm';

/** What a row reports after an action, for the list to show above the table. */
export interface RowOutcome {
  variant: 'success' | 'danger';
  text: string;
}

interface OrderRowActionsProps {
  order: AdminOrderSummary;
  onOutcome: (outcome: RowOutcome) => void;
}

/**
 * A row's menu of what the order allows now: its next statuses (cancelling after a confirmation), "Ship with
 * courier" for a packed order (as on its page), and a refund on its page. The order itself is loaded when the menu opens, because the list does not
 * say which moves and payments an order has; the detail page's rules then decide the same things.
 */
export function OrderRowActions({ order, onOutcome }: OrderRowActionsProps) {
  const [open, setOpen] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const change = useChangeOrderStatus(order.id);
  const ship = useShipWithCourier(order.id);

  const move = async (status: OrderStatus) => {
    const answer = await change.mutateAsync({ status });
    onOutcome({ variant: 'success', text: movedMessage(answer.data) });
  };
  const shipWithCourier = async () => {
    const { data } = await ship.mutateAsync();
    onOutcome({ variant: 'success', text: shippedMessage(order.id, data) });
  };
  const failed = (error: unknown) => onOutcome({ variant: 'danger', text: errorMessage(error) });

  return (
    <>
      {/* Static, so that the menu is placed against an ancestor outside the table's scrolling box and
          is not clipped by it (Bootstrap's documented clipping of menus in responsive tables). */}
      <Dropdown show={open} onToggle={setOpen} align="end" className="position-static">
        <Dropdown.Toggle
          variant="outline-secondary"
          size="sm"
          disabled={change.isPending || ship.isPending}
          aria-label={`Actions for order #${order.id}`}
        >
          Actions
        </Dropdown.Toggle>
        <Dropdown.Menu>
          {open && (
            <OrderRowMenu
              orderId={order.id}
              onMove={(status) => {
                move(status).catch(failed);
              }}
              onShip={() => {
                shipWithCourier().catch(failed);
              }}
              onCancel={() => setCancelling(true)}
            />
          )}
        </Dropdown.Menu>
      </Dropdown>
      <ConfirmDialog
        show={cancelling}
        onClose={() => setCancelling(false)}
        {...cancelOrderQuestion(order, 'use “Refund…” in this menu for that')}
        onConfirm={() => move('cancelled')}
      />
    </>
  );
}

interface OrderRowMenuProps {
  orderId: number;
  onMove: (status: OrderStatus) => void;
  onShip: () => void;
  onCancel: () => void;
}

/** The menu's items, from the order as it is now (it is fetched again each time the menu opens). */
function OrderRowMenu({ orderId, onMove, onShip, onCancel }: OrderRowMenuProps) {
  const order = useOrder(orderId);
  if (order.isPending) return <Dropdown.ItemText role="status">Loading…</Dropdown.ItemText>;
  if (order.isError) return <Dropdown.ItemText className="text-danger">{errorMessage(order.error)}</Dropdown.ItemText>;

  const { forward, canCancel } = orderMoves(order.data);
  const refundable = refundableOf(order.data);
  if (forward.length === 0 && !canCancel && refundable === 0) {
    return <Dropdown.ItemText className="text-body-secondary">Nothing to do now</Dropdown.ItemText>;
  }
  return (
    <>
      {forward.map((status) => (
        <Dropdown.Item key={status} as="button" onClick={() => onMove(status)}>
          {FORWARD_ACTIONS[status]}
        </Dropdown.Item>
      ))}
      {forward.includes('shipped') && (
        <Dropdown.Item as="button" onClick={onShip}>
          Ship with courier
        </Dropdown.Item>
      )}
      {canCancel && (
        <Dropdown.Item as="button" onClick={onCancel}>
          Cancel order…
        </Dropdown.Item>
      )}
      {refundable > 0 && (
        <Dropdown.Item as={Link} to={`${paths.order(orderId)}#refund`}>
          Refund… (up to {formatRupees(refundable)})
        </Dropdown.Item>
      )}
    </>
  );
}
