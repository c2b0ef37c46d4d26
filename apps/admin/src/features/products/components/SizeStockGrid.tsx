import type { AdminProduct, AdminSize } from '@kapaas/contract';
import Table from 'react-bootstrap/Table';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { type ProductFormValues, stockKey } from './productFormValues';

interface SizeStockGridProps {
  id: string;
  sizes: AdminSize[];
  /** The product as saved (for what unpaid orders hold); absent for a new product. */
  product: AdminProduct | undefined;
  register: UseFormRegister<ProductFormValues>;
  errors: FieldErrors<ProductFormValues>['stock'];
  skuErrors: FieldErrors<ProductFormValues>['sku'];
}

/**
 * One row per size: the pieces in stock (editable), the size's SKU (editable, unique across the shop), those held by
 * orders awaiting payment, and those for sale.
 */
export function SizeStockGrid({ id, sizes, product, register, errors, skuErrors }: SizeStockGridProps) {
  const saved = new Map(product?.sizes.map((size) => [size.size_id, size]));
  const cellErrors = (errors ?? {}) as Record<string, { message?: string } | undefined>;
  const skuCellErrors = (skuErrors ?? {}) as Record<string, { message?: string } | undefined>;
  return (
    <div className="table-responsive">
      <Table size="sm" className="align-middle stock-grid" aria-labelledby={`${id}-label`}>
        <thead>
          <tr>
            <th scope="col">Size</th>
            <th scope="col">In stock</th>
            <th scope="col">SKU</th>
            <th scope="col" className="text-end">
              <abbr title="Held for orders awaiting payment">Held</abbr>
            </th>
            <th scope="col" className="text-end">
              For sale
            </th>
          </tr>
        </thead>
        <tbody>
          {sizes.map((size) => {
            const key = stockKey(size.id);
            const cellId = `${id}-${key}`;
            const current = saved.get(size.id);
            const message = cellErrors[key]?.message;
            const skuMessage = skuCellErrors[key]?.message;
            return (
              <tr key={size.id}>
                <th scope="row">
                  <label htmlFor={cellId} className="mb-0">
                    {size.label}
                  </label>
                </th>
                <td>
                  <input
                    id={cellId}
                    type="number"
                    inputMode="numeric"
                    min={0}
                    step={1}
                    placeholder={current ? undefined : 'Not sold'}
                    className={`form-control form-control-sm stock-grid__input${message ? ' is-invalid' : ''}`}
                    aria-invalid={message ? true : undefined}
                    aria-describedby={message ? `${cellId}-error` : undefined}
                    {...register(`stock.${key}`)}
                  />
                  {message && (
                    <div id={`${cellId}-error`} className="invalid-feedback d-block">
                      {message}
                    </div>
                  )}
                </td>
                <td>
                  <input
                    id={`${cellId}-sku`}
                    type="text"
                    autoComplete="off"
                    spellCheck={false}
                    maxLength={64}
                    aria-label={`SKU of ${size.label}`}
                    className={`form-control form-control-sm stock-grid__sku${skuMessage ? ' is-invalid' : ''}`}
                    aria-invalid={skuMessage ? true : undefined}
                    aria-describedby={skuMessage ? `${cellId}-sku-error` : undefined}
                    {...register(`sku.${key}`)}
                  />
                  {skuMessage && (
                    <div id={`${cellId}-sku-error`} className="invalid-feedback d-block">
                      {skuMessage}
                    </div>
                  )}
                </td>
                <td className="text-end">{current?.reserved ?? '—'}</td>
                <td className={`text-end${current?.available === 0 ? ' text-danger fw-semibold' : ''}`}>
                  {current ? (current.available === 0 ? 'Sold out' : current.available) : '—'}
                </td>
              </tr>
            );
          })}
        </tbody>
      </Table>
    </div>
  );
}
