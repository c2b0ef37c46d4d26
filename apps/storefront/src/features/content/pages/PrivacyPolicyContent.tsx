import { Link } from 'react-router';
import { POLICY } from '../policies';
import '../content.css';
import { paths } from '#storefront/lib/paths.ts';

/** /privacy-policy text; it says children under 13 are not served (product.md §9). */
export function PrivacyPolicyContent() {
  return (
    <div className="prose">
      <p className="prose__updated">Last updated: November 2026</p>
      <p className="prose__lead">
        We collect only what we need to deliver your order and look after you, and we never sell it.
      </p>

      <h2>What we collect</h2>
      <ul>
        <li>Your name, e-mail address and mobile number, when you register, check out or write to us.</li>
        <li>Delivery addresses you save, and the orders you place.</li>
        <li>Your wishlist and cart, so they are waiting for you when you come back.</li>
        <li>Your e-mail address, if you subscribe to our newsletter.</li>
      </ul>
      <p>Card and UPI payments are handled by our payment provider. We never see or store your card number.</p>

      <h2>Cookies</h2>
      <p>
        We use one essential session cookie to keep you signed in and remember your cart. We do not use advertising or
        cross-site tracking cookies.
      </p>

      <h2>How we use your information</h2>
      <ul>
        <li>To process, ship and support your orders, returns and refunds.</li>
        <li>To answer your messages and, if you asked for it, to send our newsletter.</li>
        <li>To keep the shop secure and prevent fraud.</li>
      </ul>

      <h2>Who we share it with</h2>
      <p>
        Only with the partners who help us serve you: our courier partners (your name, address and phone, to deliver
        your parcel) and our payment provider (to take your payment). We do not sell or rent your information to anyone.
      </p>

      <h2>How long we keep it</h2>
      <p>
        We keep order records for as long as tax law requires, and other information only while your account is active
        or you remain subscribed.
      </p>

      <h2>Your choices</h2>
      <p>
        You can view and update your profile and addresses at any time from your account. To receive a copy of your
        data, or to have it deleted, write to us through our <Link to={paths.contact}>contact page</Link>. You can
        unsubscribe from the newsletter from any newsletter e-mail.
      </p>

      <h2>Children’s privacy</h2>
      <p>
        Kapaas makes clothing for children, but our shop is meant for adults. We do not serve children under{' '}
        {POLICY.childAge} and do not knowingly collect personal information from them. If you believe a child has shared
        information with us, please contact us and we will delete it. Buying from Kapaas requires you to be at least{' '}
        {POLICY.minimumBuyerAge}.
      </p>

      <h2>Security</h2>
      <p>
        Your password is stored only in a scrambled (hashed) form, and our site is served over an encrypted connection.
        No system is perfectly secure, but we take care to protect what you entrust to us.
      </p>

      <h2>Changes to this policy</h2>
      <p>If we change this policy, we will update this page and the date at the top.</p>
    </div>
  );
}
