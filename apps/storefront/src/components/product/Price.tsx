import { formatRupees } from '../../lib/money';

interface PriceProps {
  /** The regular price in rupees. */
  price: number;
  /** The sale price in rupees; 0 means the product is not discounted. */
  discountPrice: number;
  className?: string;
}

/** The price a shopper pays, with the regular price struck through beside it only when there is a discount. */
export function Price({ price, discountPrice, className = '' }: PriceProps) {
  const discounted = discountPrice > 0;
  return (
    <p className={`price ${className}`.trim()}>
      <span className="visually-hidden">Price: </span>
      <span className="price__current">{formatRupees(discounted ? discountPrice : price)}</span>
      {discounted && (
        <>
          <span className="visually-hidden">, regular price: </span>
          <s className="price__original">{formatRupees(price)}</s>
        </>
      )}
    </p>
  );
}
