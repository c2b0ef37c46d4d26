import type { ReactNode } from 'react';
import Card from 'react-bootstrap/Card';
import Table from 'react-bootstrap/Table';
import { Link } from 'react-router';
import { Thumb } from '#admin/components/cells.tsx';
import { LoadingState } from '#admin/components/feedback/LoadingState.tsx';
import { QueryErrorAlert } from '#admin/components/feedback/QueryErrorAlert.tsx';
import { PageHeader } from '#admin/components/PageHeader.tsx';
import { paidByLabel } from '#admin/components/PaidBy.tsx';
import { formatDateTime, formatRupees } from '#admin/lib/format.ts';
import { paths } from '#admin/lib/paths.ts';
import {
  LOW_STOCK_AT,
  useCodToCollect,
  useLowStock,
  useOrdersToPack,
  usePaidBy,
  usePaymentShares,
  useReturnsToHandle,
  useTodaysSales,
} from '../api/useDashboard';

/** The lowest sizes listed; the rest are counted. */
const LOW_STOCK_ROWS = 25;

/**
 * The owner's morning view: today's sales, the orders to pack, the cash to collect, the returns waiting, and the sizes
 * running out.
 */
export function DashboardPage() {
  const sales = useTodaysSales();
  const toPack = useOrdersToPack();
  const lowStock = useLowStock();
  const cod = useCodToCollect();
  const returns = useReturnsToHandle();
  const paidBy = usePaidBy();
  const shares = usePaymentShares();

  return (
    <>
      <PageHeader title="Dashboard" />
      <div className="stat-grid mb-4">
        <Card className="stat">
          <Card.Body>
            <h2 className="stat__label">Orders today</h2>
            <p className="stat__value">{sales.data ? sales.data.count : '…'}</p>
            {sales.data && <p className="stat__note">{sales.data.paidCount} paid</p>}
          </Card.Body>
        </Card>
        <Card className="stat">
          <Card.Body>
            <h2 className="stat__label">Revenue today</h2>
            <p className="stat__value">{sales.data ? formatRupees(sales.data.revenue) : '…'}</p>
            <p className="stat__note">Paid orders, less refunds</p>
          </Card.Body>
        </Card>
        <Card className="stat">
          <Card.Body>
            <h2 className="stat__label">To pack</h2>
            <p className="stat__value">{toPack.data ? toPack.data.total : '…'}</p>
            <p className="stat__note">
              <Link to={`${paths.orders}?status=paid`}>See paid orders</Link>
            </p>
          </Card.Body>
        </Card>
        <Card className="stat">
          <Card.Body>
            <h2 className="stat__label">COD to collect</h2>
            <p className="stat__value">{cod.data ? formatRupees(cod.data.amount) : '…'}</p>
            {cod.data && (
              <p className="stat__note">
                <Link to={`${paths.orders}?payment_method=cod`}>
                  {cod.data.count === 1 ? '1 cash-on-delivery order' : `${cod.data.count} cash-on-delivery orders`}
                </Link>
              </p>
            )}
          </Card.Body>
        </Card>
        <Card className="stat">
          <Card.Body>
            <h2 className="stat__label">Returns to handle</h2>
            <p className="stat__value">{returns.data ? returns.data.to_decide + returns.data.to_settle : '…'}</p>
            {returns.data && (
              <p className="stat__note">
                <Link to={`${paths.returns}?status=requested`}>{returns.data.to_decide} to decide</Link>
                {' · '}
                <Link to={paths.returns}>{returns.data.to_settle} to refund or ship</Link>
              </p>
            )}
          </Card.Body>
        </Card>
      </div>
      {sales.isError && <QueryErrorAlert error={sales.error} onRetry={() => void sales.refetch()} />}
      {cod.isError && <QueryErrorAlert error={cod.error} onRetry={() => void cod.refetch()} />}

      <div className="dashboard-columns">
        <PaidBySection methods={paidBy.data} />
        <PrepaidShareSection shares={shares.data} />
        <section aria-labelledby="to-pack-heading">
          <h2 id="to-pack-heading" className="h5">
            Orders awaiting packing
          </h2>
          {toPack.isPending ? (
            <LoadingState label="Loading orders to pack" />
          ) : toPack.isError ? (
            <QueryErrorAlert error={toPack.error} onRetry={() => void toPack.refetch()} />
          ) : toPack.data.orders.length === 0 ? (
            <p className="empty-state">Nothing to pack. All paid and confirmed orders are on their way.</p>
          ) : (
            <div className="table-responsive">
              <Table hover size="sm" className="align-middle">
                <thead>
                  <tr>
                    <th scope="col">Order</th>
                    <th scope="col">Customer</th>
                    <th scope="col">Paid</th>
                    <th scope="col" className="text-end">
                      Total
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {toPack.data.orders.map((order) => (
                    <tr key={order.id}>
                      <td>
                        <Link to={paths.order(order.id)}>#{order.id}</Link>
                      </td>
                      <td>{order.customer.name}</td>
                      <td>{order.payment_method === 'cod' ? 'Cash on delivery' : formatDateTime(order.paid_at)}</td>
                      <td className="text-end">{formatRupees(order.total)}</td>
                    </tr>
                  ))}
                </tbody>
              </Table>
            </div>
          )}
        </section>

        <section aria-labelledby="low-stock-heading">
          <h2 id="low-stock-heading" className="h5">
            Low stock (at most {LOW_STOCK_AT} left)
          </h2>
          {lowStock.isPending ? (
            <LoadingState label="Loading low stock" />
          ) : lowStock.isError ? (
            <QueryErrorAlert error={lowStock.error} onRetry={() => void lowStock.refetch()} />
          ) : lowStock.data.length === 0 ? (
            <p className="empty-state">Every size has more than {LOW_STOCK_AT} pieces.</p>
          ) : (
            <div className="table-responsive">
              <Table hover size="sm" className="align-middle">
                <thead>
                  <tr>
                    <th scope="col">Product</th>
                    <th scope="col">Size</th>
                    <th scope="col" className="text-end">
                      Left
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {lowStock.data.slice(0, LOW_STOCK_ROWS).map((row) => (
                    <tr key={`${row.product.id}-${row.sizeId}`}>
                      <td>
                        <Link to={paths.product(row.product.id)} className="d-inline-flex align-items-center gap-2">
                          <Thumb src={row.product.images[0]} />
                          {row.product.name}
                        </Link>
                      </td>
                      <td className="text-nowrap">{row.size}</td>
                      <td className={`text-end text-nowrap${row.available === 0 ? ' text-danger fw-semibold' : ''}`}>
                        {row.available === 0 ? 'Sold out' : row.available}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </Table>
              {lowStock.data.length > LOW_STOCK_ROWS && (
                <p className="small text-body-secondary">
                  And {lowStock.data.length - LOW_STOCK_ROWS} more sizes.{' '}
                  <Link to={paths.products}>See all products</Link>
                </p>
              )}
            </div>
          )}
        </section>
      </div>
    </>
  );
}

/** One row of a share table: what it counts, its orders and its share (0–1). */
interface ShareRow {
  key: string;
  label: ReactNode;
  count: number;
  share: number;
}

/** A 30-day table of orders and their share, under a heading: the prepaid/COD split and the methods share it. */
function ShareTable({ id, title, first, rows }: { id: string; title: string; first: string; rows: ShareRow[] }) {
  return (
    <>
      <h2 id={id} className="h5">
        {title}
      </h2>
      <div className="table-responsive">
        <Table size="sm" className="align-middle">
          <thead>
            <tr>
              <th scope="col">{first}</th>
              <th scope="col" className="text-end">
                Orders
              </th>
              <th scope="col" className="text-end">
                Share
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.key}>
                <td>{row.label}</td>
                <td className="text-end">{row.count}</td>
                <td className="text-end">{Math.round(row.share * 100)}%</td>
              </tr>
            ))}
          </tbody>
        </Table>
      </div>
    </>
  );
}

