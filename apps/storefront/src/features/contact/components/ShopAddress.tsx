import '../contact.css';
import { SHOP_CONTACT } from '../shopContact';

/** The shop's address, phone and hours, beside the contact form. */
export function ShopAddress() {
  return (
    <section className="shop-address" aria-labelledby="shop-address-title">
      <h2 id="shop-address-title" className="h4">
        Visit or call us
      </h2>
      <address className="mb-3">
        <strong>{SHOP_CONTACT.name}</strong>
        {SHOP_CONTACT.streetLines.map((line) => (
          <span key={line} className="d-block">
            {line}
          </span>
        ))}
        <span className="d-block">{SHOP_CONTACT.regionLine}</span>
      </address>
      <p className="mb-1">
        Phone: <a href={SHOP_CONTACT.phoneHref}>{SHOP_CONTACT.phoneDisplay}</a>
      </p>
      <p className="shop-address__hours">{SHOP_CONTACT.hours}</p>
      <p className="mb-0">We reply to every message within two business days.</p>
    </section>
  );
}
