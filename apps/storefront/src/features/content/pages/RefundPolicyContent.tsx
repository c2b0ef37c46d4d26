import { Link } from 'react-router';
import { POLICY } from '../policies';
import '../content.css';
import { paths } from '#storefront/lib/paths.ts';

/** /refund-policy text, with the refund window and processing time of product.md §9. */
export function RefundPolicyContent() {
  return (
    <div className="prose">
      <p className="prose__updated">Last updated: November 2026</p>
      <p className="prose__lead">
        We want you to love what you bought for your little one. If something is not right, we will make it right.
      </p>

      <h2>Returns within {POLICY.refundWindowDays} days</h2>
      <p>
        You may ask to return an item within {POLICY.refundWindowDays} days of delivery. To keep every piece safe for a
        baby’s skin, returned items must be unworn, unwashed and in their original packaging with the tags attached. We
        cannot accept items that have been worn or washed, unless they arrived damaged.
      </p>

      <h2>Damaged, defective or wrong items</h2>
      <p>
        If an item arrives damaged or defective, or you received the wrong product or size, please report it within{' '}
        {POLICY.damageReportHours} hours of delivery with photos of the item and its packaging. We will replace it or
        refund it in full, including any shipping charge, and arrange the pickup at no cost to you.
      </p>
      <p>
        Because our fabrics are dyed with plants and printed by hand, small variations in colour and print from the
        photos are part of their nature and not a defect.
      </p>

      <h2>How to ask for a return</h2>
      <ul>
        <li>
          Write to us through the <Link to={paths.contact}>contact page</Link> with your order ID, the item and the
          reason.
        </li>
        <li>We will confirm within two business days and arrange a pickup where our courier partners serve.</li>
        <li>Where pickup is not available, we will share our address so you can send the item back.</li>
      </ul>

      <h2>Refunds</h2>
      <p>
        Once we receive and check the returned item, your refund is processed within {POLICY.refundProcessingDays}{' '}
        business days to the original payment method. Your bank or card provider may take a few more days to show it on
        your statement.
      </p>

      <h2>Cancellations</h2>
      <p>
        You can cancel an order before it is dispatched for a full refund. Once it has shipped, please wait for it to
        arrive and request a return instead.
      </p>
    </div>
  );
}
