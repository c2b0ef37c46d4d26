import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { jhabla, romper, swaddle } from '#storefront/test/fixtures.ts';
import { ProductCard } from './ProductCard';

function renderCard(product: Parameters<typeof ProductCard>[0]['product']) {
  return render(
    <MemoryRouter>
      <ProductCard product={product} />
    </MemoryRouter>,
  );
}

describe('ProductCard', () => {
  it('shows the discount price and strikes through the regular price when discounted', () => {
    renderCard(jhabla);

    expect(screen.getByRole('heading', { name: 'Organic Cotton Jhabla – Leaf Print' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Organic Cotton Jhabla – Leaf Print' })).toHaveAttribute(
      'src',
      '/media/demo/jhabla-leaf.svg',
    );
    expect(screen.getByText('₹749')).toBeInTheDocument();
    expect(screen.getByText('₹899').tagName).toBe('S');
    expect(screen.getByRole('link', { name: /shop now/i })).toHaveAttribute(
      'href',
      '/product-detail/11-organic-cotton-jhabla-leaf-print',
    );
  });

  it('shows only the regular price, not struck through, when discount_price is 0', () => {
    const { container } = renderCard(romper);

    expect(screen.getByText('₹1,299').tagName).not.toBe('S');
    expect(screen.queryByText(/regular price/)).not.toBeInTheDocument();
    expect(container.querySelector('s')).toBeNull();
  });

  it('marks a product that is sold out', () => {
    renderCard(swaddle);

    expect(screen.getByText('Sold out')).toBeInTheDocument();
  });
});
