import { Link } from 'react-router';
import { POLICY } from '../policies';
import '../content.css';
import { paths } from '#storefront/lib/paths.ts';

/** /shipping-policy text, with the processing and delivery times of product.md §9. */
export function ShippingPolicyContent() {
  return (
    <div className="prose">
      <p className="prose__updated">Last updated: November 2026</p>
      <p className="prose__lead">
        Every Kapaas order is checked, folded and packed by hand in Jaipur, in recycled paper with no plastic.
      </p>

      <h2>Order processing</h2>
      <p>
        Orders are processed in {POLICY.processingDays} business days (Monday to Saturday, except public holidays).
        During sales and festive seasons it may take a little longer; we will write to you if your order is delayed.
      </p>

      <h2>Delivery times</h2>
      <p>
        We ship across India with trusted courier partners. Standard shipping takes {POLICY.standardShippingDays}{' '}
        business days from dispatch; remote areas and some pin codes in the North East, Jammu and Kashmir, Ladakh, and
        the Andaman and Nicobar Islands may need a few extra days. We do not ship outside India at present.
      </p>

      <h2>Shipping charges</h2>
      <p>
        Any shipping charge is shown in your order summary before you pay. When no charge applies, the summary shows
        shipping as Free.
      </p>

      <h2>Tracking your order</h2>
      <p>
        Once your parcel leaves us, you will find its status under <Link to={paths.orders}>My Orders</Link>. Please make
        sure your address, pin code and phone number are correct, as couriers call before delivering.
      </p>

      <h2>Damaged or missing parcels</h2>
      <p>
        If your parcel arrives damaged, or something is missing or wrong, please tell us within{' '}
        {POLICY.damageReportHours} hours of delivery, with a photo of the parcel and the item. We will send a
        replacement or refund you in full, as our <Link to={paths.refundPolicy}>Refund Policy</Link> explains.
      </p>

      <h2>Undelivered orders</h2>
      <p>
        If a courier cannot deliver after repeated attempts, the parcel comes back to us. We will contact you to arrange
        a fresh dispatch or a refund of the item price.
      </p>
    </div>
  );
}
