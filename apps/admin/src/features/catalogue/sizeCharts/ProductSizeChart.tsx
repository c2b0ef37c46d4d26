import type { AdminSize } from '@kapaas/contract';
import { useId } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import { ConfirmButton } from '#admin/components/ConfirmButton.tsx';
import { LoadingState } from '#admin/components/feedback/LoadingState.tsx';
import { QueryErrorAlert } from '#admin/components/feedback/QueryErrorAlert.tsx';
import { errorMessage } from '#admin/lib/api.ts';
import { SizeChartEditor } from './SizeChartEditor';
import { useChangeSizeChart, useSizeChart } from './useSizeChart';

/**
 * A product's size chart on its page in the console (ADR 056): its category's, shown until the product is given its own
 * (started from the category's rows), which can then be edited or dropped to fall back on the category's again.
 */
export function ProductSizeChart({ productId, sizes }: { productId: number; sizes: readonly AdminSize[] }) {
  const id = useId();
  const target = { kind: 'product', id: productId } as const;
  const chart = useSizeChart(target);
  const { save, drop } = useChangeSizeChart(target);
  if (chart.isPending) return <LoadingState label="Loading the size chart" />;
  if (chart.isError) return <QueryErrorAlert error={chart.error} onRetry={() => void chart.refetch()} />;
  const { source, rows } = chart.data;
  const failure = save.error ?? drop.error;
  return (
    <Card as="section" className="mt-4" aria-labelledby={`${id}-title`}>
      <Card.Body>
        <h2 id={`${id}-title`} className="h5">
          Size chart
        </h2>
        {failure && <Alert variant="danger">{errorMessage(failure)}</Alert>}
        {source === 'product' ? (
          <>
            <p>This product has its own chart, in place of its category’s.</p>
            <SizeChartEditor
              key={chart.data.updated_at}
              target={target}
              sizes={sizes}
              chart={chart.data}
              title="This product’s own size chart"
            />
            <div className="mt-3">
              <ConfirmButton
                variant="outline-danger"
                title="Drop this product’s own chart?"
                body="Its page shows its category’s chart again."
                confirmLabel="Yes, drop it"
                onConfirm={() => drop.mutateAsync()}
              >
                Use the category’s chart
              </ConfirmButton>
            </div>
          </>
        ) : source === 'none' ? (
          <>
            <p>Its category has no chart, so its page shows none. Fill in its sizes to give it its own.</p>
            <SizeChartEditor target={target} sizes={sizes} chart={undefined} title="This product’s own size chart" />
          </>
        ) : (
          <>
            <p>
              It shows its category’s chart ({rows.map((row) => row.size).join(', ')}). Give it its own when this piece
              fits differently.
            </p>
            <Button
              variant="outline-primary"
              disabled={save.isPending}
              onClick={() =>
                save.mutate({
                  rows: rows.map(({ size: _label, ...row }) => row),
                })
              }
            >
              Give it its own chart, starting from the category’s
            </Button>
          </>
        )}
      </Card.Body>
    </Card>
  );
}
