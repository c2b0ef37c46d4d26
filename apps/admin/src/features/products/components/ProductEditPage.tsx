import type { AdminProduct, AdminSize } from '@kapaas/contract';
import type { ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import { useLocation, useNavigate, useParams } from 'react-router';
import { ConfirmButton } from '#admin/components/ConfirmButton.tsx';
import { LoadingState } from '#admin/components/feedback/LoadingState.tsx';
import { QueryErrorAlert } from '#admin/components/feedback/QueryErrorAlert.tsx';
import { PageHeader } from '#admin/components/PageHeader.tsx';
import type { Notice } from '#admin/components/resource/ResourceListPage.tsx';
import { useCatalogueChoices } from '#admin/lib/choices.ts';
import { paths } from '#admin/lib/paths.ts';
import { useDeleteResource, useResourceItem, useSaveResource } from '#admin/lib/resource.ts';
import { GST_BAND_ADVICE } from './GstBand';
import { ProductForm } from './ProductForm';
import type { ProductBody } from './productFormValues';

const BACK = { to: paths.products, label: 'All products' };

/** Below a saved product's form: its size chart (ADR 056), composed in by the routes from the catalogue's feature. */
type RenderSizeChart = (productId: number, sizes: readonly AdminSize[]) => ReactNode;

/** Adds a product (at /products/new) or changes, archives and deletes one (at /products/:id). */
export function ProductEditPage({ renderSizeChart }: { renderSizeChart?: RenderSizeChart }) {
  const { id: idParam } = useParams();
  const id = idParam === undefined || idParam === 'new' ? undefined : Number(idParam);
  // A fresh editor per product: nothing of one product's save carries over to the next.
  return <ProductEditor key={id ?? 'new'} id={id} renderSizeChart={renderSizeChart} />;
}

function ProductEditor({
  id,
  renderSizeChart,
}: {
  id: number | undefined;
  renderSizeChart?: RenderSizeChart | undefined;
}) {
  const navigate = useNavigate();
  const notice = (useLocation().state as Notice | null)?.notice;
  const choices = useCatalogueChoices();
  const existing = useResourceItem<AdminProduct>('products', id);
  const save = useSaveResource<AdminProduct, Partial<ProductBody>>('products', id);
  const remove = useDeleteResource('products');

  if (choices.isPending || (id !== undefined && existing.isPending))
    return <LoadingState label="Loading the product" />;
  if (choices.error) return <QueryErrorAlert error={choices.error} onRetry={choices.refetch} />;
  if (existing.isError) return <QueryErrorAlert error={existing.error} onRetry={() => void existing.refetch()} />;

  if (id === undefined) {
    return (
      <>
        <PageHeader title="New product" back={BACK} />
        <ProductForm
          choices={choices}
          submitLabel="Create product"
          onCancel={() => navigate(paths.products)}
          onSave={async (body) => {
            const answer = await save.mutateAsync(body);
            navigate(paths.product(answer.data.id), {
              state: { notice: `Product “${answer.data.name}” created. It is in the shop now.` },
              replace: true,
            });
          }}
        />
      </>
    );
  }

  const product = existing.data;
  if (!product) return null;
  const archived = product.status === 'archived';

  return (
    <>
      <PageHeader
        title={product.name}
        back={BACK}
        actions={
          <>
            {!archived && (
              <a
                className="btn btn-outline-secondary"
                href={`/product-detail/${product.id}`}
                target="_blank"
                rel="noreferrer"
              >
                View in shop
              </a>
            )}
            <ConfirmButton
              variant={archived ? 'outline-primary' : 'outline-danger'}
              title={archived ? `Put “${product.name}” back in the shop?` : `Archive “${product.name}”?`}
              body={
                archived
                  ? 'Shoppers will see it and can buy the sizes in stock.'
                  : 'It leaves the shop at once. Past orders keep showing it, and you can put it back later.'
              }
              confirmLabel={archived ? 'Yes, put it back' : 'Yes, archive'}
              onConfirm={() => save.mutateAsync({ status: archived ? 'active' : 'archived' })}
            >
              {archived ? 'Put back in shop' : 'Archive'}
            </ConfirmButton>
            <ConfirmButton
              title={`Delete “${product.name}”?`}
              body="It leaves the shop. A product that was ever ordered is archived instead, so past orders keep it."
              confirmLabel="Yes, delete"
              onConfirm={async () => {
                const answer = await remove.mutateAsync(product.id);
                navigate(paths.products, { state: { notice: answer.message } });
              }}
            >
              Delete
            </ConfirmButton>
          </>
        }
      />
      {archived && <Alert variant="secondary">This product is archived: shoppers do not see it.</Alert>}
      {product.in_gst_band && <Alert variant="warning">{GST_BAND_ADVICE}</Alert>}
      {(save.isSuccess || notice) && (
        <Alert variant="success" role="status">
          {save.isSuccess ? 'Saved. The shop shows the change now.' : notice}
        </Alert>
      )}
      <ProductForm
        key={product.updated_at}
        product={product}
        choices={choices}
        submitLabel="Save changes"
        onCancel={() => navigate(paths.products)}
        onSave={(body) => save.mutateAsync(body)}
      />
      {renderSizeChart?.(product.id, choices.sizes)}
    </>
  );
}
