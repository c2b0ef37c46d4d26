import type { ProductDetail } from '@kapaas/contract';
import { type KeyboardEvent, memo, useId, useState } from 'react';
import { SafeHtml } from '#storefront/components/SafeHtml.tsx';

const TABS = [
  { key: 'product_details', title: 'Product Detail' },
  { key: 'description', title: 'Description' },
  { key: 'wash_care', title: 'Wash Care' },
] as const;

/**
 * The tabs Product Detail / Description / Wash Care (product.md §2); the texts keep the line breaks they were written
 * with. The ARIA tabs pattern by hand (arrows, Home and End move between the tabs), in Bootstrap's nav-tabs classes:
 * react-bootstrap's Tabs weighed about 2 KB gzipped in the product page's first script, which is at its budget.
 * Memoized: the product page re-renders on each size tap, which changes nothing here.
 */
export const ProductInfoTabs = memo(function ProductInfoTabs({ product }: { product: ProductDetail }) {
  const id = useId();
  const [active, setActive] = useState(0);
  const tabId = (i: number) => `${id}-tab-${i}`;
  const onKeyDown = (event: KeyboardEvent) => {
    const last = TABS.length - 1;
    const next = { ArrowRight: active + 1, ArrowLeft: active - 1, Home: 0, End: last }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const to = next > last ? 0 : next < 0 ? last : next;
    setActive(to);
    document.getElementById(tabId(to))?.focus();
  };
  const html = product[TABS[active]?.key ?? 'product_details'];
  return (
    <section className="product-info-tabs" aria-label="About this product">
      <div className="nav nav-tabs product-info-tabs__nav" role="tablist" tabIndex={-1} onKeyDown={onKeyDown}>
        {TABS.map((tab, i) => (
          <button
            key={tab.key}
            type="button"
            role="tab"
            id={tabId(i)}
            className={`nav-link${i === active ? ' active' : ''}`}
            aria-selected={i === active}
            aria-controls={`${id}-panel`}
            tabIndex={i === active ? 0 : -1}
            onClick={() => setActive(i)}
          >
            {tab.title}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={tabId(active)}>
        {html.trim() === '' ? (
          <p className="product-info-tabs__text text-body-secondary">Nothing to add here for this product.</p>
        ) : (
          <SafeHtml className="product-info-tabs__text" html={html} />
        )}
      </div>
    </section>
  );
});
