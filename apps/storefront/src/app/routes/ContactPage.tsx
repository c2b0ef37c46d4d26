import type { MetaArgs } from 'react-router';
import { PageHeading } from '../../components/PageHeading';
import { ContactForm } from '../../features/contact/components/ContactForm';
import { ShopAddress } from '../../features/contact/components/ShopAddress';
import { paths } from '../../lib/paths';
import { pageMeta } from '../seo/pageMeta';
import { type PageData, staticLoader } from '../server/pageLoaders';

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

export const loader = staticLoader(
  paths.contact,
  'Contact Us | Kapaas',
  'Write to Kapaas about sizes, fabrics, an order or a gift.',
);

export const meta = ({ loaderData }: MetaArgs<() => PageData>) =>
  pageMeta(loaderData?.seo ?? { title: 'Contact Us | Kapaas' });

export default ContactPage;
