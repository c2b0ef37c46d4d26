import type { CartItem } from '@kapaas/contract';
import { Link } from 'react-router';
import { usePopup } from '#storefront/components/popups/PopupProvider.tsx';
import { Price } from '#storefront/components/product/Price.tsx';
import { errorMessage } from '#storefront/lib/api.ts';
import { formatRupees } from '#storefront/lib/money.ts';
import { paths } from '#storefront/lib/paths.ts';
import type { Identity } from '#storefront/lib/session.ts';
import { useChangeCartQuantity, useRemoveCartLine } from '../api/useCartLineChange';

interface CartLineRowProps {
  line: CartItem;
  identity: Identity;
}

/** The quantities a line may be set to: 1..max_quantity, plus the current one when it is now above the stock. */
function quantityChoices(line: CartItem): number[] {
  const choices = Array.from({ length: Math.max(0, line.max_quantity) }, (_, index) => index + 1);
  if (!choices.includes(line.selected_quantity)) choices.push(line.selected_quantity);
  return choices;
}

/**
 * One line of the cart table. A new quantity or a removal is sent first and shown once the server has agreed; if it
 * refuses, the old quantity stays and the server's reason is shown under the line.
 */
export function CartLineRow({ line, identity }: CartLineRowProps) {
  const popup = usePopup();
  const change = useChangeCartQuantity();
  const remove = useRemoveCartLine();
  const ref = { identity, product_id: line.product_id, size: line.size_id };
  const label = `${line.name}, size ${line.selected_size_name}`;
  const busy = change.isPending || remove.isPending;
  const failure = change.error ?? remove.error;
  const errorId = `cart-line-error-${line.product_id}-${line.size_id}`;

  const setQuantity = (quantity: number) => {
    remove.reset();
    change.mutate({ ...ref, quantity });
  };

  const removeLine = () => {
    change.reset();
    remove.mutate(ref, { onSuccess: (answer) => popup.success(answer.message) });
  };

  return (
    <tr className={`cart-line${line.available ? '' : ' cart-line--unavailable'}`}>
      <td className="cart-line__product">
        <Link to={paths.product(line.product_id, line.name)} className="cart-line__media">
          <img src={line.product_image} alt={line.name} width={96} height={96} loading="lazy" decoding="async" />
        </Link>
        <div>
          <Link to={paths.product(line.product_id, line.name)} className="cart-line__name">
            {line.name}
          </Link>
          {!line.available && (
            <p className="cart-line__unavailable">
              <span className="cart-line__flag">Unavailable</span> {line.unavailable_reason}
            </p>
          )}
          {line.fit_warning && <p className="cart-line__fit">Check the size: {line.fit_warning}</p>}
          {failure && (
            <p className="cart-line__error" role="alert" id={errorId}>
              {errorMessage(failure)}
            </p>
          )}
        </div>
      </td>
      <td className="cart-line__size" data-label="Size">
        {line.selected_size_name}
      </td>
      <td className="cart-line__quantity" data-label="Quantity">
        <select
          className="form-select form-select-sm"
          aria-label={`Quantity of ${label}`}
          aria-describedby={failure ? errorId : undefined}
          // The confirmed quantity: a change shows only once the server has agreed (product.md §4).
          value={line.selected_quantity}
          disabled={busy || line.max_quantity === 0}
          onChange={(event) => setQuantity(Number(event.target.value))}
        >
          {quantityChoices(line).map((quantity) => (
            <option key={quantity} value={quantity} disabled={quantity > line.max_quantity}>
              {quantity}
            </option>
          ))}
        </select>
      </td>
      <td className="cart-line__price" data-label="Price">
        <Price price={line.price} discountPrice={line.discount_price} />
      </td>
      <td className="cart-line__total" data-label="Total">
        {change.isPending ? <span className="text-body-secondary">Updating…</span> : formatRupees(line.total)}
      </td>
      <td className="cart-line__remove">
        <button
          type="button"
          className="btn btn-outline-secondary btn-sm"
          onClick={removeLine}
          disabled={busy}
          aria-label={`${remove.isPending ? 'Removing' : 'Remove'} ${label}`}
        >
          {remove.isPending ? 'Removing…' : 'Remove'}
        </button>
      </td>
    </tr>
  );
}
