import { ProductCard, type ProductCardProduct } from './ProductCard';

interface ProductGridProps {
  products: readonly ProductCardProduct[];
  headingLevel?: 'h2' | 'h3';
}

/** Product cards in a responsive grid: four across on wide screens, two on phones. */
export function ProductGrid({ products, headingLevel = 'h2' }: ProductGridProps) {
  return (
    <ul className="row row-cols-2 row-cols-md-3 row-cols-xl-4 g-3 g-md-4 list-unstyled">
      {products.map((product) => (
        <li className="col" key={product.product_id}>
          <ProductCard product={product} headingLevel={headingLevel} />
        </li>
      ))}
    </ul>
  );
}
