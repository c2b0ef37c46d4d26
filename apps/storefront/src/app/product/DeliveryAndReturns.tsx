import type { ProductDetail } from '@kapaas/contract';
import { DeliveryCheck } from '../../features/delivery/components/DeliveryCheck';
import { ReturnRuleNote } from '../../features/returns/components/ReturnRuleNote';

/**
 * Below a product's buying controls: the delivery check, then what the product's return rule allows (ADR 058). One
 * module loaded apart from the page's first files, its HTML sent with the page: the product page's first scripts are
 * at their budget, so the return rule costs them nothing (a default export, for `lazy` without a wrapper).
 */
export default function DeliveryAndReturns({ product }: { product: ProductDetail }) {
  return (
    <>
      <DeliveryCheck productId={product.product_id} />
      <ReturnRuleNote rule={product.return_rule} className="mt-3" />
    </>
  );
}
