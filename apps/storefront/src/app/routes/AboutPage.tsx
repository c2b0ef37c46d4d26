import { PageHeading } from '../../components/PageHeading';

/** /about: the brand story, mission and vision (spec §2). */
export function AboutPage() {
  return (
    <div className="container page">
      <PageHeading>About Us</PageHeading>
    </div>
  );
}