/**
 * Prepaid against cash on delivery over the last 30 days (issue 34): each with its orders and share, and how many COD
 * orders the shopper then paid online (the prepaid discount and the "pay now" offers at work).
 */
function PrepaidShareSection({ shares }: { shares: ReturnType<typeof usePaymentShares>['data'] }) {
  if (!shares || shares.prepaid.count + shares.cod.count === 0) return null;
  return (
    <section aria-labelledby="prepaid-share-heading">
      <ShareTable
        id="prepaid-share-heading"
        title="Prepaid and cash on delivery (30 days)"
        first="Paid"
        rows={[
          { key: 'prepaid', label: 'Prepaid (online)', ...shares.prepaid },
          { key: 'cod', label: 'Cash on delivery', ...shares.cod },
        ]}
      />
      <p className="small text-body-secondary">
        {shares.cod_moved_to_prepaid === 1
          ? '1 COD order moved to prepaid: the shopper paid it online after placing it.'
          : `${shares.cod_moved_to_prepaid} COD orders moved to prepaid: the shoppers paid them online after placing them.`}
      </p>
    </section>
  );
}

/** How the last 30 days' orders were paid: each method with its orders and share, linking to its orders. */
function PaidBySection({ methods }: { methods: ReturnType<typeof usePaidBy>['data'] }) {
  if (!methods || methods.length === 0) return null;
  const rows = methods.map((method) => ({
    key: method.paid_by ?? 'unknown',
    label:
      method.paid_by === null ? (
        paidByLabel(null)
      ) : (
        <Link to={`${paths.orders}?paid_by=${method.paid_by}`}>{paidByLabel(method.paid_by)}</Link>
      ),
    count: method.count,
    share: method.share,
  }));
  return (
    <section aria-labelledby="paid-by-heading">
      <ShareTable id="paid-by-heading" title="How orders were paid (30 days)" first="Method" rows={rows} />
    </section>
  );
}
