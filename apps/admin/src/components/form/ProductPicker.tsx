import type { AdminProduct } from '@kapaas/contract';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import ListGroup from 'react-bootstrap/ListGroup';
import { useResourceList } from '../../lib/resource';
import { Thumb } from '../cells';

interface ProductPickerProps {
  id: string;
  /** The chosen product ids in order, as "3,5,9". */
  value: string;
  onChange: (value: string) => void;
  describedBy?: string | undefined;
}

const idsOf = (value: string) => (value === '' ? [] : value.split(',').map(Number));

/** Chooses products in order (a home-page section's): search to add, arrows to reorder, remove. */
export function ProductPicker({ id, value, onChange, describedBy }: ProductPickerProps) {
  const [q, setQ] = useState('');
  const chosen = idsOf(value);
  const matches = useResourceList<AdminProduct>('products', { q, per_page: 8, status: 'active' });
  const known = useResourceList<AdminProduct>('products', { per_page: 100 });
  const names = new Map<number, AdminProduct>();
  for (const product of [...(known.data?.data ?? []), ...(matches.data?.data ?? [])]) names.set(product.id, product);

  const set = (ids: number[]) => onChange(ids.join(','));
  const move = (index: number, by: -1 | 1) => {
    const ids = [...chosen];
    const [moved] = ids.splice(index, 1);
    if (moved === undefined) return;
    ids.splice(index + by, 0, moved);
    set(ids);
  };

  return (
    <div className="product-picker" aria-describedby={describedBy}>
      {chosen.length === 0 ? (
        <p className="text-body-secondary small">No products chosen yet.</p>
      ) : (
        <ListGroup as="ol" numbered className="mb-2">
          {chosen.map((productId, index) => {
            const product = names.get(productId);
            const name = product?.name ?? `Product #${productId}`;
            return (
              <ListGroup.Item as="li" key={productId} className="d-flex align-items-center gap-2">
                <Thumb src={product?.images[0]} />
                <span className="me-auto">{name}</span>
                <Button
                  size="sm"
                  variant="outline-secondary"
                  aria-label={`Move ${name} up`}
                  disabled={index === 0}
                  onClick={() => move(index, -1)}
                >
                  ↑
                </Button>
                <Button
                  size="sm"
                  variant="outline-secondary"
                  aria-label={`Move ${name} down`}
                  disabled={index === chosen.length - 1}
                  onClick={() => move(index, 1)}
                >
                  ↓
                </Button>
                <Button
                  size="sm"
                  variant="outline-danger"
                  aria-label={`Remove ${name}`}
                  onClick={() => set(chosen.filter((other) => other !== productId))}
                >
                  Remove
                </Button>
              </ListGroup.Item>
            );
          })}
        </ListGroup>
      )}
      <label htmlFor={id} className="form-label small mb-1">
        Find a product to add
      </label>
      <input
        id={id}
        type="search"
        className="form-control"
        placeholder="Product name…"
        value={q}
        onChange={(event) => setQ(event.target.value)}
      />
      {q.trim() !== '' && (
        <ListGroup className="mt-1">
          {(matches.data?.data ?? [])
            .filter((product) => !chosen.includes(product.id))
            .map((product) => (
              <ListGroup.Item key={product.id} className="d-flex align-items-center gap-2">
                <Thumb src={product.images[0]} />
                <span className="me-auto">{product.name}</span>
                <Button
                  size="sm"
                  variant="outline-primary"
                  aria-label={`Add ${product.name}`}
                  onClick={() => set([...chosen, product.id])}
                >
                  Add
                </Button>
              </ListGroup.Item>
            ))}
        </ListGroup>
      )}
    </div>
  );
}
