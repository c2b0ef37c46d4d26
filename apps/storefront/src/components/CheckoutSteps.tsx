import './checkoutSteps.css';

const STEPS = ['SHOPPING CART', 'BILLING ADDRESS', 'PAYMENT DETAIL'] as const;

interface CheckoutStepsProps {
  /** The step the shopper is on: 1 cart, 2 billing address, 3 payment. */
  current: 1 | 2 | 3;
}

/** The steps bar of the cart and billing pages (product.md §2): where the shopper is on the way to paying. */
export function CheckoutSteps({ current }: CheckoutStepsProps) {
  return (
    <nav aria-label="Checkout steps" className="checkout-steps">
      <ol className="checkout-steps__list">
        {STEPS.map((step, index) => {
          const number = index + 1;
          const state = number < current ? 'done' : number === current ? 'current' : 'next';
          return (
            <li
              key={step}
              className={`checkout-steps__step checkout-steps__step--${state}`}
              aria-current={state === 'current' ? 'step' : undefined}
            >
              <span className="checkout-steps__number" aria-hidden="true">
                {state === 'done' ? '✓' : number}
              </span>
              <span className="checkout-steps__label">{step}</span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
