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

  it('shows small stars with the average and the count of reviews', () => {
    renderCard(jhabla);

    const stars = screen.getByRole('img', { name: 'Rated 4.3 out of 5, 12 reviews' });
    expect(stars).toHaveTextContent('4.3(12)');
  });

  it('shows no stars for a product without reviews', () => {
    renderCard(romper);

    expect(screen.queryByRole('img', { name: /Rated/ })).not.toBeInTheDocument();
    expect(screen.queryByText('(0)')).not.toBeInTheDocument();
  });

  it('marks a product that is sold out', () => {
    renderCard(swaddle);

    expect(screen.getByText('Sold out')).toBeInTheDocument();
  });
});
