import { PageHeading } from '../../components/PageHeading';

/** /shoping-cart: the cart with its totals (spec §2, Cart). */
export function CartPage() {
  return (
    <div className="container page">
      <PageHeading>Shopping Cart</PageHeading>
    </div>
  );
}
