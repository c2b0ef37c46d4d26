import { Link } from 'react-router';
import { POLICY } from '../policies';
import '../content.css';
import { paths } from '#storefront/lib/paths.ts';

/** /terms-conditions text; a buyer must be at least 18 (product.md §9). */
export function TermsConditionsContent() {
  return (
    <div className="prose">
      <p className="prose__updated">Last updated: November 2026</p>
      <p className="prose__lead">
        These terms apply to everyone who browses or buys from the Kapaas online shop, run by Kapaas Organics, Jaipur.
        By placing an order you agree to them.
      </p>

      <h2>Who can buy</h2>
      <p>
        You must be at least {POLICY.minimumBuyerAge} years old to place an order. Our clothes are made for children,
        but our shop is for the grown-ups who care for them.
      </p>

      <h2>Your account</h2>
      <p>
        You may shop with an account or as a guest. Keep your password private; you are responsible for orders placed
        from your account. Tell us straight away if you think someone else has used it.
      </p>

      <h2>Products and colours</h2>
      <p>
        We describe and photograph every product as faithfully as we can. Our fabrics are dyed with natural colours such
        as haldi, indigo and madder and printed by hand, so shades and prints vary slightly from piece to piece. Please
        check the size guide in each product description before you order.
      </p>

      <h2>Prices and payment</h2>
      <p>
        Prices are in Indian rupees (₹) and include applicable taxes. Payment is taken securely by our payment provider
        when you place your order; we never see or store your card details. Coupons apply only within their stated
        conditions and cannot be exchanged for cash.
      </p>

      <h2>Orders</h2>
      <p>
        An order is accepted once your payment is confirmed. If an item turns out to be unavailable after you have paid,
        we will tell you and refund that item in full.
      </p>

      <h2>Shipping, returns and refunds</h2>
      <p>
        Delivery times are set out in our <Link to={paths.shippingPolicy}>Shipping Policy</Link>, and returns and
        refunds in our <Link to={paths.refundPolicy}>Refund Policy</Link>. Both form part of these terms.
      </p>

      <h2>Our content</h2>
      <p>
        The designs, prints, photographs and text on this site belong to Kapaas and its artisans. Please do not copy
        them for commercial use without our written permission.
      </p>

      <h2>Liability</h2>
      <p>
        Our liability for any order is limited to the amount you paid for it, except where the law does not allow such a
        limit. Nothing in these terms affects your rights under the Consumer Protection Act, 2019.
      </p>

      <h2>Governing law</h2>
      <p>
        These terms are governed by the laws of India, and the courts of Jaipur, Rajasthan, have jurisdiction over any
        dispute.
      </p>

      <h2>Changes</h2>
      <p>
        We may update these terms from time to time. The version on this page when you place an order is the one that
        applies to it. Questions are always welcome on our <Link to={paths.contact}>contact page</Link>.
      </p>
    </div>
  );
}
