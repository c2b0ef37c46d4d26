import type { ProductDetail } from '@kapaas/contract';
import { DeliveryCheck } from '../../features/delivery/components/DeliveryCheck';

/**
 * Below a product's buying controls: the delivery check, then what the product's return rule allows (ADR 058): the
 * rule and its reason, nothing for a returnable product. One module loaded apart from the page's first files, its HTML
 * sent with the page: the product page's first scripts are at their budget. The note is written here rather than
 * imported from the returns feature (whose return form shows the same words): a module shared with the return form
 * would be a chunk of its own, and its name in this module's preload list costs the first scripts about 24 bytes.
 */
export default function BuyingTerms({ product }: { product: ProductDetail }) {
  const rule = product.return_rule;
  return (
    <>
      <DeliveryCheck productId={product.product_id} />
      {rule.kind !== 'returnable' && (
        <p className="small mt-3">
          <strong>{rule.kind === 'final_sale' ? 'Final sale' : 'Exchange only'}:</strong> {rule.reason}
        </p>
      )}
    </>
  );
}
