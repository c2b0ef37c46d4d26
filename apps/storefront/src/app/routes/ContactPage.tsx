import { PageHeading } from '../../components/PageHeading';
import { ContactForm } from '../../features/contact/components/ContactForm';
import { ShopAddress } from '../../features/contact/components/ShopAddress';

/** /contact: the contact form and the shop's address and phone (product.md §2, §5). */
export function ContactPage() {
  return (
    <div className="container page">
      <PageHeading>Contact Us</PageHeading>
      <p className="lead mb-4">
        A question about sizes, fabrics, an order or a gift? Write to us and a real person in Jaipur will answer.
      </p>
      <div className="row g-4">
        <div className="col-lg-7">
          <ContactForm />
        </div>
        <div className="col-lg-5">
          <ShopAddress />
        </div>
      </div>
    </div>
  );
}
