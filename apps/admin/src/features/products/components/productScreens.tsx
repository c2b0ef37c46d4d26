import type { AdminProduct } from '@kapaas/contract';
import Badge from 'react-bootstrap/Badge';
import { Thumb } from '#admin/components/cells.tsx';
import type { ListScreens } from '#admin/components/resource/screens.ts';
import { useCategoryOptions } from '#admin/lib/choices.ts';
import { formatRupees, localDay } from '#admin/lib/format.ts';
import { paths } from '#admin/lib/paths.ts';
import { GstBandBadge } from './GstBand';

function CategoryName({ id }: { id: number }) {
  const categories = useCategoryOptions();
  return <>{categories.find((category) => category.value === id)?.label ?? '…'}</>;
}

function StockSummary({ product }: { product: AdminProduct }) {
  if (product.sizes.length === 0) return <span className="text-body-secondary">No sizes</span>;
  const available = product.sizes.reduce((sum, size) => sum + size.available, 0);
  if (available === 0) return <Badge bg="danger">Sold out</Badge>;
  const soldOut = product.sizes.filter((size) => size.available === 0).length;
  return (
    <>
      {available} pieces
      {soldOut > 0 && (
        <span className="text-body-secondary small d-block">
          {soldOut === 1 ? '1 size' : `${soldOut} sizes`} sold out
        </span>
      )}
    </>
  );
}

function PriceCell({ product }: { product: AdminProduct }) {
  const band = product.in_gst_band && <GstBandBadge />;
  if (product.discount_price === null)
    return (
      <>
        {formatRupees(product.price)}
        {band}
      </>
    );
  return (
    <>
      {formatRupees(product.discount_price)} <s className="text-body-secondary small">{formatRupees(product.price)}</s>
      {band}
    </>
  );
}

/** The products' list: photo, price, stock at a glance, and whether they are in the shop. */
export const productScreens: ListScreens<AdminProduct> = {
  resource: 'products',
  path: paths.products,
  title: 'Products',
  noun: 'product',
  nameOf: (product) => product.name,
  // The whole catalogue, archived products too (ADR 063, docs/catalogue-csv.md): Kapaas's format, which the import reads
  // back, and Shopify's, for a brand that leaves.
  download: (['kapaas', 'shopify'] as const).map((format) => ({
    label: format === 'kapaas' ? 'Export (Kapaas CSV)' : 'Export for Shopify (CSV)',
    path: 'products/export',
    query: { format },
    filename: () => `kapaas-products-${format}-${localDay()}.csv`,
  })),
  columns: [
    { header: 'Name', cell: (product) => product.name },
    { header: 'Photo', cell: (product) => <Thumb src={product.images[0]} />, className: 'col-thumb' },
    { header: 'Category', cell: (product) => <CategoryName id={product.category_id} /> },
    { header: 'Price', cell: (product) => <PriceCell product={product} /> },
    { header: 'Stock', cell: (product) => <StockSummary product={product} /> },
    {
      header: 'In the shop',
      cell: (product) =>
        product.status === 'active' ? <Badge bg="success">For sale</Badge> : <Badge bg="secondary">Archived</Badge>,
    },
  ],
  useFilters: () => [
    {
      name: 'category_id',
      label: 'Category',
      options: useCategoryOptions().map(({ value, label }) => ({ value: String(value), label })),
    },
  ],
  filters: [
    {
      name: 'status',
      label: 'Status',
      options: [
        { value: 'active', label: 'For sale' },
        { value: 'archived', label: 'Archived' },
      ],
    },
    {
      name: 'gst_band',
      label: 'GST band',
      options: [{ value: 'true', label: 'Priced in the GST band (₹2,625–₹2,950)' }],
    },
  ],
};
