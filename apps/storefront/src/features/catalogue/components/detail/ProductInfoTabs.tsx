import type { ProductDetail } from '@kapaas/contract';
import Tab from 'react-bootstrap/Tab';
import Tabs from 'react-bootstrap/Tabs';
import { SafeHtml } from '#storefront/components/SafeHtml.tsx';

/** The tabs Product Detail / Description / Wash Care (product.md §2); the texts keep the line breaks they were written with. */
export function ProductInfoTabs({ product }: { product: ProductDetail }) {
  const tabs = [
    { key: 'details', title: 'Product Detail', html: product.product_details },
    { key: 'description', title: 'Description', html: product.description },
    { key: 'wash-care', title: 'Wash Care', html: product.wash_care },
  ];
  return (
    <section className="product-info-tabs" aria-label="About this product">
      <Tabs
        defaultActiveKey="details"
        mountOnEnter
        unmountOnExit
        id={`product-${product.product_id}-tabs`}
        className="product-info-tabs__nav"
      >
        {tabs.map((tab) => (
          <Tab key={tab.key} eventKey={tab.key} title={tab.title}>
            {tab.html.trim() === '' ? (
              <p className="product-info-tabs__text text-body-secondary">Nothing to add here for this product.</p>
            ) : (
              <SafeHtml className="product-info-tabs__text" html={tab.html} />
            )}
          </Tab>
        ))}
      </Tabs>
    </section>
  );
}
