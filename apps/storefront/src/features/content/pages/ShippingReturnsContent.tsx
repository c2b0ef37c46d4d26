import { Link } from 'react-router';
import { POLICY } from '../policies';
import '../content.css';
import { paths } from '#storefront/lib/paths.ts';

/**
 * /shipping-returns. product.md §2 names a heading only; a bare heading is a dead end for a shopper who followed the
 * footer link, so it summarises the two policies and links to them.
 */
export function ShippingReturnsContent() {
  return (
    <div className="prose">
      <ul className="policy-summary">
        <li>
          <strong>{POLICY.processingDays} business days</strong>
          to pack and dispatch your order
        </li>
        <li>
          <strong>{POLICY.standardShippingDays} business days</strong>
          for standard delivery across India
        </li>
        <li>
          <strong>{POLICY.refundWindowDays} days</strong>
          to ask for a return after delivery
        </li>
        <li>
          <strong>{POLICY.damageReportHours} hours</strong>
          to tell us about a damaged or wrong item
        </li>
      </ul>
      <p>
        Read the details in our <Link to={paths.shippingPolicy}>Shipping Policy</Link> and our{' '}
        <Link to={paths.refundPolicy}>Refund Policy</Link>.
      </p>
    </div>
  );
}
