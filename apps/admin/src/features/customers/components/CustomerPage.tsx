import type { AdminCustomer, AdminOrderSummary, AdminUpdateCustomer } from '@kapaas/contract';
import Alert from 'react-bootstrap/Alert';
import Card from 'react-bootstrap/Card';
import Table from 'react-bootstrap/Table';
import { Link, useParams } from 'react-router';
import { ConfirmButton } from '#admin/components/ConfirmButton.tsx';
import { ShownBadge } from '#admin/components/cells.tsx';
import { LoadingState } from '#admin/components/feedback/LoadingState.tsx';
import { QueryErrorAlert } from '#admin/components/feedback/QueryErrorAlert.tsx';
import { OrderStatusBadge } from '#admin/components/OrderStatusBadge.tsx';
import { PageHeader } from '#admin/components/PageHeader.tsx';
import { PersonDataPanel } from '#admin/components/PersonDataPanel.tsx';
import { formatDateTime, formatRupees } from '#admin/lib/format.ts';
import { paths } from '#admin/lib/paths.ts';
import { useResourceItem, useResourceList, useSaveResource } from '#admin/lib/resource.ts';

/** One customer: contact details, their orders, and the switch that stops them logging in. */
export function CustomerPage() {
  const id = Number(useParams().id);
  const customer = useResourceItem<AdminCustomer>('customers', id);
  const orders = useResourceList<AdminOrderSummary>('orders', { user_id: id, per_page: 50 });
  const save = useSaveResource<AdminCustomer, AdminUpdateCustomer>('customers', id);

  if (customer.isPending) return <LoadingState label="Loading the customer" />;
  if (customer.isError) return <QueryErrorAlert error={customer.error} onRetry={() => void customer.refetch()} />;
  const c = customer.data;
  const active = c.status === 'active';

  return (
    <>
      <PageHeader
        title={c.name}
        back={{ to: '/customers', label: 'All customers' }}
        actions={
          <ConfirmButton
            variant={active ? 'outline-danger' : 'outline-primary'}
            title={active ? `Disable ${c.name}’s account?` : `Enable ${c.name}’s account?`}
            body={
              active
                ? 'They are logged out at once and cannot log in again until you enable the account. Their orders stay as they are.'
                : 'They can log in and shop again.'
            }
            confirmLabel={active ? 'Yes, disable' : 'Yes, enable'}
            onConfirm={() => save.mutateAsync({ status: active ? 'disabled' : 'active' })}
          >
            {active ? 'Disable account' : 'Enable account'}
          </ConfirmButton>
        }
      />
      {save.isSuccess && (
        <Alert variant="success" role="status">
          {active ? 'The account is active again.' : 'The account is disabled.'}
        </Alert>
      )}
      <Card className="mb-4">
        <Card.Body>
          <dl className="details">
            <dt>E-mail</dt>
            <dd>
              <a href={`mailto:${c.email}`}>{c.email}</a>
            </dd>
            <dt>Mobile</dt>
            <dd>
              <a href={`tel:${c.phone}`}>{c.phone}</a>
            </dd>
            <dt>Joined</dt>
            <dd>{formatDateTime(c.created_at)}</dd>
            <dt>Account</dt>
            <dd>
              <ShownBadge active={active} on="Active" off="Disabled" />
            </dd>
          </dl>
        </Card.Body>
      </Card>
      <Card className="mb-4">
        <Card.Body>
          <h2 className="h6">Their data</h2>
          <PersonDataPanel base={`customers/${c.id}`} who={c.name} />
        </Card.Body>
      </Card>
      <h2 className="h5">Orders</h2>
      {orders.isPending ? (
        <LoadingState label="Loading the customer's orders" />
      ) : orders.isError ? (
        <QueryErrorAlert error={orders.error} onRetry={() => void orders.refetch()} />
      ) : orders.data.data.length === 0 ? (
        <p className="empty-state">No orders yet.</p>
      ) : (
        <div className="table-responsive">
          <Table hover size="sm" className="align-middle">
            <thead>
              <tr>
                <th scope="col">Order</th>
                <th scope="col">Placed</th>
                <th scope="col">Status</th>
                <th scope="col" className="text-end">
                  Total
                </th>
              </tr>
            </thead>
            <tbody>
              {orders.data.data.map((order) => (
                <tr key={order.id}>
                  <td>
                    <Link to={paths.order(order.id)}>#{order.id}</Link>
                  </td>
                  <td>{formatDateTime(order.created_at)}</td>
                  <td>
                    <OrderStatusBadge status={order.status} />
                  </td>
                  <td className="text-end">{formatRupees(order.total)}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        </div>
      )}
    </>
  );
}
