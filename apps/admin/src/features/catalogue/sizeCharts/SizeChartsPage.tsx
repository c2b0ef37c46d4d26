import type { AdminSize } from '@kapaas/contract';
import { useId, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import { LoadingState } from '#admin/components/feedback/LoadingState.tsx';
import { QueryErrorAlert } from '#admin/components/feedback/QueryErrorAlert.tsx';
import { PageHeader } from '#admin/components/PageHeader.tsx';
import { useCatalogueChoices } from '#admin/lib/choices.ts';
import { SizeChartEditor } from './SizeChartEditor';
import { type ChartTarget, useSizeChart } from './useSizeChart';

/**
 * Catalogue → Size charts (issue 38, ADR 056): a category's chart as a table, a row per size. Its products' pages show
 * it in cm and in inches, their sizes only; a product can have its own instead (on the product's page).
 */
export function SizeChartsPage() {
  const id = useId();
  const choices = useCatalogueChoices();
  const [chosen, setChosen] = useState<number | undefined>();
  if (choices.isPending) return <LoadingState label="Loading the categories" />;
  if (choices.error) return <QueryErrorAlert error={choices.error} onRetry={choices.refetch} />;
  const categoryId = chosen ?? choices.categories[0]?.id;
  return (
    <>
      <PageHeader title="Size charts" />
      <p className="text-body-secondary">
        For each size: the child’s age, height and weight it is made for, and the garment’s chest and length. Shoppers
        see the chart on the product page; “find my size” reads it. The demo’s charts come from the WHO growth
        standards’ medians (docs/size-charts.md).
      </p>
      <div className="mb-3" style={{ maxWidth: '24rem' }}>
        <label htmlFor={`${id}-category`} className="form-label">
          Category
        </label>
        <select
          id={`${id}-category`}
          className="form-select"
          value={categoryId ?? ''}
          onChange={(event) => setChosen(Number(event.target.value))}
        >
          {choices.categories.map((category) => (
            <option key={category.id} value={category.id}>
              {category.name}
            </option>
          ))}
        </select>
      </div>
      {categoryId === undefined ? (
        <Alert variant="info">Add a category first.</Alert>
      ) : (
        <CategoryChart key={categoryId} target={{ kind: 'category', id: categoryId }} sizes={choices.sizes} />
      )}
    </>
  );
}

function CategoryChart({ target, sizes }: { target: ChartTarget; sizes: readonly AdminSize[] }) {
  const chart = useSizeChart(target);
  if (chart.isPending) return <LoadingState label="Loading the size chart" />;
  if (chart.isError) return <QueryErrorAlert error={chart.error} onRetry={() => void chart.refetch()} />;
  return (
    <>
      {chart.data.source === 'none' && (
        <Alert variant="info">This category has no size chart yet: its products show none. Fill in its sizes.</Alert>
      )}
      <SizeChartEditor target={target} sizes={sizes} chart={chart.data} title="The category’s size chart" />
    </>
  );
}
